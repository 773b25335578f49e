#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# nine chapters of the Icinga 2 manual as gzipped Markdown (icinga2/markdown/: 02-installation, 03-monitoring-basics,
# 04-configuration, 05-service-monitoring, 07-agent-based-monitoring, 08-advanced-topics, 11-cli-commands,
# 14-features and 15-troubleshooting .md.gz) (package icinga2-doc 2.13.6-2+deb12u2); GNU sed's info manual
# sed.info.gz (from /usr/share/info), the gzipped plain-text sed FAQ sedfaq.txt.gz, BUGS.gz and the upstream NEWS.gz
# (package sed 4.9-1); calcurse's HTML manual manual.html and its online help pages in English as plain text
# (calcurse/: intro, general, add, edit, delete, copy-paste, displacement, enote, vnote, export, import, flag, goto,
# other, pipe, priority, reload, save, tab, view and config .txt, and the gzipped repeat.txt.gz) (package calcurse
# 4.7.1-1); mpv's gzipped Markdown README.md.gz, its commented example configuration mpv.conf.gz and key bindings
# input.conf.gz, the reStructuredText notes encoding.rst.gz and edl-mpv.rst.gz, and the plain key-binding files
# restore-old-bindings.conf and mplayer-input.conf (package mpv 0.35.1-4); abcde's gzipped plain-text FAQ.gz and
# README.gz (package abcde 2.9.3-1); monit's extensionless README.Debian, its gzipped NEWS.Debian.gz and the commented
# systemd unit examples/monit.service (package monit 1:5.33.0-1); dtach's gzipped README.gz (package dtach
# 0.9-5+b1); and arpwatch's extensionless README and README.Debian and gzipped NEWS.Debian.gz (package arpwatch
# 2.1a15-8+b1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the other fifteen Icinga 2
# chapters (01-about, a one-page introduction; 06-distributed-monitoring, 145 KB on distributed and HA setups; the
# references 09-object-types, 111 KB, 10-icinga-template-library, 468 KB, 12-icinga2-api, the REST API,
# 17-language-reference and 18-library-reference, the configuration language and its functions; 13-addons,
# 16-upgrading-icinga-2, 19-technical-concepts and 21-development, internals for developers, 20-script-debugger,
# 22-selinux, 23-migrating-from-icinga-1x and 24-appendix) and markdown/images/ (PNG screenshots);
# sed's README (pointers to the other files), AUTHORS and THANKS.gz (names) and examples/dc.sed (a sed script);
# calcurse's manual.txt.gz (an older text rendering of the same manual), submitting-patches.html and
# submitting-patches.txt.gz (for developers), the help page credits.txt (a list of contributors), AUTHORS and the
# translated help pages under de/, es/, fr/, nl/, pt_BR/ and ru/; mpv's tech-overview.txt.gz (the player's internals,
# for developers), waf-buildsystem.rst.gz (building) and the Lua scripts under examples/lua/; abcde's examples/
# (scripts); monit's CONTRIBUTORS (names) and examples/monit.upstart (an Upstart job); arpwatch's examples/ (a shell
# and a Perl script); and the packages' configuration files under /etc (/etc/abcde.conf, /etc/monit/monitrc,
# /etc/mpv/encoding-profiles.conf, ...), which are not documentation and may be edited locally.
# Needs the packages icinga2-doc, calcurse, mpv, abcde, monit, dtach and arpwatch with their docs, and sed's info
# manual (apt-get install --no-install-recommends icinga2-doc calcurse mpv abcde monit dtach arpwatch; sed is
# Essential; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-33
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
i=$doc/icinga2/markdown
put icinga2/markdown "$i"/{02-installation,03-monitoring-basics,04-configuration,05-service-monitoring}.md.gz \
  "$i"/{07-agent-based-monitoring,08-advanced-topics,11-cli-commands,14-features,15-troubleshooting}.md.gz
s=$doc/sed
put sed "$info/sed.info.gz" "$s/sedfaq.txt.gz" "$s/BUGS.gz" "$s/NEWS.gz"
c=$doc/calcurse
put calcurse "$c/manual.html" "$c/repeat.txt.gz" \
  "$c"/{intro,general,add,edit,delete,copy-paste,displacement,enote,vnote,export,import,flag,goto,other}.txt \
  "$c"/{pipe,priority,reload,save,tab,view,config}.txt
m=$doc/mpv
put mpv "$m"/{README.md.gz,mpv.conf.gz,input.conf.gz,encoding.rst.gz,edl-mpv.rst.gz} \
  "$m/restore-old-bindings.conf" "$m/mplayer-input.conf"
put abcde "$doc/abcde/FAQ.gz" "$doc/abcde/README.gz"
put monit "$doc/monit/README.Debian" "$doc/monit/NEWS.Debian.gz"
put monit/examples "$doc/monit/examples/monit.service"
put dtach "$doc/dtach/README.gz"
a=$doc/arpwatch
put arpwatch "$a/README" "$a/README.Debian" "$a/NEWS.Debian.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
