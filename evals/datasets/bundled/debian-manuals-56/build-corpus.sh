#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# Universal Ctags' manual pages man1/ctags-universal.1.gz and readtags.1.gz, man5/tags.5.gz (the tags file format)
# and man7/ctags-universal-client-tools.7.gz, ctags-universal-faq.7.gz, ctags-universal-incompatibilities.7.gz,
# ctags-universal-optlib.7.gz and the seven parser pages ctags-universal-lang-iPythonCell, -inko, -julia, -python,
# -r, -sql and -verilog.7.gz (package universal-ctags 5.9.20210829.0-1); LCOV's manual pages man1/lcov.1.gz,
# genhtml.1.gz, geninfo.1.gz, gendesc.1.gz and genpng.1.gz and man5/lcovrc.5.gz (package lcov 1.16-1); patchutils'
# manual pages man1/combinediff, dehtmldiff, filterdiff, fixcvsdiff, flipdiff, grepdiff, interdiff, lsdiff,
# patchview, recountdiff, rediff, splitdiff and unwrapdiff.1.gz and man6/espdiff.6.gz (package patchutils 0.4.2-1);
# strace's gzipped NEWS.gz and manual pages man1/strace.1.gz and strace-log-merge.1.gz (package strace 6.1-0.1); the
# Dmalloc (debug malloc library) manual as one HTML page dmalloc.html, its RELEASE.html, the extensionless README,
# NOTES and README.Debian, the gzipped NEWS.gz and TODO.gz and the manual page man1/dmalloc.1.gz (package
# libdmalloc-dev 5.5.2-14); the CGDB manual as one gzipped info file cgdb.info.gz (from /usr/share/info; package cgdb
# 0.8.0-1); and bmake's (NetBSD make's) PMake tutorial tutorial.asc.gz, README.Debian and NEWS.Debian.gz, the manual
# pages man1/bmake.1.gz, pmake.1.gz and mkdep.1.gz, and the prose notes on its make include files,
# mk-bmake/mk-files.txt and mk-bmake/README (from /usr/share/bmake/mk-bmake) and mk-netbsd/bsd.README (from
# /usr/share/bmake/mk-netbsd) (package bmake 20200710-15+b1).
# Changelogs, copyright files and images are left out, and so are: universal-ctags' ctags-incompatibilities.7.gz and
# ctags-optlib.7.gz (byte-for-byte copies of the ctags-universal-* pages); LCOV's examples/ (a C program, its
# Makefile and a three-line README); patchutils' man1/editdiff.1.gz (a symlink to rediff.1.gz); strace's
# examples/strace-graph.gz (a Perl script); Dmalloc's dmalloc.info.gz, dmalloc.texi.gz and dmalloc.pdf.gz (the same
# manual as dmalloc.html) and examples/ (C, C++, Perl, gdb scripts and per-platform notes); bmake's tutorial.ps.gz
# (the same tutorial as PostScript), changelog.Debian.amd64.gz and the *.mk include files themselves (make code).
# Needs the packages universal-ctags, lcov, patchutils, strace, libdmalloc-dev, cgdb and bmake with their docs,
# installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends universal-ctags lcov patchutils strace libdmalloc-dev cgdb bmake;
# the first four were already installed here, the last three were installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-56
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
put universal-ctags/man1 "$man/man1/ctags-universal.1.gz" "$man/man1/readtags.1.gz"
put universal-ctags/man5 "$man/man5/tags.5.gz"
put universal-ctags/man7 "$man"/man7/ctags-universal-{client-tools,faq,incompatibilities,optlib}.7.gz \
  "$man"/man7/ctags-universal-lang-{iPythonCell,inko,julia,python,r,sql,verilog}.7.gz
put lcov/man1 "$man"/man1/{lcov,genhtml,geninfo,gendesc,genpng}.1.gz
put lcov/man5 "$man/man5/lcovrc.5.gz"
put patchutils/man1 "$man"/man1/{combinediff,dehtmldiff,filterdiff,fixcvsdiff,flipdiff,grepdiff,interdiff}.1.gz \
  "$man"/man1/{lsdiff,patchview,recountdiff,rediff,splitdiff,unwrapdiff}.1.gz
put patchutils/man6 "$man/man6/espdiff.6.gz"
put strace "$doc/strace/NEWS.gz"
put strace/man1 "$man/man1/strace.1.gz" "$man/man1/strace-log-merge.1.gz"
d=$doc/libdmalloc-dev
put libdmalloc-dev "$d/dmalloc.html" "$d/RELEASE.html" "$d/README" "$d/NOTES" "$d/README.Debian" "$d/NEWS.gz" \
  "$d/TODO.gz"
put libdmalloc-dev/man1 "$man/man1/dmalloc.1.gz"
put cgdb "$info/cgdb.info.gz"
put bmake "$doc/bmake/tutorial.asc.gz" "$doc/bmake/README.Debian" "$doc/bmake/NEWS.Debian.gz"
put bmake/man1 "$man"/man1/{bmake,pmake,mkdep}.1.gz
put bmake/mk-bmake /usr/share/bmake/mk-bmake/mk-files.txt /usr/share/bmake/mk-bmake/README
put bmake/mk-netbsd /usr/share/bmake/mk-netbsd/bsd.README
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
