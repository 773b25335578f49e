#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the seven chapters of the BIRD 2.0 internet routing daemon's User's Guide as LinuxDoc HTML (bird2/: bird-1.html
# introduction to bird-7.html conclusions, with bird-6.html the protocols chapter) (package bird2-doc 2.0.12-7);
# Easy-RSA 3.1's Markdown documentation (easy-rsa/doc/: the gzipped EasyRSA-Readme.md.gz, EasyRSA-Advanced.md.gz,
# Intro-To-PKI.md.gz and Hacking.md.gz and the plain EasyRSA-Upgrade-Notes.md) with Debian's README.Debian and
# NEWS.Debian.gz (package easy-rsa 3.1.0-1); LVM2's design and how-to notes as plain and gzipped text (lvm2/:
# lvm2-raid.txt.gz, lvm_fault_handling.txt.gz, lvm-disk-reading.txt.gz, lvmetad_design.txt.gz, tagging.txt.gz,
# refactoring.txt.gz, unit-tests.txt.gz, lvmpolld_overview.txt, pvmove_outline.txt, testing.txt and
# udev_assembly.txt) (package lvm2 2.03.16-2); the automounter's extensionless READMEs (autofs/: README,
# README.Debian, README.changer, README.ncpfs, README.replicated-server, README.smbfs, README.v5.release and
# TODO.Debian) and the gzipped README.amd-maps.gz (package autofs 5.1.8-2+deb12u2); Open Source Tripwire's gzipped
# ReadMe-2.4.3.gz, Debian's README.Debian, and the gzipped example policy guide and Linux policy
# (tripwire/examples/policyguide.txt.gz and twpol-Linux.txt.gz) (package tripwire 2.4.3.7-4+b15); and radvd's
# INTRO.html, README.Debian and commented example configurations (radvd/examples/radvd.conf.example and
# simple-radvd.conf) (package radvd 1:2.19-1+b1).
# Changelogs, copyright files, man pages (roff) and other forms of the same texts are left out: BIRD's bird.pdf.gz
# and prog.pdf.gz (the same guides as PDF), its bird.html (a table of contents), its Programmer's Documentation
# (prog*.html, internals for developers of BIRD, not users) and bird2-doc's NEWS.Debian.gz (a packaging note);
# autofs's CREDITS (a list of names); tripwire's COMMERCIAL and TRADEMARK notices (licensing boilerplate); and the
# non-documentation files under /usr/share (Easy-RSA's vars.example and openssl-easyrsa.cnf, /etc configurations).
# Needs the packages bird2-doc, easy-rsa, lvm2, autofs, tripwire and radvd with their docs (apt-get install
# bird2-doc easy-rsa lvm2 autofs tripwire radvd; all six were already installed on this machine).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-27
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put bird2 "$doc/bird2"/bird-{1,2,3,4,5,6,7}.html
put easy-rsa "$doc/easy-rsa/README.Debian" "$doc/easy-rsa/NEWS.Debian.gz"
put easy-rsa/doc "$doc/easy-rsa/doc"/{EasyRSA-Readme,EasyRSA-Advanced,Intro-To-PKI,Hacking}.md.gz \
  "$doc/easy-rsa/doc/EasyRSA-Upgrade-Notes.md"
put lvm2 "$doc/lvm2"/{lvm2-raid,lvm_fault_handling,lvm-disk-reading,lvmetad_design,tagging,refactoring,unit-tests}.txt.gz \
  "$doc/lvm2"/{lvmpolld_overview,pvmove_outline,testing,udev_assembly}.txt
put autofs "$doc/autofs"/README{,.Debian,.changer,.ncpfs,.replicated-server,.smbfs,.v5.release} \
  "$doc/autofs/TODO.Debian" "$doc/autofs/README.amd-maps.gz"
put tripwire "$doc/tripwire/ReadMe-2.4.3.gz" "$doc/tripwire/README.Debian"
put tripwire/examples "$doc/tripwire/examples"/{policyguide,twpol-Linux}.txt.gz
put radvd "$doc/radvd/INTRO.html" "$doc/radvd/README.Debian"
put radvd/examples "$doc/radvd/examples"/{radvd.conf.example,simple-radvd.conf}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
