#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# twenty-four pages of the tinc 1.0.36 VPN manual as makeinfo's one-node-per-page HTML (tinc.html/: Introduction,
# Virtual-Private-Networks, Configuration-introduction, Multiple-networks, How-connections-work, Configuration-files,
# Main-configuration-variables, Host-configuration-variables, Scripts, How-to-configure, Generating-keypairs,
# Network-interfaces, Example-configuration, Runtime-options, Signals, Debug-levels, Solving-problems,
# Error-messages, Routes, The-UDP-tunnel, The-meta_002dprotocol, Security-issues, Encryption-of-network-packets,
# Authentication-protocol) with tinc's README.gz, NEWS.gz and Debian's README.Debian (package tinc 1.0.36-2+b2);
# Pure-FTPd 1.0.50's gzipped README.gz and README.Authentication-Modules.gz, README.LDAP.gz, README.MySQL.gz,
# README.PGSQL.gz, README.TLS.gz and README.Virtual-Users.gz, the extensionless README.Configuration-File and Debian's
# README.Debian and NEWS.Debian.gz (package pure-ftpd-common 1.0.50-2.1); getmail 6's hand-written HTML
# documentation.html, configuration.html (128 KB), faq.html and troubleshooting.html, the gzipped
# getmailrc-examples.gz, the extensionless README and BUGS and Debian's NEWS.Debian.gz (package getmail6
# 6.18.11-2); the mpop 1.4.18 manual as one gzipped info file (from /usr/share/info) with NEWS.gz, the extensionless
# NOTES, README and README.Debian and the commented examples/mpoprc.example (package mpop 1.4.18-1); and eleven GNU
# Parallel 20221122 documents as pod2html XHTML (parallel_tutorial.html, parallel_examples.html,
# parallel_design.html, parallel_book.html, sem.html, niceload.html, parcat.html, parsort.html, parset.html,
# env_parallel.html, sql.html) with README.gz (package parallel 20221122+ds-2).
# Changelogs, copyright files, man pages (roff), scripts and other forms of the same texts are left out: tinc's other
# forty-one HTML pages (building and per-platform kernel pages, the concept index, contact and author pages) and
# tinc.info.gz (the same manual as info), AUTHORS and NEWS.Debian.gz; Pure-FTPd's AUTHORS, THANKS, HISTORY,
# README.Donations and the LDAP schema pureftpd.schema; getmail's .txt.gz copies of its four HTML pages, THANKS and
# getmaildocs.css; mpop's AUTHORS and THANKS; GNU Parallel's parallel.html and parallel_alternatives.html (the
# option reference and the comparison with other tools, about 300 KB), every document's .pdf.gz and .texi(.gz)
# forms, the empty .rst files and the cheat-sheet PDF. Needs the packages tinc, pure-ftpd-common, getmail6, mpop
# and parallel with their docs (apt-get install tinc pure-ftpd-common getmail6 mpop parallel; none of them were
# installed on this machine before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-24
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
t=$doc/tinc
put tinc "$t"/{README.gz,NEWS.gz,README.Debian}
put tinc/tinc.html "$t"/tinc.html/{Introduction,Virtual-Private-Networks,Configuration-introduction}.html \
  "$t"/tinc.html/{Multiple-networks,How-connections-work,Configuration-files,Main-configuration-variables}.html \
  "$t"/tinc.html/{Host-configuration-variables,Scripts,How-to-configure,Generating-keypairs}.html \
  "$t"/tinc.html/{Network-interfaces,Example-configuration,Runtime-options,Signals,Debug-levels}.html \
  "$t"/tinc.html/{Solving-problems,Error-messages,Routes,The-UDP-tunnel,The-meta_002dprotocol}.html \
  "$t"/tinc.html/{Security-issues,Encryption-of-network-packets,Authentication-protocol}.html
p=$doc/pure-ftpd-common
put pure-ftpd-common "$p"/README{,.Authentication-Modules,.LDAP,.MySQL,.PGSQL,.TLS,.Virtual-Users}.gz \
  "$p"/{README.Configuration-File,README.Debian,NEWS.Debian.gz}
g=$doc/getmail6
put getmail6 "$g"/{documentation,configuration,faq,troubleshooting}.html "$g"/{getmailrc-examples.gz,README,BUGS} \
  "$g/NEWS.Debian.gz"
put mpop "$info/mpop.info.gz" "$doc"/mpop/{NEWS.gz,NOTES,README,README.Debian}
put mpop/examples "$doc/mpop/examples/mpoprc.example"
l=$doc/parallel
put parallel "$l/README.gz" "$l"/{parallel_tutorial,parallel_examples,parallel_design,parallel_book}.html \
  "$l"/{sem,niceload,parcat,parsort,parset,env_parallel,sql}.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
