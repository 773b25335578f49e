#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from Simplified Chinese documentation a Debian machine has installed (nothing
# is downloaded), every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one
# folder per package): eight HTML pages of the Debian Reference in Chinese (debian-reference-zh-cn/: pr01, ch01,
# ch07, ch08, ch09, ch11, ch12 and apa .zh-cn.html) (package debian-reference-zh-cn 2.100); the one-page HTML manual
# of Debian Edu 11 debian-edu-bullseye-manual.html (package debian-edu-doc-zh-cn 2.12.23~deb12u1); 18 HTML pages of
# the GIMP user manual in Chinese (gimp-help-zh-cn/: the history appendix gimp-introduction-history,
# gimp-introduction-history-early-days, -1-0, -2-0, -2-2, -2-4 and -2-6 .html, and the Chinese GNU FDL appendix
# legal.html and gfdl-1 ... gfdl-10 .html) (package gimp-help-zh-cn 2.10.34-2, installed under
# /usr/share/gimp/2.0/help/zh_CN); and 30 gzipped roff man pages in Chinese from /usr/share/man/zh_CN
# (manpages-zh/zh_CN/man1/: ls, cp, mv, rm, ln, df, du, find, grep, xargs, chown, chattr, diff, bzip2, dd, date,
# kill, killall, file, zipinfo, timeout, nohup, touch and bash .1.gz; manpages-zh/zh_CN/man7/: hier, glob, regex,
# signal, locale and utf-8 .7.gz) (package manpages-zh 1.6.4.0-1).
# Changelogs, copyright files, images, PDF and EPUB files are left out, and so are: the Debian Reference's chapters
# ch02, ch03, ch04, ch05, ch06 and ch10, its single-file debian-reference.zh-cn.txt.gz and .pdf (the whole book
# again, those chapters included), its index.html and index.zh-cn.html (the table of contents of every chapter), its
# README.md.gz (in English) and debian-reference.css; the Debian Edu 12 manual debian-edu-bookworm-manual.html (the
# same manual updated for bookworm, overlapping the bullseye one almost everywhere and less translated: more of its
# prose is still English than Chinese), both manuals' .epub and .pdf and the package's README (in English); the rest
# of the GIMP manual in Chinese (its other 670 or so pages, whose text is still English apart from headings, among
# them the history pages of GIMP 2.8 and 2.10 and the English gfdl-addendum.html); manpages-zh's FAQ.gz and
# README.md.gz, every page of its sections 5 and 8, and the pages journald.conf, logind.conf, tar, gzip, systemctl,
# journalctl, at, fsck, ssh and sed (another Chinese set uses them), pages that are mostly English (chmod, scp, stat
# ...) and the other 400 or so pages of sections 1 and 7; and the Chinese man pages that other packages install
# (man-db's man, apropos ...; dos2unix's; passwd's and login's, mostly English).
# Needs the packages debian-reference-zh-cn, debian-edu-doc-zh-cn, gimp-help-zh-cn and manpages-zh with their docs
# (apt-get install --no-install-recommends debian-reference-zh-cn debian-edu-doc-zh-cn gimp-help-zh-cn manpages-zh;
# installed for this set, bringing debian-edu-doc-en and gimp-help-common; gimp-help-zh-cn also depends on
# gimp-helpbrowser | www-browser, met here by an installed browser: on a machine with none, apt picks
# gimp-helpbrowser and GIMP with it, unless a text browser such as w3m is named too).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals-2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
r=$doc/debian-reference-zh-cn/docs
put debian-reference-zh-cn "$r"/{pr01,ch01,ch07,ch08,ch09,ch11,ch12,apa}.zh-cn.html
put debian-edu-doc-zh-cn "$doc/debian-edu-doc-zh-cn/debian-edu-bullseye-manual.html"
g=/usr/share/gimp/2.0/help/zh_CN
put gimp-help-zh-cn "$g"/gimp-introduction-history{,-early-days,-1-0,-2-0,-2-2,-2-4,-2-6}.html \
  "$g/legal.html" "$g"/gfdl-{1,2,3,4,5,6,7,8,9,10}.html
m=/usr/share/man/zh_CN
put manpages-zh/zh_CN/man1 "$m"/man1/{ls,cp,mv,rm,ln,df,du,find,grep,xargs,chown,chattr,diff,bzip2,dd}.1.gz \
  "$m"/man1/{date,kill,killall,file,zipinfo,timeout,nohup,touch,bash}.1.gz
put manpages-zh/zh_CN/man7 "$m"/man7/{hier,glob,regex,signal,locale,utf-8}.7.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
