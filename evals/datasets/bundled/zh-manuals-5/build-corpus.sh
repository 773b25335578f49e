#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Chinese) from Chinese documentation that a Debian 12 (bookworm)
# machine has installed (nothing is downloaded), every file copied exactly as Debian ships it (gzipped files stay
# gzipped, names unchanged, one folder per package), from packages that no other set uses:
# 69 HTML pages of the Simplified Chinese translation of the Debian 12 Installation Guide for 64-bit PC (在 amd64 上安装
# Debian GNU/Linux 12, build 20230508+deb12u1), from /usr/share/doc/installation-guide-amd64/zh_CN
# (installation-guide-amd64/: the preface pr01.html; the section pages ch01s01 … ch01s08 (about Debian, the
# installer, this document), ch02s01 … ch02s05 (supported hardware, firmware, installation media, memory and disk
# space), ch03s01 … ch03s06 (before installing: overview, backups, hardware information and compatibility, minimum
# requirements, partitioning for multi-boot, BIOS/UEFI, Secure Boot, Windows fast startup), ch04s01 … ch04s07
# (installation media: images, mirrors, USB sticks, booting from a hard disk with GRUB, TFTP/PXE with DHCP and BOOTP,
# automatic installation, checksums), ch05s01 … ch05s04 (booting the installer, accessibility, boot parameters,
# troubleshooting), ch06s01 … ch06s05 (using the installer: the components, the partitioner, software RAID, LVM,
# encrypted volumes, apt and tasks, GRUB, network-console over SSH, missing firmware, init systems), ch07s01 …
# ch07s03 (first boot, unlocking encrypted volumes, logging in) and ch08s01 … ch08s06 (shutting down, the package
# system and cron, more documentation, e-mail with exim4, kernels, rescue mode); and the appendix pages apas01 …
# apas05 (the installation howto), apbs01 … apbs05 (preseeding), apcs01 … apcs05 (partitioning: sizes, directory
# tree, recommended schemes, device names, partitioning programs), apds01 … apds05 (devices and mice, disk space per
# task, installing from another Unix/Linux system with debootstrap, PLIP, PPPoE) and apes01 … apes04 (about the
# document, contributing, contributors, trademarks) .html) (package installation-guide-amd64 20230508+deb12u1);
# the gcin user manual, gcin 使用手冊, in Traditional Chinese (gcin/: README.html, AsciiDoc HTML) (package gcin
# 2.9.0+dfsg1-2+b4); the README of the HIME input method, in Traditional Chinese (hime/: README.md.gz, gzipped
# Markdown) (package hime 0.9.11+dfsg-2+b4); and the README of pyim, an Emacs Chinese input method, in Simplified
# Chinese (elpa-pyim/: README.org.gz, gzipped Org) (package elpa-pyim 5.3.0-1).
# Left out: changelogs (gcin's changelog.html.gz among them), NEWS.Debian.gz files, copyright files, images and
# CSS; from the installation guide, index.html (the table of contents), the chapter and appendix opening pages
# ch01 … ch08 and apa … ape .html (each a table of contents with at most a sentence or two of introduction), apf.html
# (the GNU GPL, a licence text), install.zh_CN.txt.gz and install.zh_CN.pdf.gz (the same guide again as one text
# file and one PDF), example-preseed.txt.gz (English), and the guide's 20 other languages; elpa-pyim's README-elpa.gz
# (the same README rendered as plain text) and Development.org (an ASCII-art architecture diagram with a few
# words of Chinese). Also downloaded, listed and left out (not installed): unicon-imc2 (README_cn and RELEASE_cn, 5
# KB in all), zhcon (the manual as TeX, DVI and PostScript, not UTF-8), scim-tables-zh, zh-autoconvert, cconv,
# yiyantang, sunpinyin-utils, ibus-zhuyin, ibus-libzhuyin, libpyzy-1.0-0v5, fcitx5-zhuyin,
# fcitx5-chinese-addons-data, friso, lunar-date, opencc and libopencc-doc (Doxygen API pages), freewnn-cserver,
# fortunes-zh, latex-cjk-common and latex-cjk-chinese (each either a few KB of Chinese at most, or English, or TeX
# sources in Big5 or GB2312, or no documentation at all);
# and every package that another set uses (manpages-zh, debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn,
# debian-edu-doc-zh-cn, debian-edu-doc-legacy-zh-cn, gimp-help-zh-cn, kicad-doc-zh, lilypond-doc-html-zh,
# linuxcnc-doc-zh-cn, debian-handbook, fonts-lxgw-wenkai-doc, python-jieba-doc).
# Needs the packages installation-guide-amd64, gcin, hime and elpa-pyim with their docs, installed for this set one at
# a time with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (gcin brings libgcin, gcin-data and gcin-tables; hime brings libhime, hime-data and hime-tables; elpa-pyim brings
# dh-elpa-helper, elpa-async and elpa-xr; installation-guide-amd64 brings nothing and takes about 31 MB, all its
# languages).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals-5
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
g=$doc/installation-guide-amd64/zh_CN
put installation-guide-amd64 "$g"/pr01.html \
  "$g"/ch01s0{1,2,3,4,5,6,7,8}.html "$g"/ch02s0{1,2,3,4,5}.html "$g"/ch03s0{1,2,3,4,5,6}.html \
  "$g"/ch04s0{1,2,3,4,5,6,7}.html "$g"/ch05s0{1,2,3,4}.html "$g"/ch06s0{1,2,3,4,5}.html "$g"/ch07s0{1,2,3}.html \
  "$g"/ch08s0{1,2,3,4,5,6}.html
put installation-guide-amd64 "$g"/apas0{1,2,3,4,5}.html "$g"/apbs0{1,2,3,4,5}.html "$g"/apcs0{1,2,3,4,5}.html \
  "$g"/apds0{1,2,3,4,5}.html "$g"/apes0{1,2,3,4}.html
put gcin "$doc"/gcin/README.html
put hime "$doc"/hime/README.md.gz
put elpa-pyim "$doc"/elpa-pyim/README.org.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
