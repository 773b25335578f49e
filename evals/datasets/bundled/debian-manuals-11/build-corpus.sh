#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# twenty pages of the GNU M4 manual as texinfo-generated HTML (package m4-doc) with m4's NEWS, README (gzipped text)
# and TODO; dnsmasq's FAQ, Debian README and DBus notes (gzipped text), its two HTML pages, the extensionless
# systemd_howto and the commented dnsmasq.conf.example; OpenSSL's NEWS, README and README-ENGINES as gzipped
# Markdown with its Debian README, README.optimization and the certificate and key HOWTOs; "Information for
# Maintainers of GNU Software" as a gzipped pdfTeX PDF of texinfo (the only copy of its text here) with the GNU
# Coding Standards as an info file (package gnu-standards); the GNU units manual as an info file with units' README
# and NEWS; fail2ban's README.md.gz, Debian README and NEWS, FILTERS guide, run-rootless.txt and TODO; and mutt's
# Debian README, NEWS, SSL, S/MIME and PGP notes, three chapters of the mutt manual as DocBook HTML and example
# muttrc files with the OAuth2 README. Changelogs, copyright files, AUTHORS/THANKS lists, man pages (roff) and other
# forms of the same texts (m4's other manual pages, maintain.html/.text/.dvi, standards.pdf/.html/.text, mutt's
# manual.html and manual.txt.gz) are left out. Needs the packages m4, m4-doc, dnsmasq-base, openssl,
# gnu-standards, units, fail2ban and mutt with their docs (apt-get install m4 m4-doc dnsmasq-base gnu-standards
# units fail2ban mutt; openssl was already installed here, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-11
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put m4 "$doc"/m4/{NEWS.gz,README.gz,TODO} \
  "$doc"/m4/{Invoking-m4,Operation-modes,Preprocessor-features,Limits-control,Define,Quoting-Arguments}.html \
  "$doc"/m4/{Dnl,Changequote,Changecom,Include,Divert,Undivert,Syscmd,Esyscmd,Sysval,M4exit}.html \
  "$doc"/m4/{Eval,Patsubst,Translit,Incompatibilities}.html
put dnsmasq "$doc"/dnsmasq-base/{FAQ.gz,README.Debian.gz,DBus-interface.gz,doc.html,setup.html,systemd_howto}
put dnsmasq/examples "$doc/dnsmasq-base/examples/dnsmasq.conf.example"
put openssl "$doc"/openssl/{NEWS.md.gz,README.md.gz,README-ENGINES.md.gz,README.Debian,README.optimization}
put openssl/HOWTO "$doc"/openssl/HOWTO/{certificates.txt.gz,keys.txt}
put gnu-standards "$doc/gnu-standards/maintain.pdf.gz" "$info/standards.info.gz"
put units "$info/units.info.gz" "$doc"/units/{README.gz,NEWS.gz}
put fail2ban "$doc"/fail2ban/{README.md.gz,README.Debian.gz,NEWS.Debian.gz,FILTERS.gz,run-rootless.txt,TODO}
put mutt "$doc"/mutt/{README.Debian,NEWS.gz,README.SSL.gz,README.SMIME,PGP-Notes.txt.gz}
put mutt/html "$doc"/mutt/html/{optionalfeatures,security,tuning}.html
put mutt/examples "$doc"/mutt/examples/{sample.muttrc-starter,sample.muttrc-compress,mutt_oauth2.py.README}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
