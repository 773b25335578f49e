#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Chinese) from the Simplified Chinese documentation that a
# Debian (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships it
# (gzipped files stay gzipped, names unchanged, one folder per package):
# six chapters of the Debian Reference as HTML (debian-reference/: ch02 (Debian package management), ch03 (system
# initialisation), ch04 (authentication and access controls), ch05 (network setup), ch06 (network applications) and
# ch10 (data management) .zh-cn.html) (package debian-reference-zh-cn 2.100, installed under
# /usr/share/debian-reference); the 16 content pages of the Debian FAQ as HTML (debian-faq/: basic-defs, choosing,
# compatibility, contributing, customizing, faqinfo, ftparchives, getting-debian, kernel, nextrelease, pkg-basics,
# pkgtools, redistributing, software, support and uptodate .zh-cn.html) (package debian-faq-zh-cn 11.1, installed
# under /usr/share/doc/debian/FAQ/zh-cn); the nine chapter pages and the appendix of the Debian New Maintainers'
# Guide as HTML (maint-guide/: start, first, modify, dreq, dother, build, checkit, upload, update and advanced
# .zh-cn.html) and the whole guide as a PDF, maint-guide.zh-cn.pdf (package maint-guide-zh-cn 1.2.53); and, from the
# Chinese man pages project, its gzipped FAQ.gz and Markdown README.md.gz and 26 Chinese man pages as gzipped roff,
# their paths under /usr/share/man kept (manpages-zh/zh_CN/man1/: tar, ls, cp, find, grep, gzip, diff, date, dd,
# at, ssh, systemctl, journalctl, loginctl, hostnamectl and xargs .1.gz; man5/: journald.conf, logind.conf and
# os-release .5.gz; man7/: file-hierarchy and glob .7.gz; man8/: fdisk, fsck, mkswap, ping and shutdown .8.gz)
# (package manpages-zh 1.6.4.0-1).
# Changelogs, copyright files, images and style sheets (debian.css, images/*.png) are left out, and so are: the
# other chapters of the Debian Reference (pr01 (preface), ch01 (GNU/Linux tutorials), ch07 (GUI system), ch08 (I18N
# and L10N), ch09 (system tips), ch11 (data conversion), ch12 (programming), apa (appendix) and index.zh-cn.html (the
# table of contents)), its debian-reference.zh-cn.txt.gz and debian-reference.zh-cn.pdf (the whole reference again
# as plain text and as a PDF, 0.8 MB and 1.4 MB) and the English README.md.gz of debian-reference-zh-cn; the Debian
# FAQ's index.zh-cn.html (its table of contents), debian-faq.zh-cn.txt.gz (the same FAQ as plain text) and
# debian-faq.zh-cn.pdf.gz (a one-page English notice that no PDF exists for this language); the maintainers' guide's
# index.zh-cn.html (its table of contents) and maint-guide.zh-cn.txt.gz (the same guide as plain text); manpages-zh's
# VOCABULARY.gz (a glossary of translated terms), THANKS (names) and banner1.gif, and its other 677 Chinese man
# pages (tools not described elsewhere here, many of them old or partly untranslated, and the pages of library
# calls, Tcl/Tk and PostgreSQL), among them man1/sed.1.gz (sed is a tool of the dev data,
# ../shared/datasets/manuals-dev); man1/man.1.gz, which in zh_CN belongs to the package man-db, not manpages-zh; and
# the English files of debian-reference-common (pulled in by debian-reference-zh-cn).
# Needs the packages debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn and manpages-zh with their docs
# (apt-get install --no-install-recommends debian-reference-zh-cn debian-faq-zh-cn maint-guide-zh-cn manpages-zh;
# installed for this set).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
r=/usr/share/debian-reference
put debian-reference "$r"/{ch02,ch03,ch04,ch05,ch06,ch10}.zh-cn.html
f=$doc/debian/FAQ/zh-cn
put debian-faq "$f"/{basic-defs,choosing,compatibility,contributing,customizing,faqinfo,ftparchives}.zh-cn.html \
  "$f"/{getting-debian,kernel,nextrelease,pkg-basics,pkgtools,redistributing,software,support,uptodate}.zh-cn.html
g=$doc/maint-guide-zh-cn
put maint-guide "$g/html"/{start,first,modify,dreq,dother,build,checkit,upload,update,advanced}.zh-cn.html \
  "$g/maint-guide.zh-cn.pdf"
m=/usr/share/man/zh_CN
put manpages-zh "$doc/manpages-zh/FAQ.gz" "$doc/manpages-zh/README.md.gz"
put manpages-zh/zh_CN/man1 "$m/man1"/{tar,ls,cp,find,grep,gzip,diff,date,dd,at,ssh,systemctl,journalctl}.1.gz \
  "$m/man1"/{loginctl,hostnamectl,xargs}.1.gz
put manpages-zh/zh_CN/man5 "$m/man5"/{journald.conf,logind.conf,os-release}.5.gz
put manpages-zh/zh_CN/man7 "$m/man7"/{file-hierarchy,glob}.7.gz
put manpages-zh/zh_CN/man8 "$m/man8"/{fdisk,fsck,mkswap,ping,shutdown}.8.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
