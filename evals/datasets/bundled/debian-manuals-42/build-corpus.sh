#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the gzipped reStructuredText README.rst.gz of SCons and 32 HTML pages of its DocBook-built user guide (scons/:
# ch02s04, ch02s06, ch03s03, ch04s03, ch06, ch06s03, ch06s06, ch06s08, ch07s02, ch07s03, ch08s04, ch09s02, ch09s03,
# ch09s04, ch10, ch10s02, ch11, ch13s02, ch14, ch14s05, ch15, ch15s03, ch17, ch18, ch21, ch22, ch22s06, ch23, ch26s08,
# ch27s02, ch28 and ch28s03 .html) (package scons-doc 4.4.0+dfsg-1, installed under /usr/share/doc/scons); GNU
# MPFR's info manual mpfr.info.gz (from /usr/share/info), its plain README and BUGS and gzipped NEWS.gz (package
# libmpfr-doc 4.2.0-1); XMLStarlet's user guide as HTML, xmlstarlet-ug.html, and as a gzipped PDF,
# xmlstarlet-ug.pdf.gz, its gzipped plain-text guide of every command's help xmlstarlet.txt.gz, its NEWS.gz and the
# plain README and TODO (package xmlstarlet 1.6.1-3); the xterm FAQ as HTML, xterm.faq.html, Debian's
# extensionless README.Debian and the gzipped README.i18n.gz (package xterm 379-1); nmh's gzipped MH FAQ.gz,
# README-ATTACHMENTS.gz, README-HOOKS.gz, DIFFERENCES.gz and Debian's NEWS.Debian.gz and the extensionless
# MAIL.FILTERING, README.SASL and README-components (package nmh 1.8~RC2-2); wpa_supplicant's gzipped README.gz,
# README-WPS.gz, README-DPP.gz and README-HS20.gz, Debian's README.Debian.gz and NEWS.Debian.gz, and the commented
# example configuration examples/wpa_supplicant.conf (package wpasupplicant 2:2.10-12+deb12u3); and rlwrap's plain
# Markdown README.md and extensionless BUGS (package rlwrap 0.46.1-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the other 116 HTML pages of the
# SCons user guide (the preface, the other chapters and sections, index.html and the appendices, among them apa.html
# to apd.html, the reference lists of every construction variable, builder, tool and function) with scons.css, and
# PDF/scons-user.pdf.gz (the same user guide as a 2.2 MB gzipped PDF); MPFR's mpfr.html/ (the same manual as 48
# texinfo-split HTML pages) and mpfr.pdf.gz (the same manual as a PDF), its AUTHORS (names), TODO.gz (the
# developers' to-do list) and examples/ (C sources); XMLStarlet's xmlstarlet-ug.ps.gz (the guide again, as
# PostScript), xmlstarlet-ug.xml.gz and xmlstarlet-man.xml.gz (DocBook sources), html.css and examples/ (small shell
# scripts and XML samples); xterm's xterm.faq.gz (the same FAQ as plain text), xterm.log.html (the change log),
# ctlseqs.txt.gz and ctlseqs.ms.gz (the reference of control sequences, for programmers), and xterm.termcap.gz and
# xterm.terminfo.gz (terminal descriptions); nmh's README, README.about, MAILING-LISTS, COPYRIGHT and VERSION (a few
# lines each, pointers and licence), NEWS.gz (upstream release notes), README.developers.gz, README.manpages.gz and
# TODO.gz (for its developers), COMPLETION-TCSH and COMPLETION-ZSH.gz (shell completion code), contrib/ and
# examples/ (scripts); wpasupplicant's README-P2P.gz (Wi-Fi Direct, for integrators of its control interface),
# README.modes.gz (a symlink to README.Debian.gz) and the other eight small example configurations under examples/;
# rlwrap's AUTHORS (names); and the packages' configuration files under /etc (/etc/wpa_supplicant/ ...,
# /etc/nmh/ ...), which are not documentation and may be edited locally.
# Needs the packages scons-doc, libmpfr-doc, xmlstarlet, xterm, nmh, wpasupplicant and rlwrap with their docs
# (apt-get install --no-install-recommends scons-doc libmpfr-doc xmlstarlet xterm nmh wpasupplicant rlwrap;
# installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-42
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
h=$doc/scons/HTML
put scons "$doc/scons/README.rst.gz" "$h"/{ch02s04,ch02s06,ch03s03,ch04s03,ch06,ch06s03,ch06s06,ch06s08}.html \
  "$h"/{ch07s02,ch07s03,ch08s04,ch09s02,ch09s03,ch09s04,ch10,ch10s02,ch11,ch13s02,ch14,ch14s05,ch15}.html \
  "$h"/{ch15s03,ch17,ch18,ch21,ch22,ch22s06,ch23,ch26s08,ch27s02,ch28,ch28s03}.html
m=$doc/libmpfr-doc
put mpfr "$info/mpfr.info.gz" "$m/README" "$m/BUGS" "$m/NEWS.gz"
x=$doc/xmlstarlet
put xmlstarlet "$x/xmlstarlet-ug.html" "$x/xmlstarlet-ug.pdf.gz" "$x/xmlstarlet.txt.gz" "$x/NEWS.gz" "$x/README" \
  "$x/TODO"
t=$doc/xterm
put xterm "$t/xterm.faq.html" "$t/README.Debian" "$t/README.i18n.gz"
n=$doc/nmh
put nmh "$n/FAQ.gz" "$n/MAIL.FILTERING" "$n/README.SASL" "$n/README-ATTACHMENTS.gz" "$n/README-HOOKS.gz" \
  "$n/README-components" "$n/DIFFERENCES.gz" "$n/NEWS.Debian.gz"
w=$doc/wpasupplicant
put wpasupplicant "$w/README.gz" "$w/README.Debian.gz" "$w"/README-{WPS,DPP,HS20}.gz "$w/NEWS.Debian.gz" \
  "$w/examples/wpa_supplicant.conf"
put rlwrap "$doc/rlwrap/README.md" "$doc/rlwrap/BUGS"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
