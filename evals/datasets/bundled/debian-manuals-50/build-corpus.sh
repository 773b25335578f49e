#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the IPTraf-ng User's Manual as forty-two DocBook HTML pages (iptraf-ng/Documentation/*.html: index.html, f21, x27,
# c66, x96, x144, x171, x262, x270, c277, x304, x322, x328, c429, x606, x938, c954, x980, c1037, x1062, c1101, x1142,
# c1147, x1789, c1793, x1880, x1915, c1957, a1980, x2335 and the twelve pages of its GNU FDL appendix a2377, x2387,
# x2397, x2401, x2407, x2443, x2448, x2452, x2456, x2459, x2462, x2467) with the extensionless README, FAQ,
# README.interfaces and README.resolving (package iptraf-ng 1:1.2.1-1); the FAI Guide (Fully Automatic
# Installation) as one HTML page fai-guide.html with the plain-text classes_description.txt (package fai-doc
# 6.0.3+deb12u1); sslh's gzipped Markdown README.md.gz, the extensionless README.Debian, the gzipped NEWS.Debian.gz and
# the commented examples/example.cfg (package sslh 1.20-1+deb12u1); minicom's minicom.FAQ, the gzipped HistSearch.gz
# (history buffer search) and Macros.gz (colours and function-key macros), fselector.txt (the file selector),
# README.Debian, NEWS, README.lrzsz, COMPATABILITY.lrzsz and term/README.termcap and term/README.terminfo (package
# minicom 2.8-2); p0f's gzipped README.gz (the whole p0f v3 manual), existential-notes.txt and TODO (package p0f
# 3.09b-3); hping3's extensionless README, the gzipped API.txt.gz (the Tcl scripting API), APD.txt.gz (the packet
# description format), SPOOFED_SCAN.txt.gz and NEWS.gz, and the extensionless MORE-FUN-WITH-IPID, AS-BACKDOOR and
# TODO (package hping3 3.a2.ds2-10); and iodine's gzipped README.gz, the extensionless README.Debian, the gzipped
# NEWS.Debian.gz and the gzipped protocol specification proto_00000502.txt.gz (package iodine 0.7.0-10+b1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: IPTraf-ng's 24 PNG screenshots
# and 5 GIF stylesheet icons, README.contact (contact addresses only) and README.indent (indent(1) options for its
# sources); fai-doc's fai-guide.pdf, fai-guide.text.gz and fai-guide.txt.gz (the same guide as PDF and as text) and
# examples/ (the sample configuration space: class, disk_config, package_config, debconf, files, hooks, scripts and
# tests, basefiles/mk-basefile, utils/mkdebmirror and etc/dhcpd.conf, configuration and shell code rather than
# prose); sslh nothing else; minicom's AUTHORS, examples/ (runscript login scripts and minirc files), intl/
# (translation notes), tables/ (binary character tables), the terminal definitions term/termcap.long.gz,
# term/termcap.short.gz and term/terminfo and todo/ (old TODO lists and patches); p0f's extra-sigs.txt (raw
# signatures still to be investigated); hping3's one-line HPING3.txt, BUGS (a pointer to a wiki page) and
# examples/*.htcl (Tcl scripts); and iodine's proto_00000402.txt and proto_00000500.txt (the older protocol
# versions) and examples/ (systemd units and an SELinux policy).
# Needs the packages iptraf-ng, fai-doc, sslh, minicom, p0f, hping3 and iodine with their docs, installed one at a
# time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends iptraf-ng fai-doc sslh minicom p0f hping3 iodine; none of them
# was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-50
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
t=$doc/iptraf-ng
put iptraf-ng/Documentation "$t"/Documentation/*.html
put iptraf-ng "$t/README" "$t/FAQ" "$t/README.interfaces" "$t/README.resolving"
f=$doc/fai-doc
put fai-doc "$f/fai-guide.html" "$f/classes_description.txt"
s=$doc/sslh
put sslh "$s/README.md.gz" "$s/README.Debian" "$s/NEWS.Debian.gz"
put sslh/examples "$s/examples/example.cfg"
m=$doc/minicom
put minicom "$m/minicom.FAQ" "$m/HistSearch.gz" "$m/Macros.gz" "$m/fselector.txt" "$m/README.Debian" "$m/NEWS" \
  "$m/README.lrzsz" "$m/COMPATABILITY.lrzsz"
put minicom/term "$m/term/README.termcap" "$m/term/README.terminfo"
p=$doc/p0f
put p0f "$p/README.gz" "$p/existential-notes.txt" "$p/TODO"
h=$doc/hping3
put hping3 "$h/README" "$h/API.txt.gz" "$h/APD.txt.gz" "$h/SPOOFED_SCAN.txt.gz" "$h/MORE-FUN-WITH-IPID" \
  "$h/AS-BACKDOOR" "$h/TODO" "$h/NEWS.gz"
i=$doc/iodine
put iodine "$i/README.gz" "$i/README.Debian" "$i/NEWS.Debian.gz" "$i/proto_00000502.txt.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
