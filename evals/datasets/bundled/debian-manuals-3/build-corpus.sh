#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged): the GNU info manuals
# of gzip, wget, bc and time (/usr/share/info/*.info.gz, info text with its node separators and tag table), those
# packages' README/NEWS/TODO files (plain, extensionless or .gz), and sudo's docs (Markdown, gzipped Markdown,
# extensionless text, Debian NEWS, and the example sudoers/sudo.conf files). Changelogs and copyright files are
# left out. Needs the gzip, wget, bc, time and sudo packages with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-3
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put gzip "$info/gzip.info.gz" "$doc/gzip/README.gz" "$doc/gzip/NEWS.gz" "$doc/gzip/TODO"
put wget "$info/wget.info.gz" "$doc/wget/README" "$doc/wget/NEWS.gz"
put bc "$info/bc.info.gz" "$doc/bc/README" "$doc/bc/NEWS.gz"
put time "$info/time.info.gz" "$doc/time/README"
put sudo "$doc"/sudo/{README.md,CONTRIBUTING.md,HISTORY.md,SECURITY.md,TROUBLESHOOTING.md.gz,UPGRADE.md.gz} \
  "$doc"/sudo/{OPTIONS,README.Debian,NEWS.gz,NEWS.Debian.gz}
put sudo/examples "$doc"/sudo/examples/{sudoers,sudo.conf}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
