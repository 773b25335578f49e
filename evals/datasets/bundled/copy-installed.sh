# Sourced by the folder sets' build-corpus.sh scripts once they have set `here` (their own folder): empties
# $here/corpus and defines `put DEST SRC...`, which copies each installed SRC file unchanged (gzipped stays gzipped,
# name kept) into corpus/DEST/ — a missing one is an error naming the file, not a silent gap. `info` and `doc` are
# where Debian installs manuals.
out="$here/corpus"
rm -rf "$out"
mkdir -p "$out"
info=/usr/share/info
doc=/usr/share/doc
put() {
  local dest=$out/$1 f
  shift
  mkdir -p "$dest"
  for f in "$@"; do
    [ -f "$f" ] || { echo "missing $f: install its package (with docs)" >&2; exit 1; }
    cp -p "$f" "$dest/"
  done
}
