#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# 21 HTML pages of the aptitude user's manual (aptitude/html/: ch01s01s01, ch01s01s03, ch01s01s04, ch01s01s05,
# ch01s02, ch02s01s04, ch02s02s03, ch02s02s04, ch02s02s05, ch02s02s06, ch02s03s02, ch02s03s03, ch02s04s01,
# ch02s04s02, ch02s04s03, ch02s04s05, ch02s05s05, ch03 (the FAQ), rn01re01, rn01re02 and rn01re03 .html) with
# Debian's gzipped NEWS.Debian.gz (package aptitude-doc-en 0.8.13-5, installed under /usr/share/doc/aptitude/html/en);
# the Alpine mail client's plain brochure.txt and six of its technical notes as HTML (alpine/tech-notes/:
# introduction, background, installation, cmd-line, config-notes and low-level .html) (package alpine-doc
# 2.26+dfsg-1); the HPLIP printer and scanner help pages as HTML (hplip/: index, setup, commandline, devicemanager,
# systray, print, printing, printoptions, printtroubleshooting, scanning, hpscan, scantrouble, sendfax, faxtrouble,
# mainttask, plugins, troubleshooting, gettinghelp, upgrading and uninstalling .html; printtroubleshooting,
# scantrouble and faxtrouble hold, as shipped, placeholder text from Firefox's help, kept unchanged) (package
# hplip-doc 3.22.10+dfsg0-2+deb12u1); Logwatch's extensionless README and README.Debian and the gzipped
# HOWTO-Customize-LogWatch.gz and NEWS.Debian.gz (package logwatch 7.7-1); lldpd's gzipped Markdown README.md.gz and
# NEWS.gz and its README.Debian (package lldpd 1.0.16-1+deb12u1); duply's extensionless README and README.Debian,
# the systemd mini-howto systemd-unit.examples/HOWTO.txt and the seven commented system units beside it
# (duply-backup@, duply-verify@ and duply-cleanup@ .service and .timer, notify-failed-backup@.service) (package
# duply 2.4.1-1); ncmpcpp's commented example configuration examples/config and key bindings examples/bindings
# (package ncmpcpp 0.9.2-2+b3); and fwknop's gzipped Markdown README.gz (package fwknop-server 2.6.10-16).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the other aptitude pages (the
# title and chapter/section index pages, the introduction on package managers, getting and building aptitude, the
# pages on menus, views, navigating and managing the package list, package information, resolver costs and resolver
# configuration, the customisation pages other than the configuration file reference (package list, keybindings,
# colours, layout, themes), the Minesweeper page, the credits and the one-paragraph "Long Description" pages of the
# figures) and aptitude.css;
# Alpine's config.html (500 KB, the per-option reference of the online help), tech-notes.txt.gz (a text rendering
# of the same notes), porting.html (porting to new platforms), index.html (a table of contents) and the build files
# Makefile, for.pnuts, pn4tn and pnuts.4tech-notes; HPLIP's copying.html (the licence), images/ and styles/;
# lldpd's CONTRIBUTE.md (for developers); duply's TODO (an ideas list) and the user-unit copies under
# systemd-unit.examples/user/ (near-copies of the system units for `systemctl --user`); ncmpcpp's config.gz and
# bindings.gz (byte-identical gzipped copies of the two examples), AUTHORS and COPYING.gz.
# Needs the packages aptitude-doc-en, alpine-doc, hplip-doc, logwatch, lldpd, duply, ncmpcpp and fwknop-server with
# their docs (apt-get install --no-install-recommends aptitude-doc-en alpine-doc hplip-doc logwatch lldpd duply
# ncmpcpp fwknop-server; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-32
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
a=$doc/aptitude/html/en
put aptitude "$doc/aptitude-doc-en/NEWS.Debian.gz"
put aptitude/html "$a"/{ch01s01s01,ch01s01s03,ch01s01s04,ch01s01s05,ch01s02,ch02s01s04,ch02s02s03,ch02s02s04}.html \
  "$a"/{ch02s02s05,ch02s02s06,ch02s03s02,ch02s03s03,ch02s04s01,ch02s04s02,ch02s04s03,ch02s04s05}.html \
  "$a"/{ch02s05s05,ch03,rn01re01,rn01re02,rn01re03}.html
p=$doc/alpine
put alpine "$p/brochure.txt"
put alpine/tech-notes "$p/tech-notes"/{introduction,background,installation,cmd-line,config-notes,low-level}.html
h=$doc/hplip-doc
put hplip "$h"/{index,setup,commandline,devicemanager,systray,print,printing,printoptions,printtroubleshooting}.html \
  "$h"/{scanning,hpscan,scantrouble,sendfax,faxtrouble,mainttask,plugins,troubleshooting,gettinghelp}.html \
  "$h"/{upgrading,uninstalling}.html
l=$doc/logwatch
put logwatch "$l/README" "$l/README.Debian" "$l/HOWTO-Customize-LogWatch.gz" "$l/NEWS.Debian.gz"
d=$doc/lldpd
put lldpd "$d/README.md.gz" "$d/NEWS.gz" "$d/README.Debian"
u=$doc/duply
put duply "$u/README" "$u/README.Debian"
put duply/systemd-unit.examples "$u/systemd-unit.examples/HOWTO.txt"
s=$u/systemd-unit.examples/system
put duply/systemd-unit.examples/system "$s"/duply-{backup,verify,cleanup}@.{service,timer} \
  "$s/notify-failed-backup@.service"
n=$doc/ncmpcpp
put ncmpcpp/examples "$n/examples/config" "$n/examples/bindings"
put fwknop "$doc/fwknop-server/README.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
