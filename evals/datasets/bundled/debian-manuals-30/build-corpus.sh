#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# 22 pages of the Varnish Cache documentation as Sphinx HTML (varnish/html/: the tutorial pages introduction,
# starting_varnish, putting_varnish_on_port_80, backend_servers, peculiarities and now_what, installation/
# install_debian.html, and the users-guide pages command-line, storage-backends, sizing-your-cache, purging,
# vcl-grace, vcl-hashing, compression, esi, run_security, troubleshooting, operation-logging, vcl-backends,
# vcl-example-websockets, vcl-example-acls and increasing-your-hitrate) (package varnish-doc 7.1.1-2+deb12u1, which
# installs them under /usr/share/doc/varnish/html); burp's documentation (burp/: the gzipped README.gz, UPGRADING.gz,
# add-remove.txt.gz, backup_tool_script.txt.gz, baremetal-ubuntu.txt.gz, burp_ca.txt.gz, retention.txt.gz,
# shuffling.txt.gz and status-monitor.txt.gz, the plain autoupgrade.txt, backup_phases.txt, debug.txt, restoring.txt,
# security-models.txt, server-basics.txt, timer_script.txt and working_dir.txt, and the extensionless README.Debian)
# (package burp 3.1.4-1); JOE's Markdown manual man.md with its Markdown README.md and Debian's README.Debian (joe/)
# (package joe 4.6-1.1); ranger's gzipped Markdown README.md.gz and colorschemes.md.gz, its commented default
# configuration (ranger/config/rc.conf.gz, rifle.conf.gz, scope.sh.gz) and three examples (ranger/examples/README,
# rifle_different_file_opener.conf, shell_automatic_cd.sh) (package ranger 1.9.3-5); backupninja's gzipped Markdown
# README.md.gz and NEWS.Debian.gz, its README.Debian and the commented main and handler configurations
# (backupninja/examples/backupninja.conf, example.borg, example.dup, example.maildir, example.mysql, example.pgsql,
# example.rdiff, example.restic, example.rsync, example.sys) (package backupninja 1.2.2-1); MOC's gzipped README.gz
# and README_equalizer.gz, its README.Debian and the commented moc/examples/config.example and keymap.example
# (package moc 1:2.6.0~svn-r3005-3); and ddclient's gzipped Markdown README.md.gz and NEWS.gz, the extensionless
# README.ssl and README.cisco, and four examples (ddclient/examples/sample-etc_ddclient.conf,
# sample-etc_cron.d_ddclient, sample-get-ip-from-fritzbox, sample-ddclient-wrapper.sh) (package ddclient 3.10.0-2).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the other ~140 pages of the
# Varnish documentation (kept to a coherent subset: the tutorial, Debian installation and the users-guide pages on
# running, storage, invalidation, grace, hashing, compression, ESI, security, troubleshooting, logging, backends and
# hit rate; left out are the reference manual pages, the release notes and upgrade notes under whats-new/, the phk/
# essays, the developer guide, performance.html (only a table of contents), searchindex.js and _static/, _sources/);
# burp's CONTRIBUTORS, DONATIONS, TODO, tests.txt and readwrite.txt (developer notes) and its three Windows bare-metal
# restore notes (the Ubuntu one is kept); JOE's NEWS.md (release notes), hacking.md (developer notes), README.old
# and help.pl.txt (a Polish help screen in ISO-8859-2); ranger's HACKING.md, CONTRIBUTING.md, cheatsheet.svg,
# commands.py and colorschemes/*.py (Python code), tools/, rc_emacs.conf (a variant of rc.conf) and its other
# examples (Python plugins and small scripts); backupninja's AUTHORS and the tiny example.sh, example.svn,
# example.trac and example.makecd; MOC's AUTHORS, THANKS and TODO; ddclient's sample-etc_dhcpc_dhcpcd-eth0.exe (a
# four-line script quoted in README.md).
# Needs the packages varnish-doc, burp, joe, ranger, backupninja, moc and ddclient with their docs
# (apt-get install --no-install-recommends varnish-doc burp joe ranger backupninja moc ddclient; installed for this
# set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-30
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
v=$doc/varnish/html
put varnish/html/tutorial \
  "$v/tutorial"/{introduction,starting_varnish,putting_varnish_on_port_80,backend_servers,peculiarities,now_what}.html
put varnish/html/installation "$v/installation/install_debian.html"
put varnish/html/users-guide "$v/users-guide"/{command-line,storage-backends,sizing-your-cache,purging,vcl-grace}.html \
  "$v/users-guide"/{vcl-hashing,compression,esi,run_security,troubleshooting,operation-logging,vcl-backends}.html \
  "$v/users-guide"/{vcl-example-websockets,vcl-example-acls,increasing-your-hitrate}.html
b=$doc/burp
put burp "$b"/{README,UPGRADING,add-remove.txt,backup_tool_script.txt,baremetal-ubuntu.txt,burp_ca.txt}.gz \
  "$b"/{retention.txt,shuffling.txt,status-monitor.txt}.gz \
  "$b"/{autoupgrade,backup_phases,debug,restoring,security-models,server-basics,timer_script,working_dir}.txt \
  "$b/README.Debian"
j=$doc/joe
put joe "$j/man.md" "$j/README.md" "$j/README.Debian"
r=$doc/ranger
put ranger "$r/README.md.gz" "$r/colorschemes.md.gz"
put ranger/config "$r/config"/{rc.conf,rifle.conf,scope.sh}.gz
put ranger/examples "$r/examples/README" "$r/examples/rifle_different_file_opener.conf" \
  "$r/examples/shell_automatic_cd.sh"
n=$doc/backupninja
put backupninja "$n/README.md.gz" "$n/NEWS.Debian.gz" "$n/README.Debian"
put backupninja/examples "$n/examples/backupninja.conf" \
  "$n/examples"/example.{borg,dup,maildir,mysql,pgsql,rdiff,restic,rsync,sys}
m=$doc/moc
put moc "$m/README.gz" "$m/README_equalizer.gz" "$m/README.Debian"
put moc/examples "$m/examples/config.example" "$m/examples/keymap.example"
d=$doc/ddclient
put ddclient "$d/README.md.gz" "$d/NEWS.gz" "$d/README.ssl" "$d/README.cisco"
put ddclient/examples "$d/examples"/{sample-etc_ddclient.conf,sample-etc_cron.d_ddclient} \
  "$d/examples"/{sample-get-ip-from-fritzbox,sample-ddclient-wrapper.sh}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
