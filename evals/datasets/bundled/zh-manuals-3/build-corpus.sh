#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Chinese) from Simplified Chinese documentation that a Debian 12
# (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships it (gzipped
# files stay gzipped, names unchanged, one folder per package), none of it used by zh-manuals or zh-manuals-2:
# 38 Chinese man pages as gzipped roff, their paths under /usr/share/man kept (manpages-zh/zh_CN/man1/: gvim, emacs,
# cpio, ftp, minicom, mpg123, msmtp, smbclient, systemd, xxd, eject, env, od, w and systemd-cat .1.gz; man5/: proc,
# services, nsswitch, resolver, fs and modules-load.d .5.gz; man7/: arp, bootparam, bootup, daemon, ip, tcp and
# lilyfaq .7.gz; man8/: hdparm, iptables, tcpdump, setserial, zic, ifconfig, route, lspci, badblocks and exportfs
# .8.gz) (package manpages-zh 1.6.4.0-1); five chapters of the KiCad 6 manual in Chinese as HTML (kicad-doc-zh/:
# introduction, kicad, gerbview, pcb_calculator and pl_editor .html) (package kicad-doc-zh 6.0.11+dfsg-1, installed
# under /usr/share/doc/kicad/help/zh); the one-page HTML Debian Edu ITIL manual and Rosegarden manual in Chinese
# (debian-edu-doc-legacy-zh-cn/: debian-edu-itil-manual.html and rosegarden-manual.html) (package
# debian-edu-doc-legacy-zh-cn 2.12.23~deb12u1); and nine Chinese HTML pages of the LilyPond 2.24 documentation, their
# folders kept (lilypond-doc-html-zh/learning/: simple-notation and working-on-input-files .zh.html; web/:
# introduction, faq, bug-reports, tiny-examples, contact, sponsoring and internals .zh.html) (package
# lilypond-doc-html-zh 2.24.1-2, installed under /usr/share/doc/lilypond/html/Documentation).
# Changelogs, copyright files, images, PDF and EPUB files are left out, and so are: every file that zh-manuals or
# zh-manuals-2 uses (all chapters of the Debian Reference, the Debian FAQ, the New Maintainers' Guide, the Debian Edu
# 11 manual, the GIMP pages that are in Chinese, manpages-zh's FAQ.gz and README.md.gz and the 47 man pages they
# take, among them systemctl, journalctl, journald.conf, bash, grep, gzip, bzip2 and hier); the 43 zh_CN man pages
# that are symbolic links (among them bunzip2, bzcat, egrep, fgrep, gunzip, zcat and journald.conf.d, links to pages
# those sets take, and vi, vim, view, rvim ..., links to gvim.1.gz); the pages of tools of the dev data
# ../shared/datasets/manuals-dev (sed, and PostgreSQL's psql, pg_dump, pg_ctl ... and its SQL pages in man7); the
# other 600 or so zh_CN man pages of manpages-zh (library calls, Tcl/Tk, Perl, older tools, pages that are mostly
# English such as networkd.conf and resolved.conf) and all of its zh_TW pages (Traditional Chinese); KiCad's
# eeschema.html and getting_started_in_kicad.html (mostly English) and pcbnew.html (half translated: fewer than three
# Han characters per English word, and more text in its English paragraphs than in its Chinese ones); the Debian Edu
# legacy package's audacity-manual.html (mostly English) and README (English); the other 162 Chinese-named LilyPond
# HTML pages, whose text is mostly English (web-big-page.zh.html, learning-big-page.zh.html, the rest of the
# learning manual) or little more than a table of links (index, manuals, community, changes ...); the Debian Edu 12
# manual of debian-edu-doc-zh-cn (less translated than the bullseye one, which zh-manuals-2 uses); the four PDF
# manuals and gcode_zh_CN.html of linuxcnc-doc-zh-cn 2.9.0~pre1+git20230208.f1270d6ed7-1+deb12u2 (installed and
# looked at: no Han character in them); and the English files that these packages pull in (debian-edu-doc-legacy-en,
# lilypond-doc, lilypond-doc-html).
# Needs the packages manpages-zh, kicad-doc-zh, debian-edu-doc-legacy-zh-cn and lilypond-doc-html-zh with their docs,
# installed for this set one at a time with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (manpages-zh was already installed; debian-edu-doc-legacy-zh-cn brings debian-edu-doc-legacy-en, and
# lilypond-doc-html-zh brings lilypond-doc-html and lilypond-doc, about 190 MB).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals-3
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
m=/usr/share/man/zh_CN
put manpages-zh/zh_CN/man1 "$m"/man1/{gvim,emacs,cpio,ftp,minicom,mpg123,msmtp,smbclient,systemd,xxd}.1.gz \
  "$m"/man1/{eject,env,od,w,systemd-cat}.1.gz
put manpages-zh/zh_CN/man5 "$m"/man5/{proc,services,nsswitch,resolver,fs,modules-load.d}.5.gz
put manpages-zh/zh_CN/man7 "$m"/man7/{arp,bootparam,bootup,daemon,ip,tcp,lilyfaq}.7.gz
put manpages-zh/zh_CN/man8 "$m"/man8/{hdparm,iptables,tcpdump,setserial,zic,ifconfig,route,lspci,badblocks}.8.gz \
  "$m"/man8/exportfs.8.gz
k=$doc/kicad/help/zh
put kicad-doc-zh "$k"/{introduction,kicad,gerbview,pcb_calculator,pl_editor}.html
e=$doc/debian-edu-doc-legacy-zh-cn
put debian-edu-doc-legacy-zh-cn "$e"/{debian-edu-itil-manual,rosegarden-manual}.html
l=$doc/lilypond/html/Documentation
put lilypond-doc-html-zh/learning "$l"/learning/{simple-notation,working-on-input-files}.zh.html
put lilypond-doc-html-zh/web "$l"/web/{introduction,faq,bug-reports,tiny-examples,contact,sponsoring,internals}.zh.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
