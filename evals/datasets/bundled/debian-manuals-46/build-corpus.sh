#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# squidGuard's extensionless README and README.Debian, its gzipped Debian NEWS.Debian.gz, CONFIGURATION.gz (a text
# dump of the basic-configuration web page), README.LDAP.gz and ANNOUNCE.gz, and the examples sample.conf,
# time-config.txt and dest-snippet.txt (package squidguard 1.6.0-4); eleven of squidGuard's HTML documentation pages
# (squidguard-doc/html/: index, features, install, configure, extended, expressionlist, authentication, ldap,
# ldap-ad-tips, runtimeops and troubleshoot .html) with the three older text pages that have no HTML form, the gzipped
# doc/configuration.txt.gz, doc/faq.txt.gz and doc/installation.txt.gz, and the plain doc/LDAPFlow.txt (package
# squidguard-doc 1.6.0-4); the Stealth 4.03.03 user guide as nine yodl-generated HTML pages
# (stealth-doc/manual/html/stealth.html and stealth01.html to stealth08.html) with the gzipped README.gz,
# README.3.00.00.gz (option changes in 3.00.00) and the three gzipped example policy files examples/demo.pol.gz,
# localhost.pol.gz and simple.pol.gz (package stealth-doc 4.03.03-1); Backup Manager's extensionless README and
# README.Debian and its gzipped NEWS.gz and NEWS.Debian.gz (package backup-manager 0.7.14-1.3); the Backup Manager
# 0.7.7 User Guide both as a gzipped pdfTeX PDF (user-guide.pdf.gz, 29 pages) and as its four debiandoc HTML pages
# (user-guide.html/: index, ch-about, ch-using and ch-configuration .html) (package backup-manager-doc 0.7.14-1.3);
# ulogd's extensionless README, README.Debian and TODO, its gzipped NEWS.Debian.gz, the LinuxDoc HTML manual
# ulogd.html and the commented examples/ulogd.conf (package ulogd2 2.0.8-1); and the mergerfs manual as gzipped
# Markdown (README.md.gz, 100 KB of text) with Debian's extensionless README.Debian (package mergerfs 2.33.5-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: squidGuard's other examples
# (the squidGuard.cgi scripts, the babel.* message files of the CGI, the squidGuardRobot Perl scripts),
# squidguard-doc's text forms of ten of the HTML pages (doc/*.txt.gz and doc/runtimeops.txt: the same text) and
# squidGuard.gif; stealth-doc's LaTeX sources and DVI (manual/LaTeX/), its PDF manual (manual/pdf/stealth.pdf.gz,
# the same text as the HTML pages), stealth.xref.gz (a cross-reference list) and ACKNOWLEDGEMENTS.gz (names), and
# the docs of the stealth package itself (stealthman.html, the manual page as HTML, and the example scripts under
# scripts/; that package is not needed); Backup Manager's AUTHORS and user-guide.txt.gz (the same text as the PDF
# and the HTML pages); ulogd2's AUTHORS, ulogd.txt.gz (the same text as ulogd.html), the SQL schemas
# (mysql-ulogd2*.sql.gz, pgsql-ulogd2*.sql.gz, sqlite3.table) and examples/pcap2ulog (a script); and the packages'
# configuration files under /etc (/etc/squidguard/squidGuard.conf, /etc/backup-manager.conf, /etc/ulogd.conf ...),
# which are not documentation and may be edited locally.
# Needs the packages squidguard, squidguard-doc, stealth-doc, backup-manager, backup-manager-doc, ulogd2 and mergerfs
# with their docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends squidguard squidguard-doc stealth-doc backup-manager
# backup-manager-doc ulogd2 mergerfs; none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-46
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
g=$doc/squidguard
put squidguard "$g/README" "$g/README.Debian" "$g/NEWS.Debian.gz" "$g/CONFIGURATION.gz" "$g/README.LDAP.gz" \
  "$g/ANNOUNCE.gz"
put squidguard/examples "$g/examples/sample.conf" "$g/examples/time-config.txt" "$g/examples/dest-snippet.txt"
gd=$doc/squidguard-doc
put squidguard-doc/html "$gd"/html/{index,features,install,configure,extended,expressionlist,authentication}.html \
  "$gd"/html/{ldap,ldap-ad-tips,runtimeops,troubleshoot}.html
put squidguard-doc/doc "$gd/doc/configuration.txt.gz" "$gd/doc/faq.txt.gz" "$gd/doc/installation.txt.gz" \
  "$gd/doc/LDAPFlow.txt"
sd=$doc/stealth-doc
put stealth-doc "$sd/README.gz" "$sd/README.3.00.00.gz"
put stealth-doc/examples "$sd/examples/demo.pol.gz" "$sd/examples/localhost.pol.gz" "$sd/examples/simple.pol.gz"
put stealth-doc/manual/html "$sd"/manual/html/stealth{,01,02,03,04,05,06,07,08}.html
b=$doc/backup-manager
put backup-manager "$b/README" "$b/README.Debian" "$b/NEWS.gz" "$b/NEWS.Debian.gz"
bd=$doc/backup-manager-doc
put backup-manager-doc "$bd/user-guide.pdf.gz"
put backup-manager-doc/user-guide.html "$bd"/user-guide.html/{index,ch-about,ch-using,ch-configuration}.html
u=$doc/ulogd2
put ulogd2 "$u/README" "$u/README.Debian" "$u/NEWS.Debian.gz" "$u/TODO" "$u/ulogd.html"
put ulogd2/examples "$u/examples/ulogd.conf"
m=$doc/mergerfs
put mergerfs "$m/README.md.gz" "$m/README.Debian"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
