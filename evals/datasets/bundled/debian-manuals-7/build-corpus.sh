#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, folder layout kept):
# the GNU ed manual as an info file (ed.info.gz) with ed's README and NEWS (gzipped text); zlib's FAQ, README and
# algorithm notes (gzipped text), its annotated zpipe.c walk-through (zlib_how.html), the examples README and the
# CRC paper "Everything we know about CRC but afraid to forget" as a gzipped pdfTeX PDF; the man-db manual as
# gzipped grotty text with ANSI SGR escapes (its PostScript form is left out), man-db's FAQ, TODO, README.md.gz,
# NEWS.md.gz and an example manpath.config; libjpeg-turbo's usage, wizard and library notes (gzipped text) and its
# README.md.gz; and setuptools' reStructuredText pages (gzipped and plain, one named "python 2 sunset.rst").
# Changelogs and copyright files are left out. Needs the packages ed, zlib1g-dev, man-db, libjpeg62-turbo-dev and
# python3-setuptools with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-7
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put ed "$info/ed.info.gz" "$doc"/ed/{README.gz,NEWS.gz}
put zlib1g-dev "$doc"/zlib1g-dev/{FAQ.gz,README.gz,algorithm.txt.gz,txtvsbin.txt.gz,crc-doc.1.0.pdf.gz}
put zlib1g-dev/examples "$doc"/zlib1g-dev/examples/{zlib_how.html,README.examples}
put man-db "$doc"/man-db/{man-db-manual.txt.gz,FAQ,TODO,README.md.gz,NEWS.md.gz}
put man-db/examples "$doc/man-db/examples/manpath.config"
put libjpeg62-turbo-dev "$doc"/libjpeg62-turbo-dev/{usage.txt.gz,wizard.txt.gz,libjpeg.txt.gz,README.md.gz,README.ijg.gz}
put python3-setuptools "$doc"/python3-setuptools/{setuptools.rst.gz,build_meta.rst.gz,artwork.rst.gz} \
  "$doc/python3-setuptools/python 2 sunset.rst" "$doc"/python3-setuptools/{history.rst,index.rst,roadmap.rst}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
