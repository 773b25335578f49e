#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the GNU Screen manual as an info file split in seven parts (screen.info.gz, the tag table, and screen.info-1.gz to
# screen.info-6.gz) with Screen's FAQ, README, Debian README and the example screenrc and etcscreenrc; the nano
# manual as an info file with nano's FAQ (HTML), README, IMPROVEMENTS, NEWS (gzipped text) and the commented
# sample.nanorc; chrony's FAQ, README, NEWS (gzipped text), Debian README and NEWS and the three example
# chrony.conf files; rsync's release notes (NEWS.md.gz, gzipped Markdown), Debian README and NEWS and the example
# rsyncd.conf; fourteen pages of the SQLite documentation (HTML, package sqlite3-doc); the flex manual as a gzipped
# texinfo PDF (its HTML form is left out, so the PDF is the only copy) with flex's README.md.gz; and cron's README,
# FEATURES, Debian README, TODO.Debian, README.anacron and NEWS.Debian. Changelogs, copyright files, THANKS lists,
# PostScript figures, man pages (roff) and other forms of the same texts (nano.html, flex's HTML pages) are left
# out. Needs the packages screen, nano, chrony, rsync, sqlite3-doc, flex-doc and cron with their docs (apt-get
# install screen nano chrony rsync sqlite3-doc flex-doc cron; none of them was installed here before this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-10
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put screen "$info"/screen.info{,-1,-2,-3,-4,-5,-6}.gz "$doc"/screen/{FAQ.gz,README,README.Debian.gz}
put screen/examples "$doc"/screen/examples/{screenrc,etcscreenrc}
put nano "$info/nano.info.gz" "$doc"/nano/{faq.html,README.gz,IMPROVEMENTS.gz,NEWS.gz}
put nano/examples "$doc/nano/examples/sample.nanorc"
put chrony "$doc"/chrony/{FAQ.gz,README.gz,NEWS.gz,README.Debian,NEWS.Debian.gz}
put chrony/examples "$doc"/chrony/examples/chrony.conf.example{1,2,3}
put rsync "$doc"/rsync/{NEWS.md.gz,README.Debian,NEWS.Debian.gz}
put rsync/examples "$doc/rsync/examples/rsyncd.conf"
put sqlite3 "$doc"/sqlite3/{cli,wal,faq,pragma,datatype3,foreignkeys,lang_datefunc,stricttables}.html \
  "$doc"/sqlite3/{autoinc,json1,quirks,lang_vacuum,whentouse,inmemorydb}.html
put flex "$doc"/flex-doc/{flex.pdf.gz,README.md.gz}
put cron "$doc"/cron/{README,FEATURES,README.Debian,TODO.Debian,README.anacron,NEWS.Debian.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
