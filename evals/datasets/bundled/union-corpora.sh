# Sourced by the follow-up sets' build-corpus.sh once they have set `here` (their own folder): `union SET...` empties
# $here/corpus and copies into it the corpus/ of each named folder set (one folder per package; the sets' package
# folders must not collide), building a set's corpus first with its own build-corpus.sh if it is missing.
union() {
  local out="$here/corpus" s src
  rm -rf "$out"
  mkdir -p "$out"
  for s in "$@"; do
    src="$here/../$s"
    [ -d "$src/corpus" ] || bash "$src/build-corpus.sh"
    cp -a "$src/corpus/." "$out/"
  done
  echo "built $out: $(find "$out" -type f | wc -l) files"
}
