#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from the manuals a Debian machine has installed (nothing is downloaded):
# grep's man page as text (man -l, no hyphenation or justification), tar's man page as a PDF (groff -Tpdf), and the
# findutils and diffutils info manuals as plain text (info control characters, index markers and the tag table
# removed). Needs man-db, groff and the grep, tar, findutils and diffutils manuals (Debian: man-db, groff, and the
# packages' own docs). Then: npm run eval -- evals/datasets/bundled/debian-manuals
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/corpus"
rm -rf "$out"
mkdir -p "$out"/{grep,tar,findutils,diffutils}
MANWIDTH=80 man --nj --nh -l /usr/share/man/man1/grep.1.gz 2>/dev/null | col -bx >"$out/grep/grep.1.txt"
zcat /usr/share/man/man1/tar.1.gz | groff -man -Tpdf >"$out/tar/tar.1.pdf" 2>/dev/null
info_text() { zcat "$@" | python3 -c '
import re, sys
b = sys.stdin.buffer.read()
b = b.split(b"\x1f\nTag Table:")[0]
b = re.sub(rb"\x00\x08\[index\x00\x08\]", b"", b)
sys.stdout.buffer.write(b.replace(b"\x1f", b"").replace(b"\x00", b"").replace(b"\x08", b""))'; }
info_text /usr/share/info/find.info-*.gz >"$out/findutils/find.info.txt"
info_text /usr/share/info/diffutils.info.gz >"$out/diffutils/diffutils.info.txt"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
