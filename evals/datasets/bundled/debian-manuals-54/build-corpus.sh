#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the HTTrack website copier's HTML documentation, thirty-one hand-written pages from /usr/share/httrack/html (where
# the package installs them and registers them with doc-base; /usr/share/doc/httrack/httrack-doc.html points there):
# index.html, overview.html, faq.html, fcguide.html (Fred Cohen's user guide to the command line), filters.html,
# options.html, cache.html, abuse.html (the guide to not abusing web sites), httrack.man.html (the manual page as
# HTML), scripting.html, shelldoc.html, cmddoc.html and addurl.html, the WinHTTrack/WebHTTrack walk-through step.html,
# step1.html ... step5.html and step9.html, and the eleven option panels step9_opt1.html ... step9_opt11.html
# (package httrack-doc 3.49.4-1); GoAccess's gzipped README.gz and NEWS.Debian.gz, the extensionless TODO and its
# manual page man1/goaccess.1.gz (package goaccess 1:1.7-1); the i3 window manager's HTML documents userguide.html,
# multi-monitor.html, layout-saving.html, i3bar-protocol.html, ipc.html, debugging.html, refcard.html and wsbar.html,
# with the manual pages man1/i3.1.gz, i3-msg.1.gz, i3bar.1.gz, i3-save-tree.1.gz, i3-dmenu-desktop.1.gz and
# i3-nagbar.1.gz (package i3-wm 4.22-2); runit's eleven HTML pages html/index.html, benefits.html, dependencies.html,
# faq.html, install.html, replaceinit.html, runlevels.html, runscripts.html, upgrade.html, usedietlibc.html and
# useinit.html, the extensionless FAQ and README-flagfiles, the gzipped NEWS.Debian.gz and the manual pages
# man8/sv.8.gz, runsv.8.gz, runsvdir.8.gz, svlogd.8.gz, chpst.8.gz, update-service.8.gz and invoke-run.8.gz (package
# runit 2.1.2-54); the GNU dbm manual as one gzipped info file gdbm.info.gz (from /usr/share/info) with the gzipped
# NEWS.gz, the extensionless NOTE-WARNING and the manual page man3/gdbm.3.gz (package libgdbm-dev 1.23-3); and
# SnapRAID's manual page man1/snapraid.1.gz (package snapraid 12.2-1).
# Changelogs, copyright files and images are left out, and so are: HTTrack's history.txt (a changelog), license.txt
# and greetings.txt (the licence and the thanks), contact.html, dev.html, library.html, plug.html and plug_330.html
# (the C library and its callback API: code, not user prose), start.html (a frame redirect), div/search.sh (a
# script), images/ and img/, and the httrack package's own man1/httrack.1.gz (the same text as httrack.man.html);
# GoAccess's NEWS.gz (a list of release dates, each "See ChangeLog"); i3-wm's hacking-howto.html, testsuite.html,
# lib-i3test.html and lib-i3test-test.html (for developers of i3 itself), examples/ (Perl and shell scripts), its
# PNG pictures and refcard_style.css, and the other i3 manual pages (i3-config-wizard, i3-dump-log, i3-input,
# i3-migrate-config-to-v4, the i3-sensible-* wrappers and i3-with-shmlog: a few lines each); runit's README (a
# copyright line), THANKS, buildinfo_amd64.gz and the manual pages cpsv, mk-runscript, runit, runit-init,
# runit-runlevel, runit-shutdown, runsvchdir and utmpset (a few lines each); libgdbm-dev's gdbm-nolfs.3.gz (the same
# page again).
# Needs the packages httrack-doc, goaccess, i3-wm, runit, libgdbm-dev and snapraid with their docs, installed one at
# a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends httrack-doc goaccess i3-wm runit libgdbm-dev snapraid; none of
# them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-54
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
h=/usr/share/httrack/html
put httrack-doc "$h/index.html" "$h/overview.html" "$h/faq.html" "$h/fcguide.html" "$h/filters.html" \
  "$h/options.html" "$h/cache.html" "$h/abuse.html" "$h/httrack.man.html" "$h/scripting.html" "$h/shelldoc.html" \
  "$h/cmddoc.html" "$h/addurl.html" "$h/step.html" "$h"/step[1-5].html "$h/step9.html" "$h"/step9_opt*.html
g=$doc/goaccess
put goaccess "$g/README.gz" "$g/NEWS.Debian.gz" "$g/TODO"
put goaccess/man1 "$man/man1/goaccess.1.gz"
i=$doc/i3-wm
put i3-wm "$i/userguide.html" "$i/multi-monitor.html" "$i/layout-saving.html" "$i/i3bar-protocol.html" \
  "$i/ipc.html" "$i/debugging.html" "$i/refcard.html" "$i/wsbar.html"
put i3-wm/man1 "$man/man1/i3.1.gz" "$man/man1/i3-msg.1.gz" "$man/man1/i3bar.1.gz" "$man/man1/i3-save-tree.1.gz" \
  "$man/man1/i3-dmenu-desktop.1.gz" "$man/man1/i3-nagbar.1.gz"
r=$doc/runit
put runit/html "$r"/html/{index,benefits,dependencies,faq,install,replaceinit,runlevels,runscripts,upgrade}.html \
  "$r/html/usedietlibc.html" "$r/html/useinit.html"
put runit "$r/FAQ" "$r/README-flagfiles" "$r/NEWS.Debian.gz"
put runit/man8 "$man"/man8/{sv,runsv,runsvdir,svlogd,chpst,update-service,invoke-run}.8.gz
put libgdbm-dev "$info/gdbm.info.gz" "$doc/libgdbm-dev/NEWS.gz" "$doc/libgdbm-dev/NOTE-WARNING"
put libgdbm-dev/man3 "$man/man3/gdbm.3.gz"
put snapraid/man1 "$man/man1/snapraid.1.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
