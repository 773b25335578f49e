#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# Mosquitto's README.md and README-letsencrypt.md, Debian's README.Debian (the AppArmor profile) and from examples/ the
# 874-line commented mosquitto.conf, aclfile.example and pwfile.example (package mosquitto); the stunnel 5.68 manual
# as one XHTML page stunnel.html, with README.md, TODO.md, Debian's README.Debian (per-config-file systemd
# instances, keys) and NEWS.Debian.gz, and the example stunnel.conf-sample (package stunnel4); the Newsboat 2.21
# manual and FAQ as Asciidoctor HTML (newsboat.html, faq.html), the 1,678-line commented examples/config, the Org-mode
# contrib/image-preview/README.org and contrib/getpocket.com/readme.md (package newsboat); Radicale's
# DOCUMENTATION.html (an HTML fragment converted from Markdown, without <html> or <head>), the short
# README.txt, Debian's README.Debian, NEWS.Debian.gz and TODO.Debian, and three example files, the extensionless
# rights and nginx-radicale and apache2-vhost.conf (package radicale); Tinyproxy's README.md, Debian's NEWS.Debian.gz,
# http-error-codes.txt, http-rfcs.txt and the commented examples/tinyproxy.conf (package tinyproxy); lftp's
# extensionless FAQ, BUGS and TODO, README.debug-levels, README.modules and the gzipped README.gz (package lftp); and
# nftables' README.Debian, examples/README and eight example rulesets in .nft files (workstation, nat, sets_and_maps,
# ct_helpers, load_balancing, secmark, all-in-one, overview) (package nftables). Changelogs, copyright files, man
# pages (roff), scripts and other forms of the same texts are left out: Mosquitto's pskfile.example; stunnel's
# Polish manual stunnel.pl.html, NEWS.gz (30 KB of release notes), contrib/StunnelConf-0.1.pl, examples/ca.html and
# importCA.html (CGI forms), ca.pl, importCA.sh and openssl.cnf; Newsboat's other contrib/ scripts and colour
# schemes, examples/example-exec-script.py and example-bookmark-plugin.sh; Radicale's DOCUMENTATION.txt.gz (the same
# text as DOCUMENTATION.html) and README.html; Tinyproxy's one-line README, NEWS.gz and AUTHORS; nftables'
# examples/pf.os (an OS fingerprint table), the eleven per-family skeletons that all-in-one.nft includes
# (inet-filter.nft, ipv4-nat.nft ...) and examples/sysvinit/. Needs the packages mosquitto, stunnel4, newsboat,
# radicale, tinyproxy, lftp and nftables with their docs (apt-get install mosquitto stunnel4 newsboat radicale
# tinyproxy lftp nftables; nftables was installed here before, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-21
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
m=$doc/mosquitto
put mosquitto "$m"/{README.md,README-letsencrypt.md,README.Debian}
put mosquitto/examples "$m"/examples/{mosquitto.conf,aclfile.example,pwfile.example}
s=$doc/stunnel4
put stunnel4 "$s"/{stunnel.html,README.md,README.Debian,NEWS.Debian.gz,TODO.md}
put stunnel4/examples "$s/examples/stunnel.conf-sample"
n=$doc/newsboat
put newsboat "$n"/{newsboat.html,faq.html}
put newsboat/examples "$n/examples/config"
put newsboat/contrib/image-preview "$n/contrib/image-preview/README.org"
put newsboat/contrib/getpocket.com "$n/contrib/getpocket.com/readme.md"
r=$doc/radicale
put radicale "$r"/{DOCUMENTATION.html,README.txt,README.Debian,NEWS.Debian.gz,TODO.Debian}
put radicale/examples "$r"/examples/{rights,nginx-radicale,apache2-vhost.conf}
t=$doc/tinyproxy
put tinyproxy "$t"/{README.md,NEWS.Debian.gz,http-error-codes.txt,http-rfcs.txt}
put tinyproxy/examples "$t/examples/tinyproxy.conf"
l=$doc/lftp
put lftp "$l"/{FAQ,README.gz,README.debug-levels,README.modules,BUGS,TODO}
f=$doc/nftables
put nftables "$f/README.Debian"
put nftables/examples "$f/examples/README" \
  "$f"/examples/{workstation,nat,sets_and_maps,ct_helpers,load_balancing,secmark,all-in-one,overview}.nft
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
