#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# NeoMutt's gzipped Markdown README.md.gz, its plain Markdown CONTRIBUTING.md and SECURITY.md, the gzipped
# smime-notes.txt.gz, nine chapter pages of its HTML manual (neomutt/: intro, gettingstarted, configuration,
# advancedusage, mimesupport, optionalfeatures, security, tuning and miscellany .html), five commented example
# configurations (neomutt/samples/: the plain sample.neomuttrc-starter and the gzipped sample.neomuttrc.gz,
# sample.neomuttrc-tlr.gz, gpg.rc.gz and smime.rc.gz), the gzipped README of the OAuth2 token script
# (neomutt/oauth2/mutt_oauth2.py.README.gz), the Markdown READMEs of three contributions (neomutt/hcache-bench/,
# neomutt/keybase/ and neomutt/vim-keys/ README.md) and vim-keys.rc (package neomutt 20220429+dfsg1-4.1);
# needrestart's seven Markdown READMEs (README, README.batch, README.Cont, README.Interp, README.nagios,
# README.raspberry and README.uCode .md) and its gzipped NEWS.gz and Debian NEWS.Debian.gz (package needrestart
# 3.6-4+deb12u4); Net-SNMP's gzipped FAQ.gz, README.gz, README.thread.gz and NEWS.gz and the plain README.mibs and
# README.snmpv3 (package libsnmp-base 5.9.3+dfsg-2+deb12u1); ISC DHCP's extensionless Debian README.Debian, the
# gzipped upstream README.gz and Debian NEWS.Debian.gz and the commented examples/dhcpd.conf.example (package
# isc-dhcp-server 4.4.3-P1-2); TLP's README.rst, extensionless README.Debian, gzipped NEWS.Debian.gz and the
# commented examples/tlp.conf (package tlp 1.5.0-2); lm-sensors' gzipped README.Debian.gz and fan-divisors.gz, the
# extensionless notes applications, temperature-sensors and vid, and the READMEs of two examples
# (examples/tellerstats/README and examples/hotplug/README.p4b) (package lm-sensors 1:3.6.0-7.1); fancontrol's gzipped
# fancontrol.txt.gz (package fancontrol 1:3.6.0-7.1); and hdparm's extensionless README.Debian, README.acoustic and
# TODO and the gzipped wiper/README.txt.gz (package hdparm 9.65+ds-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the rest of NeoMutt's
# documentation (manual.html, the whole manual as one 1.3 MB page, and html/, copies of the chapter pages;
# index.html (the table of contents); reference.html (the reference of every variable, function and command, 460 KB);
# manual.txt.gz (the same manual as plain text); examples/ (uncompressed copies of the samples, plus the
# 200 KB neomuttrc listing every variable's default, colour files and scripts); the other samples (Mush.rc, Pine.rc,
# Tin.rc, colors.default, colors.linux, sample.mailcap, mairix_filter.pl, markdown2html.py.gz and
# smime_keys_test.pl); colorschemes/; the scripts, configuration, licence and screenshots of keybase/ and
# hcache-bench/; oauth2/mutt_oauth2.py.gz (the script itself); lua/ (tests); logo/; mime.types; AUTHORS.md.gz
# (names), CODE_OF_CONDUCT.md and LICENSE.md.gz); needrestart's examples/needrestart-nagios (a sudoers line);
# ISC DHCP's top-level dhcpd.conf.example (the same file as examples/dhcpd.conf.example) and its one-line
# TODO.Debian; lm-sensors' donations.gz (hardware donations) and the example scripts (examples/daemon/healthd.sh,
# tellerstats' gather.sh, tellerstats.sh, gnuplotscript.tmpl, index.shtml and tellerstats.conf, and
# hotplug/unhide_ICH_SMBus); hdparm's contrib/fix_standby.c.gz (C source) and wiper/wiper.sh.gz (the script); and
# the packages' configuration files under /etc (/etc/neomuttrc, /etc/needrestart/needrestart.conf, /etc/snmp/snmp.conf,
# /etc/dhcp/dhcpd.conf, /etc/tlp.conf, /etc/sensors3.conf, /etc/hdparm.conf ...), which are not documentation and may
# be edited locally.
# Needs the packages neomutt, needrestart, libsnmp-base, isc-dhcp-server, tlp, lm-sensors, fancontrol and hdparm
# with their docs (apt-get install --no-install-recommends neomutt needrestart libsnmp-base isc-dhcp-server tlp
# lm-sensors fancontrol hdparm; installed for this set one at a time, libsnmp-base was already there as a dependency
# of snmp).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-44
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
n=$doc/neomutt
put neomutt "$n/README.md.gz" "$n/CONTRIBUTING.md" "$n/SECURITY.md" "$n/smime-notes.txt.gz" \
  "$n"/{intro,gettingstarted,configuration,advancedusage,mimesupport,optionalfeatures,security,tuning,miscellany}.html
put neomutt/samples "$n/samples/sample.neomuttrc-starter" "$n/samples/sample.neomuttrc.gz" \
  "$n/samples/sample.neomuttrc-tlr.gz" "$n/samples/gpg.rc.gz" "$n/samples/smime.rc.gz"
put neomutt/oauth2 "$n/oauth2/mutt_oauth2.py.README.gz"
put neomutt/hcache-bench "$n/hcache-bench/README.md"
put neomutt/keybase "$n/keybase/README.md"
put neomutt/vim-keys "$n/vim-keys/README.md" "$n/vim-keys/vim-keys.rc"
r=$doc/needrestart
put needrestart "$r"/README{,.batch,.Cont,.Interp,.nagios,.raspberry,.uCode}.md "$r/NEWS.gz" "$r/NEWS.Debian.gz"
s=$doc/libsnmp-base
put net-snmp "$s/FAQ.gz" "$s/README.gz" "$s/README.mibs" "$s/README.snmpv3" "$s/README.thread.gz" "$s/NEWS.gz"
d=$doc/isc-dhcp-server
put isc-dhcp-server "$d/README.Debian" "$d/README.gz" "$d/NEWS.Debian.gz" "$d/examples/dhcpd.conf.example"
t=$doc/tlp
put tlp "$t/README.rst" "$t/README.Debian" "$t/NEWS.Debian.gz" "$t/examples/tlp.conf"
l=$doc/lm-sensors
put lm-sensors "$l/README.Debian.gz" "$l/applications" "$l/fan-divisors.gz" "$l/temperature-sensors" "$l/vid"
put lm-sensors/examples/tellerstats "$l/examples/tellerstats/README"
put lm-sensors/examples/hotplug "$l/examples/hotplug/README.p4b"
put fancontrol "$doc/fancontrol/fancontrol.txt.gz"
h=$doc/hdparm
put hdparm "$h/README.Debian" "$h/README.acoustic" "$h/TODO"
put hdparm/wiper "$h/wiper/README.txt.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
