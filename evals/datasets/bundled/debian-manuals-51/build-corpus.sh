#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the csvkit 1.0.7 documentation as twenty-four Sphinx HTML pages (csvkit-doc/html/: index.html, cli.html,
# common_arguments.html, tricks.html, tutorial.html and contributing.html; tutorial/1_getting_started.html,
# 2_examining_the_data.html, 3_power_tools.html and 4_going_elsewhere.html; and the fourteen tool pages
# scripts/csvclean, csvcut, csvformat, csvgrep, csvjoin, csvjson, csvlook, csvpy, csvsort, csvsql, csvstack, csvstat,
# in2csv and sql2csv .html) from /usr/share/doc/csvkit/html (package csvkit-doc 1.0.7-1); the GNU recode manual as
# one gzipped info file recode.info.gz (from /usr/share/info) with the gzipped NEWS.gz and the extensionless TODO
# (package recode 3.6-25); TiMidity++'s gzipped FAQ.gz, README.alsaseq.gz (the ALSA sequencer interface),
# README.m2m.gz (the mod-to-MIDI converter), README.mts.gz (MIDI Tuning Standard) and README.xaw.gz (the Athena
# widget interface), and the extensionless README, README.Debian, README.dl (dynamically loaded interfaces),
# README.sf (SoundFonts), README.tk (the Tcl/Tk interface) and README.xskin (the skin interface) (package timidity
# 2.14.0-8.1); mpg123's gzipped README.gz, README.remote.gz (the generic control interface for frontends),
# README.gain.gz (notes on RVA and ReplayGain) and BENCHMARKING.gz (package mpg123 1.31.2-1+deb12u1); abcMIDI's
# gzipped abcguide.txt.gz (the guide to writing abc for abc2midi), readme.txt.gz (midi2abc, abc2midi, abc2abc,
# yaps, midicopy and the other tools), abcmatch.txt.gz, yapshelp.txt.gz and history.txt.gz, and the plain
# hudsonshift.txt (package abcmidi 20230208+ds1-1); and GNU Source-highlight's manual as one texinfo HTML page
# source-highlight.html, its home page index.html and examples.html, the gzipped README.gz and NEWS.gz, the
# extensionless README.Debian and TODO.txt (package source-highlight 3.1.9-4.2+b3).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: csvkit-doc's _sources/ (the
# reStructuredText sources of the same pages, as .rst.txt), _static/ (CSS, JavaScript, fonts and icons),
# genindex.html, search.html, searchindex.js and objects.inv (Sphinx's index and search machinery), license.html
# (the licence text), release.html (the maintainers' release checklist) and changelog.html.gz (a changelog);
# recode's File-Latin1 (a table of the Latin-1 characters, in Latin-1, not prose) and THANKS.gz (contributors'
# names and addresses); TiMidity++'s AUTHORS, README.w32.gz (compiling it on Windows) and examples/test_sample.mid.gz
# (a MIDI file); mpg123's AUTHORS.gz, THANKS and CONTACT (names and addresses); abcmidi's examples/ (ten tunes in abc
# notation, music rather than prose); and source-highlight's source-highlight.info.gz (the same manual again, as
# info), the 47 other HTML files (style_examples.html, a gallery of its CSS styles applied to code, and sample
# outputs such as Hello1.html, test.java.html, access.log.html, source-highlight.cc.html, cmdline.h.html and
# default.style.html: highlighted code, not prose), its 46 CSS files, the Java sources Hello.java, SimpleClass.java
# and UsageExample.java, examples/ (C++ examples of its library) and AUTHORS, CREDITS and THANKS.
# Needs the packages csvkit-doc, recode, timidity, mpg123, abcmidi and source-highlight with their docs, installed one
# at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends csvkit-doc recode timidity mpg123 abcmidi source-highlight; none
# of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-51
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
c=$doc/csvkit/html
put csvkit-doc/html "$c/index.html" "$c/cli.html" "$c/common_arguments.html" "$c/tricks.html" "$c/tutorial.html" \
  "$c/contributing.html"
put csvkit-doc/html/tutorial "$c"/tutorial/*.html
put csvkit-doc/html/scripts "$c"/scripts/*.html
r=$doc/recode
put recode "$info/recode.info.gz" "$r/NEWS.gz" "$r/TODO"
t=$doc/timidity
put timidity "$t/FAQ.gz" "$t/README" "$t/README.Debian" "$t/README.alsaseq.gz" "$t/README.dl" "$t/README.m2m.gz" \
  "$t/README.mts.gz" "$t/README.sf" "$t/README.tk" "$t/README.xaw.gz" "$t/README.xskin"
m=$doc/mpg123
put mpg123 "$m/README.gz" "$m/README.remote.gz" "$m/README.gain.gz" "$m/BENCHMARKING.gz"
a=$doc/abcmidi
put abcmidi "$a/abcguide.txt.gz" "$a/readme.txt.gz" "$a/abcmatch.txt.gz" "$a/yapshelp.txt.gz" "$a/history.txt.gz" \
  "$a/hudsonshift.txt"
s=$doc/source-highlight
put source-highlight "$s/source-highlight.html" "$s/index.html" "$s/examples.html" "$s/README.gz" "$s/NEWS.gz" \
  "$s/README.Debian" "$s/TODO.txt"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
