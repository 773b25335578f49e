#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# apcupsd's user manual as one Docutils HTML page (apcupsd/manual/manual.html) (package apcupsd-doc 3.14.14-3.1);
# GNU ddrescue's manual as texinfo-split HTML pages (gddrescue/html/: Introduction, Basic-concepts,
# Important-advice, Algorithm, Invoking-ddrescue, Mapfile-structure, Output, Examples, Direct-disc-access,
# Optical-media, Emergency-save, Command-mode, Fill-mode, Generate-mode, Ddrescuelog, Invoking-ddrescuelog and
# Problems .html) and its extensionless README.Debian (package gddrescue 1.27-1); GNU Stow's info manual stow.info.gz
# (from /usr/share/info), its gzipped Markdown README.md.gz, upstream NEWS.gz and extensionless TODO (package stow
# 2.3.1-1); John the Ripper's gzipped extensionless text documents README.gz, FAQ.gz, EXAMPLES.gz, OPTIONS.gz,
# MODES.gz, RULES.gz, CONFIG.gz and EXTERNAL.gz and Debian's README.Debian (package john 1.9.0-2); yt-dlp's gzipped
# plain-text README.txt.gz (package yt-dlp 2023.03.04-1); open-iscsi's gzipped README.gz, sysfs-documentation.gz,
# README.Debian.gz and NEWS.Debian.gz (package open-iscsi 2.1.8-1+deb12u1); and ELinks' user documents as AsciiDoc
# text (elinks/: introduction, faq, bookmarks, tabs, urlshortcuts, terminals, mime, mailcap, exmode, bittorrent and
# ecmascript .txt.gz, and the plain marks.txt and remote.txt) (package elinks-doc 0.13.2-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: apcupsd's manual sources
# manual/manual.rst.gz, maintaining_ups.rst.gz, cables.rst.gz and smartprotocol.rst.gz (the reStructuredText the
# HTML page was made from, the same text), manual/Makefile and manual/publishdoc (build files) and examples/ (C, Tcl,
# PHP and shell sources, sample UPS status and report dumps); ddrescue's html/index.html (title page and table of
# contents), html/Concept-index.html (an index), the six one-line redirect pages (five html/_002d_002d*.html and
# html/lziprecover_002dexample.html), and /usr/share/info/ddrescue.info.gz (the same manual as info); Stow's
# manual-single.html, manual-split/ and manual.pdf.gz (the same manual as HTML and a PDF), version.texi, AUTHORS,
# THANKS (names) and ChangeLog.OLD.gz (a changelog); John's CREDITS (names); open-iscsi's THANKS (names); ELinks'
# manual.html (the same documents assembled into one page), the documents for developers (hacking.html,
# hacking.txt.gz, dev-intro.txt.gz, events.txt.gz, release.txt.gz, color-model.txt.gz, tinycc.txt.gz, small.txt and
# feedback.txt) and the scripting API references (lua-scripting.txt.gz, smjs-scripting.txt.gz, python.txt.gz,
# perl.html, perl-hooks.html); and the packages' configuration files under /etc (/etc/john/john.conf,
# /etc/iscsi/iscsid.conf, ...), which are not documentation and may be edited locally.
# Needs the packages apcupsd-doc, gddrescue, stow, john, yt-dlp, open-iscsi and elinks-doc with their docs
# (apt-get install --no-install-recommends apcupsd-doc gddrescue stow john yt-dlp open-iscsi elinks-doc; installed
# for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-34
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put apcupsd/manual "$doc/apcupsd/manual/manual.html"
g=$doc/gddrescue/html
put gddrescue/html "$g"/{Introduction,Basic-concepts,Important-advice,Algorithm,Invoking-ddrescue}.html \
  "$g"/{Mapfile-structure,Output,Examples,Direct-disc-access,Optical-media,Emergency-save,Command-mode}.html \
  "$g"/{Fill-mode,Generate-mode,Ddrescuelog,Invoking-ddrescuelog,Problems}.html
put gddrescue "$doc/gddrescue/README.Debian"
s=$doc/stow
put stow "$info/stow.info.gz" "$s/README.md.gz" "$s/NEWS.gz" "$s/TODO"
j=$doc/john
put john "$j"/{README,FAQ,EXAMPLES,OPTIONS,MODES,RULES,CONFIG,EXTERNAL}.gz "$j/README.Debian"
put yt-dlp "$doc/yt-dlp/README.txt.gz"
o=$doc/open-iscsi
put open-iscsi "$o"/{README,sysfs-documentation,README.Debian,NEWS.Debian}.gz
e=$doc/elinks
put elinks "$e"/{introduction,faq,bookmarks,tabs,urlshortcuts,terminals,mime,mailcap,exmode,bittorrent}.txt.gz \
  "$e/ecmascript.txt.gz" "$e/marks.txt" "$e/remote.txt"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
