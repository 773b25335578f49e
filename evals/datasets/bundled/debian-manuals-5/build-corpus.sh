#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, folder layout kept):
# the Nettle manual as a gzipped TeX-typeset PDF (its HTML form is left out, so the PDF is the only copy); the GnuPG
# info manual split in three parts (gnupg.info.gz holds the indirect table and tag table, the text is in
# gnupg.info-1.gz and gnupg.info-2.gz; the two PNG figures it names are left out); Git's README.md, the git-subtree
# AsciiDoc page from contrib/subtree, and the 36 release notes of Git 2.35.0 to 2.39.5 (plain text, RelNotes/ layout
# kept); and the GNU coreutils info manual as one .info.gz. Changelogs and copyright files are left out. Needs the
# packages nettle-dev, gnupg, git and coreutils with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-5
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put nettle "$doc/nettle-dev/nettle.pdf.gz"
put gnupg "$info"/{gnupg.info.gz,gnupg.info-1.gz,gnupg.info-2.gz}
put git "$doc/git/README.md"
put git/contrib/subtree "$doc/git/contrib/subtree/git-subtree.txt"
# Release notes of the 2.35 to 2.39 series (2.35.0 ... 2.39.5): a glob that matches nothing is an error too.
notes=("$doc"/git/RelNotes/2.3[5-9].*.txt)
[ "${#notes[@]}" -ge 36 ] || { echo "missing git release notes 2.35-2.39 in $doc/git/RelNotes" >&2; exit 1; }
put git/RelNotes "${notes[@]}"
put coreutils "$info/coreutils.info.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
