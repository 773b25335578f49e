#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the Icecast 2.4.4 documentation as thirteen HTML pages of one site template (introduction, basic setup, config file,
# admin interface, server statistics, relaying, YP directories, authentication, Win32, glossary, FAQ, changes and the
# table of contents), with the extensionless README and TODO, Debian's README.Debian, NEWS.gz and four example
# configurations, the gzipped icecast.xml.dist.gz and icecast_minimal.xml.dist, icecast_shoutcast_compat.xml.dist and
# icecast_urlauth.xml.dist (package icecast2); six pages of the Music Player Daemon 0.23 manual as Sphinx HTML
# (classic theme: "index / next / previous" navigation and a "Quick search" box on every page, "¶" anchors): the
# user's manual, plugin reference, protocol, client developer notes and the mpd(1) and mpd.conf(5) pages, with
# Debian's README.Debian and the commented mpdconf.example.gz (package mpd); the Ledger 3 manual as one gzipped info
# file (from /usr/share/info), the ledger(1) page as man2html HTML of a BSD mandoc page and the example journal
# examples/sample.dat (package ledger); GNU Midnight Commander's gzipped FAQ, README, TODO and HACKING (package
# mc-data) with Debian's README.Debian and NEWS.Debian.gz (package mc); Rootkit Hunter's gzipped README, FAQ and
# README.Debian and the extensionless ACKNOWLEDGMENTS (package rkhunter); eight pages of the Ghostscript 10.0.0
# documentation as Sphinx HTML (Read the Docs theme, the full table of contents repeated on every page): Readme, Use
# (328 KB), Install, Fonts, VectorDevices, Ps2epsi, Unix-lpr and SavedPages, the release notes News.htm as an HTML
# fragment without <html> or <head>, and the 42-page "Ghostscript 9.54 Color Management" paper as a pdfTeX PDF (6.6
# MB; the only copy of its text) (package ghostscript-doc), with Debian's README.Debian, NEWS.Debian.gz and
# TODO.Debian (package ghostscript); xinetd's README.md, Debian's README.Debian, README.update-inetd and
# NEWS.Debian.gz, the old site's FAQ xinetd.org-FAQ.html and the example configurations examples/sample.conf.gz and
# examples/empty.conf (package xinetd); and Taskwarrior's README.md.gz, NEWS.gz, Debian's README.Debian, NEWS.Debian.gz
# and TODO.Debian and the extensionless examples/README and examples/hooks/README (package taskwarrior). Changelogs,
# copyright files, man pages (roff), example scripts and other forms of the same texts are left out: Icecast's AUTHORS,
# assets/ (style sheet and fonts) and img/; MPD's developer.html, index, genindex and search pages, searchindex.js,
# objects.inv, _sources/, _static/, AUTHORS and mpd.desktop; Ledger's ledger3.html and ledger3.pdf (the same text as
# ledger3.info.gz); mc's AUTHORS and ABOUT-NLS.gz (and /usr/share/doc/mc's links to the mc-data files); the other
# twenty Ghostscript pages (among them API, Language, Drivers, Devices, Develop and the language bindings),
# html/News.html (the same text as News.htm), _sources/, _static/, images/, the index, genindex, search and toc pages
# and COPYING.gz; Taskwarrior's example hook scripts (on-add, on-modify, on-exit ...) and update-holidays.pl. Needs
# the packages icecast2, mpd, ledger, mc, rkhunter, ghostscript-doc, xinetd and taskwarrior with their docs (apt-get
# install icecast2 mpd ledger mc rkhunter ghostscript-doc xinetd taskwarrior; ghostscript was installed here before,
# the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-22
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
i=$doc/icecast2
put icecast2 "$i"/{README,README.Debian,TODO,NEWS.gz} \
  "$i"/{introduction,basic-setup,config-file,admin-interface,server-stats,relaying,yp,auth,win32,glossary}.html \
  "$i"/{faq,changes,index}.html \
  "$i"/{icecast.xml.dist.gz,icecast_minimal.xml.dist,icecast_shoutcast_compat.xml.dist,icecast_urlauth.xml.dist}
m=$doc/mpd
put mpd "$m"/{README.Debian,mpdconf.example.gz}
put mpd/html "$m"/html/{user,plugins,protocol,client,mpd.1,mpd.conf.5}.html
l=$doc/ledger
put ledger "$info/ledger3.info.gz" "$l/ledger.1.html"
put ledger/examples "$l/examples/sample.dat"
put mc-data "$doc"/mc-data/{FAQ.gz,README.gz,TODO.gz,HACKING.gz}
put mc "$doc"/mc/{README.Debian,NEWS.Debian.gz}
r=$doc/rkhunter
put rkhunter "$r"/{README.gz,FAQ.gz,README.Debian.gz,ACKNOWLEDGMENTS}
g=$doc/ghostscript
put ghostscript-doc "$g"/{News.htm,GS9_Color_Management.pdf}
put ghostscript-doc/html "$g"/html/{Readme,Use,Install,Fonts,VectorDevices,Ps2epsi,Unix-lpr,SavedPages}.html
put ghostscript "$g"/{README.Debian,NEWS.Debian.gz,TODO.Debian}
x=$doc/xinetd
put xinetd "$x"/{README.md,README.Debian,README.update-inetd,NEWS.Debian.gz,xinetd.org-FAQ.html}
put xinetd/examples "$x"/examples/{sample.conf.gz,empty.conf}
t=$doc/taskwarrior
put taskwarrior "$t"/{README.md.gz,NEWS.gz,README.Debian,NEWS.Debian.gz,TODO.Debian}
put taskwarrior/examples "$t/examples/README"
put taskwarrior/examples/hooks "$t/examples/hooks/README"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
