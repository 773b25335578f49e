#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded):
# one long typeset PDF, Valgrind's user manual as Debian ships it (DocBook through LaTeX/FOP, gzipped). The file is
# copied as it is: ingestion reads a .pdf.gz directly. Needs the valgrind package's docs.
# Then: npm run eval -- evals/datasets/bundled/valgrind-pdf
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/corpus"
src=/usr/share/doc/valgrind/valgrind_manual.pdf.gz
[ -f "$src" ] || { echo "missing $src: install the valgrind package (with its docs)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cp "$src" "$out/"
echo "corpus: $(find "$out" -type f | wc -l) file(s) in $out"
