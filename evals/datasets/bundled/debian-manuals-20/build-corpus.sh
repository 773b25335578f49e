#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# nine pages of the Supervisor 4.2.5 documentation as Sphinx HTML (Alabaster theme: a navigation sidebar with a "Quick
# search" box on every page, "¶" anchors): the introduction, installing, running, configuration-file, subprocess,
# logging, events, upgrading and FAQ pages (package supervisor-doc), with Debian's README.Debian and the ";"-commented
# example sample.conf (package supervisor); the Network UPS Tools FAQ as a DBLaTeX PDF (21 pages, the only copy of its
# text here) and seven chapters of the NUT user manual as DocBook XSL chunked HTML ("Prev/Next" navigation) with
# NEWS.Debian.gz and TODO.gz (package nut-doc); reprepro's hand-written manual.html, its gzipped FAQ, NEWS and
# short-howto and the extensionless README, TODO and recovery (package reprepro); OpenDKIM's READMEs, most gzipped
# (README.gz, README.opendkim.gz, README.Debian.gz, README.SQL.gz, README.LDAP.gz, FEATURES.gz, NEWS.Debian.gz), the
# extensionless KNOWNBUGS and chroot notes, the hand-written link page README.specs.html and three example
# configuration files, opendkim.conf.sample, opendkim.conf.simple and opendkim.conf.simple-verify (package opendkim);
# hostapd's gzipped README, README-WPS and README-MULTI-AP, README.Debian, NEWS.Debian.gz and four files of
# examples/, among them the 3,047-line commented hostapd.conf (package hostapd); procmail's extensionless FAQ,
# FEATURES, KNOWN_BUGS, QuickStart, README and README.Maildir, HISTORY.gz and four example files, 1procmailrc to
# 3procmailrc and advanced (package procmail); and the ccache 4.7.5 manual as one Asciidoctor HTML page with README.md,
# README.Debian and NEWS.Debian.gz (package ccache). Changelogs, copyright files, man pages (roff), example scripts and
# other forms of the same texts are left out: Supervisor's API, XML-RPC, plugins, development and glossary pages, the
# index, genindex, search and py-modindex pages, _sources/, _static/, _images/, searchindex.js and objects.inv, and the
# five example Python scripts; NUT's FAQ.html and the 58 chunked pages of html/FAQ/ (the same text as the PDF),
# the other five PDFs (the user manual, developer and packager guides, cables, Solaris USB), the user manual's
# introduction, download and daisychain chapters, its index and 75 appendix pages, the developer guide, packager
# guide, cables and Solaris USB HTML, images and style sheets, README.gz (the same text as the overview chapter),
# NEWS.gz (92 KB of release notes) and AUTHORS.gz; reprepro's examples/; OpenDKIM's README.Sendmail, the LDAP schema
# and LDIF files and the Lua samples; hostapd's hostapd.deny and hostapd.radius_clients; procmail's 1rmail to 3rmail,
# forward and local_procmail_lmtp.m4; ccache's MANUAL.adoc.gz (the AsciiDoc source of manual.html). Needs the packages
# supervisor, supervisor-doc, nut-doc, reprepro, opendkim, hostapd, procmail and ccache with their docs (apt-get
# install supervisor supervisor-doc nut-doc reprepro opendkim hostapd procmail ccache; none of them was installed here
# before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-20
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
s=$doc/supervisor
put supervisor-doc/html "$s"/html/{introduction,installing,running,configuration,subprocess,logging,events}.html \
  "$s"/html/{upgrading,faq}.html
put supervisor "$s/README.Debian"
put supervisor/examples "$s/examples/sample.conf"
n=$doc/nut-doc
put nut-doc "$n"/{NEWS.Debian.gz,TODO.gz}
put nut-doc/pdf "$n/pdf/FAQ.pdf"
put nut-doc/html/user-manual "$n"/html/user-manual/ar01s{02,03,05,06,07,08,10}.html
r=$doc/reprepro
put reprepro "$r"/{manual.html,FAQ.gz,README,recovery,short-howto.gz,NEWS.gz,TODO}
o=$doc/opendkim
put opendkim "$o"/{README.gz,README.opendkim.gz,README.Debian.gz,NEWS.Debian.gz,FEATURES.gz,KNOWNBUGS,README.SQL.gz} \
  "$o"/{README.LDAP.gz,README.specs.html,chroot}
put opendkim/examples "$o"/examples/{opendkim.conf.sample,opendkim.conf.simple,opendkim.conf.simple-verify}
h=$doc/hostapd
put hostapd "$h"/{README.gz,README-WPS.gz,README-MULTI-AP.gz,README.Debian,NEWS.Debian.gz}
put hostapd/examples "$h"/examples/{hostapd.conf,hostapd.eap_user,hostapd.wpa_psk,hostapd.accept}
p=$doc/procmail
put procmail "$p"/{FAQ,FEATURES,KNOWN_BUGS,QuickStart,README,README.Maildir,HISTORY.gz}
put procmail/examples "$p"/examples/{1procmailrc,2procmailrc,3procmailrc,advanced}
c=$doc/ccache
put ccache "$c"/{manual.html,README.md,README.Debian,NEWS.Debian.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
