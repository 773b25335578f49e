#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (names unchanged; images, CSS and JS left out): libxslt's xsltproc
# man page (DocBook XSL HTML), its FAQ page (the project site's HTML with its menus), John Fleck's libxslt tutorial
# (DocBook HTML) and twelve of its API reference pages (the devhelp/gtk-doc style HTML); the GPT fdisk man pages as
# man2html HTML (gdisk, sgdisk, cgdisk, fixparts, each starting with a stray "Content-type:" line); Ninja's manual
# (AsciiDoc through DocBook XSL, one HTML page with inline CSS); the Debian Python Policy (Sphinx HTML); and the
# Shared MIME-info Database specification as Debian ships it in PDF (pdfTeX). Changelogs, copyright files and the
# other forms of the same texts (python-policy.txt.gz, the spec's HTML and XML) are left out. Needs the packages
# libxslt1-dev, gdisk, ninja-build, python3-dev and shared-mime-info with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-4
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
xslt=$doc/libxslt1-dev/html
put libxslt "$xslt/xsltproc.html" "$xslt/FAQ.html"
put libxslt/tutorial "$xslt/tutorial/libxslttutorial.html"
put libxslt/gtk-doc "$doc"/libxslt1-dev/gtk-doc/html/libxslt/libxslt-{transform,xsltutils,security,variables}.html \
  "$doc"/libxslt1-dev/gtk-doc/html/libxslt/libxslt-{templates,extensions,documents,keys}.html \
  "$doc"/libxslt1-dev/gtk-doc/html/libxslt/libxslt-{pattern,imports,namespaces,attributes}.html
put gdisk "$doc"/gdisk/{gdisk,sgdisk,cgdisk,fixparts}.html
put ninja "$doc/ninja-build/manual.html"
put python "$doc/python3/python-policy.html"
put shared-mime-info "$doc/shared-mime-info/shared-mime-info-spec.pdf"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
