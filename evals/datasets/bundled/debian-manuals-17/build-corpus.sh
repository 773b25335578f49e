#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# Privoxy's user manual and FAQ as DocBook-generated HTML, one page per chapter with "Prev/Home/Next" navigation, its
# manual page as HTML, README.Debian and the gzipped README (package privoxy); mdadm's gzipped FAQ, README.recipes and
# two design notes, NEWS.Debian.gz, the extensionless README.checkarray and TODO.Debian and five upstream ANNOUNCE-*
# release mails (package mdadm); cryptsetup's FAQ and README as gzipped Markdown (`.md.gz`), Debian's README.Debian.gz
# and NEWS.Debian.gz, the plain Keyring.txt, LUKS2-locking.txt and extensionless README.debug, README.gnupg,
# README.keyctl, the gzipped README.opensc and four release notes, some gzipped, some extensionless (package
# cryptsetup), with cryptsetup-bin's NEWS.Debian.gz; Tor's manual pages as asciidoc-generated HTML (tor.html,
# torify.html, tor-resolve.html), the hand-written exit-relay notice tor-exit-notice.html, README.Debian,
# NEWS.Debian.gz and the commented sample configuration torrc.sample.gz (package tor); the Autoconf manual as one gzipped
# info file (package autoconf-doc, from /usr/share/info) with Autoconf's README, README.Debian and NEWS.Debian.gz
# (package autoconf); tmux's README, NEWS.Debian.gz and the commented example_tmux.conf (package tmux); and ufw's
# gzipped README and README.Debian (package ufw). Changelogs, copyright files, man pages (roff), example scripts and
# other forms of the same texts are left out: Privoxy's developer manual, the copyright and "see also" pages, images,
# the style sheet, AUTHORS and TODO.gz; mdadm's other ANNOUNCE-* mails, TODO.gz and examples/; cryptsetup's other
# release notes (v1.0.7 to v2.3.6), AUTHORS, README.gnupg-sc and examples/; Tor's tor-gencert.html and
# tor-print-ed-signing-cert.html; Autoconf's HTML, PDF and PostScript forms of the manual (autoconf.html is 1.9 MB),
# NEWS.gz (the same text as NEWS.Debian.gz), AUTHORS.gz and THANKS.gz, and autoconf-doc's own copy of NEWS.Debian.gz;
# ufw's examples/. Needs the packages privoxy, mdadm, cryptsetup, tor, autoconf-doc, autoconf, tmux and ufw with their
# docs (apt-get install privoxy mdadm cryptsetup tor autoconf-doc, which also brings cryptsetup-bin and autoconf; tmux
# and ufw were installed here before, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-17
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
p=$doc/privoxy
put privoxy "$p"/{README.Debian,README.gz}
put privoxy/user-manual "$p"/user-manual/{index,introduction,installation,whatsnew,quickstart,startup}.html \
  "$p"/user-manual/{configuration,config,actions-file,filter-file,templates,contact,appendix}.html
put privoxy/faq "$p"/faq/{index,general,installation,configuration,misc,trouble}.html
put privoxy/man-page "$p/man-page/privoxy-man-page.html"
m=$doc/mdadm
put mdadm "$m"/{FAQ.gz,README.recipes.gz,NEWS.Debian.gz,README.checkarray,TODO.Debian} \
  "$m"/{external-reshape-design.txt.gz,mdmon-design.txt.gz} \
  "$m"/ANNOUNCE-{3.2.4.gz,3.3,4.0,4.1,4.2}
c=$doc/cryptsetup
put cryptsetup "$c"/{FAQ.md.gz,README.md.gz,README.Debian.gz,NEWS.Debian.gz,Keyring.txt,LUKS2-locking.txt} \
  "$c"/{README.debug,README.gnupg,README.keyctl,README.opensc.gz} \
  "$c"/{v2.4.0-ReleaseNotes.gz,v2.5.0-ReleaseNotes.gz,v2.6.0-ReleaseNotes.gz,v2.6.1-ReleaseNotes}
put cryptsetup-bin "$doc/cryptsetup-bin/NEWS.Debian.gz"
put tor "$doc"/tor/{README.Debian,NEWS.Debian.gz,torrc.sample.gz,tor-exit-notice.html,tor.html,torify.html} \
  "$doc/tor/tor-resolve.html"
put autoconf-doc "$info/autoconf.info.gz"
put autoconf "$doc"/autoconf/{README,README.Debian,NEWS.Debian.gz}
put tmux "$doc"/tmux/{README,NEWS.Debian.gz,example_tmux.conf}
put ufw "$doc"/ufw/{README.gz,README.Debian}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
