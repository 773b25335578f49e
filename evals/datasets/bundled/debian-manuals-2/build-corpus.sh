#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# in formats other than those the ingestion was tuned on: groff's own -Thtml output (the pic and mom manuals),
# Valgrind's DocBook XSL HTML manual, libffi's texinfo HTML manual (Next/Previous/Up navigation), and pip's
# Sphinx sources (Markdown and reStructuredText, gunzipped where Debian compressed them). Images, stylesheets and
# the Sphinx conf.py are left out. Needs the groff-base, valgrind, libffi8 and python3-pip packages' docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/corpus"
rm -rf "$out"
mkdir -p "$out"
# copy_docs SRC DEST PATTERN...: every file under SRC matching one of the patterns, same relative path under DEST;
# a .gz file is written gunzipped without its .gz suffix.
copy_docs() {
  local src=$1 dest=$2
  shift 2
  local args=() p
  for p in "$@"; do args+=(-o -name "$p"); done
  (cd "$src" && find . -type f \( "${args[@]:1}" \) -print0) | while IFS= read -r -d '' f; do
    mkdir -p "$dest/$(dirname "$f")"
    case $f in
      *.gz) zcat "$src/$f" >"$dest/${f%.gz}" ;;
      *) cp "$src/$f" "$dest/$f" ;;
    esac
  done
}
copy_docs /usr/share/doc/groff-base/html "$out/groff" '*.html'
copy_docs /usr/share/doc/valgrind/html "$out/valgrind" '*.html'
copy_docs /usr/share/doc/libffi8/html "$out/libffi" '*.html'
copy_docs /usr/share/doc/python3-pip/html "$out/pip" '*.md' '*.md.gz' '*.rst' '*.rst.gz'
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
