#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# CVS's manual ("the Cederqvist") as the info file cvs.info.gz (from /usr/share/info), its gzipped plain-text FAQ.gz,
# README.gz, BUGS.gz and upstream NEWS.gz, the plain intro.txt, Debian's NEWS.Debian.gz and the PDF cvs-paper.pdf
# (Brian Berliner's paper "CVS II: Parallelizing Software Development") (package cvs 2:1.12.13+real-28+deb12u1);
# GNU xorriso's info manuals xorriso.info.gz, xorrisofs.info.gz and xorrecord.info.gz (from /usr/share/info), its
# gzipped README.gz and Debian's extensionless README.Debian (package xorriso 1.5.4-4); Artistic Style's HTML pages
# html/astyle.html (the whole user manual), html/install.html, html/notes.html and html/news.html (release notes),
# and Debian's NEWS.Debian.gz (package astyle 3.1-3+b1); fio's reStructuredText HOWTO.rst.gz and README.rst.gz
# (gzipped), Debian's extensionless README.Debian, the extensionless REPORTING-BUGS and Debian's NEWS.Debian.gz
# (package fio 3.33-3); MRTG's documents as plain text rendered from POD with overstrike bold and underline
# (mrtg/: mrtg, mrtg-reference, mrtg-unix-guide, mrtg-nt-guide, mrtg-nw-guide, mrtg-faq, mrtg-ipv6, mrtg-rrd,
# mrtg-squid, mrtg-mibhelp, cfgmaker and indexmaker .txt.gz, and the plain mrtg-contrib, mrtg-forum,
# mrtg-logfile, mrtg-traffic-sum, mrtg-webserver and rateup .txt), the extensionless upstream README and Debian's
# README.Debian and NEWS.Debian.gz (package mrtg 2.17.10-5+deb12u2); GNU recutils' info manual recutils.info.gz
# (from /usr/share/info), its extensionless README and README.Debian and upstream NEWS.gz (package recutils 1.9-2);
# and 24 HTML pages of s6's documentation (s6/: index, overview, why, servicedir, scandir, s6-svscan, s6-svscan-1,
# s6-svscan-not-1, s6-svscanctl, s6-supervise, s6-svc, s6-svstat, s6-svwait, s6-log, s6-tai64nlocal, notifywhenup,
# s6-notifyoncheck, s6-permafailon, s6-envdir, s6-softlimit, s6-setuidgid, socket-activation, instances and
# s6-usertree-maker .html) (package s6-doc 2.11.3.2-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: CVS's cvs.html, cvs.pdf and
# cvs.txt.gz (the same manual as one HTML page, a PDF and plain text), cvsclient.info.gz, .html, .pdf and .txt.gz
# (the client/server protocol, for implementers), cvs-paper.ms.gz (the troff source of cvs-paper.pdf), HACKING.gz,
# HACKING.DOCS, DEVEL-CVS, PROJECTS, TODO.gz, RCSFILES.gz and writeproxy.rtf.gz (for CVS's developers), MINOR-BUGS,
# AUTHORS.gz (names) and the ChangeLog.*.gz files (changelogs); xorriso's TODO (build-system tasks of its
# developers), AUTHORS (names) and examples/startup_file.txt (a sample startup file); Artistic Style's
# html/styles.css (a style sheet); fio's MORAL-LICENSE (a licence note) and its Python log-parsing scripts
# (fio-histo-log-pctiles.py.gz, fiograph.py.gz, fiologparser*.py*, half-bins.py) with fiograph.conf and the roff man
# page fiologparser_hist.py.1.gz; MRTG's mrtglib.txt.gz (the Perl library's API, for programmers) and THANKS
# (names); recutils' examples/ (shell scripts and sample .rec and .csv databases); the other 62 pages of s6's
# documentation (one page per helper program: the fdholder, ipcserver, ftrig, instance, sudo and accessrules tools
# and the like, and libs6/, the C library's reference) and upgrade.html (release notes); and the packages'
# configuration files under /etc (/etc/mrtg/mrtg.cfg, /etc/uucp ...), which are not documentation and may be edited
# locally.
# Needs the packages cvs, xorriso, astyle, fio, mrtg, recutils and s6-doc with their docs (apt-get install
# --no-install-recommends cvs xorriso astyle fio mrtg recutils s6-doc; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-35
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
c=$doc/cvs
put cvs "$info/cvs.info.gz" "$c"/{FAQ,README,BUGS,NEWS,NEWS.Debian}.gz "$c/intro.txt" "$c/cvs-paper.pdf"
put xorriso "$info"/{xorriso,xorrisofs,xorrecord}.info.gz "$doc/xorriso/README.gz" "$doc/xorriso/README.Debian"
put astyle/html "$doc/astyle/html"/{astyle,install,notes,news}.html
put astyle "$doc/astyle/NEWS.Debian.gz"
f=$doc/fio
put fio "$f/HOWTO.rst.gz" "$f/README.rst.gz" "$f/README.Debian" "$f/REPORTING-BUGS" "$f/NEWS.Debian.gz"
m=$doc/mrtg
put mrtg "$m"/{mrtg,mrtg-reference,mrtg-unix-guide,mrtg-nt-guide,mrtg-nw-guide,mrtg-faq,mrtg-ipv6}.txt.gz \
  "$m"/{mrtg-rrd,mrtg-squid,mrtg-mibhelp,cfgmaker,indexmaker}.txt.gz \
  "$m"/{mrtg-contrib,mrtg-forum,mrtg-logfile,mrtg-traffic-sum,mrtg-webserver,rateup}.txt \
  "$m/README" "$m/README.Debian" "$m/NEWS.Debian.gz"
r=$doc/recutils
put recutils "$info/recutils.info.gz" "$r/README" "$r/README.Debian" "$r/NEWS.gz"
s=$doc/s6
put s6 "$s"/{index,overview,why,servicedir,scandir,s6-svscan,s6-svscan-1,s6-svscan-not-1,s6-svscanctl}.html \
  "$s"/{s6-supervise,s6-svc,s6-svstat,s6-svwait,s6-log,s6-tai64nlocal,notifywhenup,s6-notifyoncheck}.html \
  "$s"/{s6-permafailon,s6-envdir,s6-softlimit,s6-setuidgid,socket-activation,instances,s6-usertree-maker}.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
