#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# ferm's manual as HTML (ferm/ferm.html) with its reStructuredText README.rst, the extensionless README.Debian, the
# gzipped NEWS.gz and six commented example rule sets (ferm/examples/dsl_router.ferm, antiddos.ferm, mailserver.ferm,
# webserver.ferm, ipv6.ferm, resolve.ferm) (package ferm 2.5.1-1.1); ngIRCd's documentation (ngircd/: the Markdown
# README.md and SSL.md, the gzipped INSTALL.md.gz, FAQ.txt.gz, NEWS.Debian.gz and the commented sample-ngircd.conf.gz,
# the plain Commands.txt, Modes.txt, Capabilities.txt, Services.txt, PAM.txt, Bopm.txt and the extensionless
# README.Debian) (package ngircd 26.1-1+deb12u1); slrn's documentation (slrn/: the gzipped manual.txt.gz, FAQ.gz,
# FIRST_STEPS.gz, README.macros.gz, score.txt.gz and NEWS.Debian.gz, the extensionless README, README.SSL,
# README.multiuser and README.Debian, the HTML slrn-doc.html and the commented examples/slrn.rc.gz and
# examples/score.sl) (package slrn 1.0.3+dfsg-6+b1); leafnode's documentation (leafnode/: the gzipped README.gz,
# FAQ.txt.gz, README-FQDN.gz, KNOWNBUGS.gz and NEWS.Debian.gz, the extensionless README.Debian and
# touch_newsgroup.README, and the commented examples/config.example and examples/filters.example) (package leafnode
# 1.12.0-2); lsyncd's Markdown README.md, its README.Debian, the text manual lsyncd.1.txt and three commented Lua
# configurations (lsyncd/examples/lrsyncssh.lua, lbash.lua, lpostcmd.lua) (package lsyncd 2.2.3-1+b1); and nine
# pages of the Shorewall documentation as DocBook HTML (shorewall/html/: FAQ.htm, standalone.htm,
# two-interface.htm, starting_and_stopping_shorewall.htm, shorewall_logging.html, blacklisting_support.htm,
# ipsets.html, Docker.html, PortKnocking.html) with the gzipped NEWS.Debian.gz (package shorewall-doc 5.2.8-2).
# Changelogs, copyright files, man pages (roff) and other forms of the same texts are left out: ferm's ferm.txt.gz
# (a text rendering of ferm.html), its AUTHORS and TODO and the other example rule sets (small variations on the
# kept ones); ngIRCd's NEWS.gz (upstream release notes), AUTHORS, Protocol.txt.gz, RFC.txt, Platforms.txt.gz, its
# notes for obsolete platforms (README-AUX.txt, README-BeOS.txt, README-Interix.txt) and its developer notes
# (HowToRelease.txt, Contributing.txt); slrn's slrnfuns.txt.gz (the S-Lang function reference, an API list), THANKS
# and contrib/ (a scoring-file cleanup script's notes); leafnode's NEWS.gz, CREDITS.gz, UNINSTALL-daemontools and the
# examples/archivefaq.pl script; lsyncd's other Lua examples (code more than documentation); and the other ~110
# pages of the Shorewall documentation (kept to a coherent subset: a single host and a two-interface gateway, start
# and stop, logging, blacklisting, ipsets, Docker, port knocking and the FAQ; its French and Russian translations,
# its manpages/ in HTML and images/ are left out too).
# Needs the packages ferm, ngircd, slrn, leafnode, lsyncd and shorewall-doc with their docs
# (apt-get install ferm ngircd slrn leafnode lsyncd shorewall-doc; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-29
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
f=$doc/ferm
put ferm "$f/ferm.html" "$f/README.rst" "$f/README.Debian" "$f/NEWS.gz"
put ferm/examples "$f/examples"/{dsl_router,antiddos,mailserver,webserver,ipv6,resolve}.ferm
n=$doc/ngircd
put ngircd "$n/README.md" "$n/SSL.md" "$n"/{INSTALL.md,FAQ.txt,NEWS.Debian,sample-ngircd.conf}.gz \
  "$n"/{Commands,Modes,Capabilities,Services,PAM,Bopm}.txt "$n/README.Debian"
s=$doc/slrn
put slrn "$s"/{manual.txt,FAQ,FIRST_STEPS,README.macros,score.txt,NEWS.Debian}.gz \
  "$s"/{README,README.SSL,README.multiuser,README.Debian} "$s/slrn-doc.html"
put slrn/examples "$s/examples/slrn.rc.gz" "$s/examples/score.sl"
l=$doc/leafnode
put leafnode "$l"/{README,FAQ.txt,README-FQDN,KNOWNBUGS,NEWS.Debian}.gz "$l/README.Debian" "$l/touch_newsgroup.README"
put leafnode/examples "$l/examples/config.example" "$l/examples/filters.example"
y=$doc/lsyncd
put lsyncd "$y/README.md" "$y/README.Debian" "$y/lsyncd.1.txt"
put lsyncd/examples "$y/examples"/{lrsyncssh,lbash,lpostcmd}.lua
w=$doc/shorewall-doc
put shorewall "$w/NEWS.Debian.gz"
put shorewall/html "$w/html"/{FAQ,standalone,two-interface,starting_and_stopping_shorewall,blacklisting_support}.htm \
  "$w/html"/{shorewall_logging,ipsets,Docker,PortKnocking}.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
