#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, folder layout kept):
# the GNU Readline user manual as an info file (rluserman.info.gz); fontconfig's fonts-conf page as DocBook SGML
# HTML (upper-case tags, '>' opening the next line); the bzip2/libbzip2 manual as a gzipped PassiveTeX PDF (its
# HTML, PostScript, texinfo and info forms are left out, so the PDF is the only copy); zstd's Markdown files (two
# gzipped, two not); and the X11 extension protocol specs of x11proto-dev as tab-laid-out plain text (gzipped, one
# of them without an extension: PM_spec.gz). Changelogs and copyright files are left out. Needs the packages
# readline-common, fontconfig, bzip2-doc, zstd and x11proto-dev with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-6
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put readline-common "$info/rluserman.info.gz" "$doc/readline-common/inputrc.arrows"
put libreadline8 "$doc"/libreadline8/{README.Debian,USAGE}
put libreadline8/examples "$doc/libreadline8/examples/Inputrc"
put fontconfig "$doc"/fontconfig/{fontconfig-user.html,README.Debian}
put bzip2 "$doc/bzip2/manual.pdf.gz"
put zstd "$doc"/zstd/{README.md.gz,CONTRIBUTING.md.gz,TESTING.md,CODE_OF_CONDUCT.md}
put x11proto-dev "$doc"/x11proto-dev/{PM_spec.gz,compositeproto.txt.gz,damageproto.txt.gz,dri2proto.txt.gz} \
  "$doc"/x11proto-dev/{dri3proto.txt.gz,fixesproto.txt.gz,presentproto.txt.gz,randrproto.txt.gz} \
  "$doc"/x11proto-dev/{renderproto.txt.gz,resproto.txt.gz,xv-protocol-v2.txt.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
