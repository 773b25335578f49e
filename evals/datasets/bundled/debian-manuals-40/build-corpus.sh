#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# nine HTML pages of CMake's Sphinx-built documentation (cmake/manual/: cmake.1, ctest.1, cpack.1, cmake-presets.7,
# cmake-toolchains.7, cmake-buildsystem.7 and cmake-language.7 .html; cmake/guide/user-interaction/index.html and
# cmake/guide/using-dependencies/index.html) (package cmake-doc 3.25.1-1, installed under /usr/share/doc/cmake-data);
# dos2unix's one-page HTML manual dos2unix.htm, its gzipped README.txt.gz and NEWS.txt.gz and the plain BUGS.txt and
# TODO.txt (package dos2unix 7.4.3-1); ClamAV's Debian README.Debian.gz and the gzipped Markdown README.md.gz,
# SECURITY.md.gz and NEWS.md.gz (package clamav-doc 1.4.6+dfsg-0+deb12u1); Lynis' gzipped FAQ.gz and README.gz,
# Debian's extensionless README.Debian and NEWS.Debian.gz (package lynis 3.0.8-1.1); bup's gzipped Markdown
# README.md.gz and its seven release notes 0.33.1-from-0.33.md ... 0.33.7-from-0.33.6.md (one of them gzipped)
# (package bup 0.33.7-1~deb12u1) and 16 of its command pages as HTML (bup/: bup, bup-init, bup-index, bup-save,
# bup-restore, bup-ls, bup-fsck, bup-gc, bup-prune-older, bup-rm, bup-on, bup-get, bup-fuse, bup-web and
# bup-import-rsnapshot .1.html, bup-config.5.html) (package bup-doc 0.33.7-1~deb12u1); GNU RCS's info manual
# rcs.info.gz (from /usr/share/info) and its gzipped upstream NEWS.gz (package rcs 5.10.1-1); 21 pages of the
# texinfo-split HTML manual of the stand-alone GNU Info reader (info/: index, Stand_002dalone-Info, Invoking-Info,
# Cursor-Commands, Scrolling-Commands, Node-Commands, Searching-Commands, Index-Commands, Xref-Commands,
# Parts-of-an-Xref, Selecting-Xrefs, Window-Commands, The-Mode-Line, Basic-Windows, The-Echo-Area, Printing-Nodes,
# Miscellaneous-Commands, Variables, Colors-and-Styles, Custom-Key-Bindings and infokey-format .html) (package info
# 6.8-6+b1); and lnav's gzipped plain-text help.txt.gz (package lnav 0.11.1-3).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the rest of CMake's
# documentation (the other 17 manual pages, the reference pages of every command, module, policy, property and
# variable, the tutorial and the other guides, release notes, genindex.html and search.html) and its _sources/
# (the reStructuredText sources of the same pages as .rst.txt), _static/, _images/ and _downloads/; dos2unix's
# dos2unix.txt.gz (the same manual as plain text) and its translations (de/, es/, fr/, nl/, pl/, pt_BR/, sr/, sv/,
# uk/, zh_CN/); ClamAV's html/ (the Doxygen reference of libclamav's C API, for programmers); bup's README.gz (a
# symlink to README.md.gz) and its other 23 command pages (bloom, cat-file, daemon, damage, drecurse, features, ftp,
# help, import-duplicity, import-rdiff-backup, join, margin, memtest, meta, midx, mux, random, server, split, tag,
# tick, validate-object-links and validate-ref-links); the Info reader's info-stnd.info.gz (the same manual as an
# info file), Index.html (its index), the 16 small redirection pages (_002d_002dall.html, INFOPATH.html,
# goto_002dnode.html ...), and its AUTHORS (names), README.gz, TODO.gz and NEWS.gz (those of the whole Texinfo
# distribution); and the packages' configuration files under /etc (/etc/lynis/default.prf ...), which are not
# documentation and may be edited locally.
# Needs the packages cmake-doc, dos2unix, clamav-doc, lynis, bup, bup-doc, rcs, info and lnav with their docs
# (apt-get install --no-install-recommends cmake-doc dos2unix clamav-doc lynis bup bup-doc rcs info lnav; installed
# for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-40
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
h=$doc/cmake-data/html
put cmake/manual "$h/manual"/{cmake.1,ctest.1,cpack.1,cmake-presets.7,cmake-toolchains.7,cmake-buildsystem.7}.html \
  "$h/manual/cmake-language.7.html"
put cmake/guide/user-interaction "$h/guide/user-interaction/index.html"
put cmake/guide/using-dependencies "$h/guide/using-dependencies/index.html"
d=$doc/dos2unix
put dos2unix "$d/dos2unix.htm" "$d/README.txt.gz" "$d/NEWS.txt.gz" "$d/BUGS.txt" "$d/TODO.txt"
c=$doc/clamav
put clamav "$c/README.Debian.gz" "$c/README.md.gz" "$c/SECURITY.md.gz" "$c/NEWS.md.gz"
l=$doc/lynis
put lynis "$l/FAQ.gz" "$l/README.gz" "$l/README.Debian" "$l/NEWS.Debian.gz"
b=$doc/bup
put bup "$b/README.md.gz" "$b"/0.33.{1-from-0.33,2-from-0.33.1,3-from-0.33.2,4-from-0.33.3}.md \
  "$b/0.33.5-from-0.33.4.md.gz" "$b"/0.33.{6-from-0.33.5,7-from-0.33.6}.md \
  "$b"/bup{,-init,-index,-save,-restore,-ls,-fsck,-gc,-prune-older,-rm,-on,-get,-fuse,-web}.1.html \
  "$b/bup-import-rsnapshot.1.html" "$b/bup-config.5.html"
put rcs "$info/rcs.info.gz" "$doc/rcs/NEWS.gz"
i=$doc/info/html
put info "$i"/{index,Stand_002dalone-Info,Invoking-Info,Cursor-Commands,Scrolling-Commands,Node-Commands}.html \
  "$i"/{Searching-Commands,Index-Commands,Xref-Commands,Parts-of-an-Xref,Selecting-Xrefs,Window-Commands}.html \
  "$i"/{The-Mode-Line,Basic-Windows,The-Echo-Area,Printing-Nodes,Miscellaneous-Commands,Variables}.html \
  "$i"/{Colors-and-Styles,Custom-Key-Bindings,infokey-format}.html
put lnav "$doc/lnav/help.txt.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
