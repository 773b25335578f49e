#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Simplified Chinese) from Simplified Chinese documentation that a
# Debian 12 (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships it
# (names unchanged, one folder per package), from eight packages that no other set uses:
# the ten content pages of "Guide for Debian Maintainers" in Simplified Chinese, 《Debian 维护者指南》, as DocBook XSL
# HTML, one page per chapter (debmake-doc/: pr01 (preface), ch01 (overview), ch02 (prerequisites), ch03 (tool
# setup), ch04 (a simple example), ch05 (basics: names and versions, debian/rules, control, changelog, copyright,
# patches, watch, multiarch, hardening, debconf, libraries; the largest page, 85 KB of text), ch06 (debmake
# options), ch07 (tips: debdiff, dput, gbp, dgit, chroot, new upstream versions, UTF-8, debugging), ch08 (more
# examples, largely command output) and apa (the debmake(1) manual page) .zh-cn.html) (package debmake-doc 1.17-7,
# from /usr/share/doc/debmake-doc/html);
# 25 HTML pages of the Simplified Chinese translation of the Securing Debian Manual, 《Debian安全指南》 (Publican
# HTML, only partly translated: many paragraphs are still English), chosen among its 89 zh-CN pages for having a
# page or more of Chinese (harden-doc/: intro, ch02 (before you begin), ch03 (before and during installation: BIOS
# password), ch03s02 (partitioning), ch03s03 (do not connect before ready), ch03s05 (running the minimum of
# services, inetd), bios-boot, ch04 (after installation), ch04s11 (user access: PAM, su, sudo, login.defs,
# password generation, idle users), ch04s16 (secure file transfer), ch04s17 (quotas, chattr, integrity checks),
# log-alerts (logcheck, loghosts), ch05s04 (X access), ch05s05 (printing), ch05s06 (mail), ch07s04 (the security
# build infrastructure), sec-tools (security tools), gpg-agent, periodic-integrity, intrusion-detect, ch10s04
# (root-kits), ch10s05 (paranoid ideas, honeypots), ch12 (the FAQ: system users and groups, open ports, lost root
# password), apb (step-by-step hardening) and checklist .html) (package harden-doc 3.19+nmu1, from
# /usr/share/doc/harden-doc/html/zh-CN);
# and the Simplified Chinese user manuals, in Markdown, of six applications of the Deepin desktop (from
# /usr/share/deepin-manual/manual-assets/application/<app>/<name>/zh_CN/): deepin-terminal/terminal.md (package
# deepin-terminal 5.9.40+dfsg-1), deepin-music/music.md (package deepin-music 6.2.18-1+b1), dde-calendar/calendar.md
# (package dde-calendar 5.9.1-3+b1), deepin-calculator/calculator.md (package deepin-calculator 5.7.21-1),
# deepin-log-viewer/log-viewer.md (package deepin-log-viewer 5.9.7+ds1-2) and deepin-album/album.md (package
# deepin-album 5.9.1+dfsg-1).
# Left out: changelogs, copyright files, images, CSS and scripts; debmake-doc's index.zh-cn.html (the table of
# contents), debmake-doc.zh-cn.pdf and debmake-doc.zh-cn.txt.gz (the same guide again as one PDF and one text file),
# its zh-tw pages (the same guide in Traditional Chinese) and its other languages;
# harden-doc's zh-CN index.html (the table of contents) and its other 63 zh-CN pages, whose text is mostly or all
# English (among them ch04s10, firewall-setup, sec-bind, chroot-ssh-env, deb-pack-sign, security-update and
# changelog_history), and its other languages; the Deepin manuals' zh_HK and zh_TW versions (the same manuals in
# Traditional Chinese) and en_US versions, their SVG and PNG figures, deepin-terminal's s_terminal.md (a variant of
# terminal.md that differs only in wording), and the files these packages pull in (Qt 5, the Deepin Tool Kit
# libraries and so on, about a hundred packages, none with documentation in Chinese). Every package that another
# set uses is left aside (see the other sets' build-corpus.sh headers).
# Needs the packages debmake-doc, harden-doc, deepin-terminal, deepin-music, dde-calendar, deepin-calculator,
# deepin-log-viewer and deepin-album, installed for this set with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 \
#   debmake-doc harden-doc deepin-terminal deepin-music dde-calendar deepin-calculator deepin-log-viewer deepin-album
# (109 packages in all with their dependencies; none of the eight was installed here before).
# Then: python3 evals/datasets/bundled/zh-manuals-9/check-gold.py; npm run eval -- evals/datasets/bundled/zh-manuals-9
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
d=$doc/debmake-doc/html
put debmake-doc "$d"/{pr01,ch01,ch02,ch03,ch04,ch05,ch06,ch07,ch08,apa}.zh-cn.html
h=$doc/harden-doc/html/zh-CN
put harden-doc "$h"/{intro,ch02,ch03,ch03s02,ch03s03,ch03s05,bios-boot,ch04,ch04s11,ch04s16,ch04s17}.html \
  "$h"/{log-alerts,ch05s04,ch05s05,ch05s06,ch07s04,sec-tools,gpg-agent,periodic-integrity,intrusion-detect}.html \
  "$h"/{ch10s04,ch10s05,ch12,apb,checklist}.html
m=/usr/share/deepin-manual/manual-assets/application
put deepin-terminal "$m"/deepin-terminal/terminal/zh_CN/terminal.md
put deepin-music "$m"/deepin-music/music/zh_CN/music.md
put dde-calendar "$m"/dde-calendar/calendar/zh_CN/calendar.md
put deepin-calculator "$m"/deepin-calculator/calculator/zh_CN/calculator.md
put deepin-log-viewer "$m"/deepin-log-viewer/log-viewer/zh_CN/log-viewer.md
put deepin-album "$m"/deepin-album/album/zh_CN/album.md
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
