#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Traditional Chinese) from the Traditional Chinese documentation
# that a Debian 12 (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships
# it (names unchanged, one folder per package), from two packages that no other set uses:
# the 14 content pages of the Debian Reference in Traditional Chinese, 《Debian 參考手冊》, as HTML, one page per
# chapter (debian-reference-zh-tw/: pr01 (preface), ch01 (GNU/Linux tutorials), ch02 (package management), ch03
# (system initialisation), ch04 (authentication and access controls), ch05 (network setup), ch06 (network
# applications), ch07 (GUI system), ch08 (I18N and L10N), ch09 (system tips), ch10 (data management), ch11 (data
# conversion), ch12 (programming) and apa (appendix) .zh-tw.html) (package debian-reference-zh-tw 2.100, installed
# under /usr/share/debian-reference); and the ten chapter pages of the Debian New Maintainers' Guide in Traditional
# Chinese, 《Debian 新維護者手冊》, as HTML (maint-guide-zh-tw/: start, first, modify, dreq, dother, build, checkit,
# upload, update and advanced .zh-tw.html) (package maint-guide-zh-tw 1.2.53, from
# /usr/share/doc/maint-guide-zh-tw/html).
# These are the Traditional Chinese versions of the two books whose Simplified Chinese versions zh-manuals and
# zh-manuals-2 use (those sets take debian-reference-zh-cn, all its chapters between them, and maint-guide-zh-cn);
# the questions here ask about other sections and topics than theirs (see README.md). Missing zh-tw strings of the
# Debian Reference are filled at build time by converting the zh-cn ones with OpenCC (its README.md says so), so the
# text mixes Taiwan and mainland wording (軟體/軟件, 為/爲).
# Left out: changelogs, copyright files, README.md.gz (English, a symlink into debian-reference-common), images and
# CSS (debian.css, images/*.png); the tables of contents index.zh-tw.html of both books; the Debian Reference's
# debian-reference.zh-tw.txt.gz and debian-reference.zh-tw.pdf and the maintainers' guide's maint-guide.zh-tw.txt.gz
# and maint-guide.zh-tw.pdf (each the same book again as one text file or one PDF); and the English files of
# debian-reference-common (pulled in by debian-reference-zh-tw). No other Debian package ships Traditional Chinese
# documentation that no other set uses (manpages-zh's zh_TW pages and debian-handbook's zh-TW pages belong to
# packages that zh-manuals to zh-manuals-4 use; libreoffice-help-zh-tw is left to the LibreOffice sets).
# Needs the packages debian-reference-zh-tw and maint-guide-zh-tw with their docs, installed for this set one at a time
# with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (debian-reference-zh-tw brings debian-reference-common; maint-guide-zh-tw brings nothing).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals-7
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
r=/usr/share/debian-reference
put debian-reference-zh-tw "$r"/{pr01,ch01,ch02,ch03,ch04,ch05,ch06,ch07,ch08,ch09,ch10,ch11,ch12,apa}.zh-tw.html
g=$doc/maint-guide-zh-tw/html
put maint-guide-zh-tw "$g"/{start,first,modify,dreq,dother,build,checkit,upload,update,advanced}.zh-tw.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
