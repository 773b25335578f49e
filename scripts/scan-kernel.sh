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
have=$(sed -n "s/^const KERNEL = '\(.*\)';$/\1/p" "$ts")
if [ "${1:-}" = --check ]; then
  [ "$have" = "$bytes" ] && echo "scan-kernel.ts matches scan-kernel.wat" && exit 0
  echo "scan-kernel.ts is out of date: run bash scripts/scan-kernel.sh" >&2
  exit 1
fi
sed -i "s|^const KERNEL = '.*';$|const KERNEL = '$bytes';|" "$ts"
echo "wrote $(wc -c <"$tmp") bytes into $ts"
