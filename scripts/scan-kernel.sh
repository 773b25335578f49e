#!/usr/bin/env bash
# Rebuilds the WebAssembly bytes in src/store/scan-kernel.ts from src/store/scan-kernel.wat (Debian's `wabt`:
# apt-get install wabt). With --check it only says whether the two agree (exit 1 when they do not).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wat2wasm >/dev/null || { echo "wat2wasm not found: apt-get install wabt" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
wat2wasm src/store/scan-kernel.wat -o "$tmp"
bytes=$(base64 -w0 "$tmp")
ts=src/store/scan-kernel.ts
# The constant as the formatter writes it: `const KERNEL =` then the quoted bytes on the next line.
have=$(perl -0ne "print \$1 if /const KERNEL =\s*'([^']*)';/" "$ts")
[ -n "$have" ] || { echo "no KERNEL constant in $ts" >&2; exit 1; }
if [ "${1:-}" = --check ]; then
  [ "$have" = "$bytes" ] && echo "scan-kernel.ts matches scan-kernel.wat" && exit 0
  echo "scan-kernel.ts is out of date: run bash scripts/scan-kernel.sh" >&2
  exit 1
fi
BYTES=$bytes perl -0pi -e "s/const KERNEL =\s*'[^']*';/const KERNEL =\n  '\$ENV{BYTES}';/" "$ts"
[ "$(perl -0ne "print \$1 if /const KERNEL =\s*'([^']*)';/" "$ts")" = "$bytes" ] || { echo "could not write $ts" >&2; exit 1; }
echo "wrote $(wc -c <"$tmp") bytes into $ts"
