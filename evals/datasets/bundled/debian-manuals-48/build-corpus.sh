#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# maildrop's HTML README.html, its gzipped Debian README.Debian.gz and NEWS.Debian.gz, README.postfix.gz and
# maildroptips.txt.gz, and nine pages of its HTML manual (maildrop/html/: maildrop, maildropfilter, maildropex,
# mailbot, maildirmake, maildirquota, deliverquota, reformail and maildropgdbm .html) (package maildrop 2.9.3-2.1);
# FreeIPMI's info manual freeipmi-faq.info.gz (from /usr/share/info), its gzipped README.gz, Debian NEWS.Debian.gz
# and freeipmi-bugs-issues-and-workarounds.txt.gz, the extensionless README.openipmi, and the READMEs of three
# contributed tools (contrib/nagios/README, contrib/ganglia/README and the gzipped contrib/pet/README.gz) (package
# freeipmi-common 1.6.10-1); tgt's (the Linux SCSI target daemon) gzipped README.iscsi.gz,
# README.lu_configuration.gz, README.passthrough.gz, README.mmc.gz, README.ssc.gz and Debian NEWS.Debian.gz, the
# extensionless README.vtl, README.rbd and README.glfs, tmf.txt and the commented examples/targets.conf.example
# (package tgt 1:1.0.85-1+deb12u1); storeBackup's gzipped README.gz, the extensionless README.1ST, README.Debian and
# _ATTENTION_, the gzipped Debian NEWS.Debian.gz, examples/EXAMPLES.gz and the commented example configuration
# examples/storeBackup_example.gz, and its manual as a gzipped PDF, storeBackup.pdf.gz (81 pages) (package
# storebackup 3.2.1-2); dirvish's HTML FAQ.html, TODO.html and RELEASE.html,
# the gzipped Debian HOWTO.Debian.gz, the extensionless HOWTO.upstream and README.Debian and examples/master.conf
# (package dirvish 1.2.1-2.1); ifenslave's gzipped Debian README.Debian.gz (bonding with ifupdown) and NEWS.Debian.gz
# and its four example interfaces stanzas (examples/two_ethernet, two_hotplug_ethernet, ethernet+wifi and
# ethernet+hotplug_wifi) (package ifenslave 2.13); and multipath-tools' gzipped Markdown README.md.gz and its gzipped
# Debian README.Debian.gz and NEWS.Debian.gz (package multipath-tools 0.9.4-3+deb12u2).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: maildrop's INSTALL.html and
# INSTALL.gz (building from source; the same text twice), manpage.css and the other HTML pages (maildir, maildiracl,
# maildirkw, lockmail, makedat, makemime, reformime and the C library pages rfc2045 and rfc822); FreeIPMI's NEWS.gz
# (110 KB of release notes), ChangeLog.0.gz, TODO.gz, AUTHORS, README.build and README.argp, the developer notes
# (freeipmi-design, -coding, -libraries, -testing, -hostrange and -oem-documentation-requirements .txt.gz) and the
# contributed scripts and C sources themselves (nagios_ipmi_sensors.pl, ganglia_ipmi_sensors.pl, petalert.pl,
# check_rmcpping, ipminodes.cfg, ipmimonitoring-*.c); tgt's README.iser.gz (iSER over RDMA), README.sheepdog,
# README.dvdjukebox, README.sbcjukebox.gz and the two tape-library examples targets.conf.vtl.L700 and
# targets.conf.vtl.MSL2024; storeBackup's ROADMAP (a short list of plans); dirvish's examples/default.conf.root
# (two lines); and the packages' configuration files under /etc (/etc/maildroprc, /etc/freeipmi/, /etc/tgt/,
# /etc/dirvish/ ...), which are not documentation and may be edited locally.
# Needs the packages maildrop, freeipmi-common, tgt, storebackup, dirvish, ifenslave and multipath-tools with their
# docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends maildrop freeipmi-common tgt storebackup dirvish ifenslave
# multipath-tools; none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-48
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
m=$doc/maildrop
put maildrop "$m/README.html" "$m/README.Debian.gz" "$m/NEWS.Debian.gz" "$m/README.postfix.gz" \
  "$m/maildroptips.txt.gz"
put maildrop/html "$m"/html/{maildrop,maildropfilter,maildropex,mailbot,maildirmake,maildirquota}.html \
  "$m"/html/{deliverquota,reformail,maildropgdbm}.html
f=$doc/freeipmi-common
put freeipmi-common "$info/freeipmi-faq.info.gz" "$f/README.gz" "$f/NEWS.Debian.gz" \
  "$f/freeipmi-bugs-issues-and-workarounds.txt.gz" "$f/README.openipmi"
put freeipmi-common/contrib/nagios "$f/contrib/nagios/README"
put freeipmi-common/contrib/ganglia "$f/contrib/ganglia/README"
put freeipmi-common/contrib/pet "$f/contrib/pet/README.gz"
t=$doc/tgt
put tgt "$t/README.iscsi.gz" "$t/README.lu_configuration.gz" "$t/README.passthrough.gz" "$t/README.mmc.gz" \
  "$t/README.ssc.gz" "$t/NEWS.Debian.gz" "$t/README.vtl" "$t/README.rbd" "$t/README.glfs" "$t/tmf.txt"
put tgt/examples "$t/examples/targets.conf.example"
s=$doc/storebackup
put storebackup "$s/README.gz" "$s/README.1ST" "$s/README.Debian" "$s/_ATTENTION_" "$s/NEWS.Debian.gz" \
  "$s/storeBackup.pdf.gz"
put storebackup/examples "$s/examples/EXAMPLES.gz" "$s/examples/storeBackup_example.gz"
d=$doc/dirvish
put dirvish "$d/FAQ.html" "$d/TODO.html" "$d/RELEASE.html" "$d/HOWTO.Debian.gz" "$d/HOWTO.upstream" \
  "$d/README.Debian"
put dirvish/examples "$d/examples/master.conf"
i=$doc/ifenslave
put ifenslave "$i/README.Debian.gz" "$i/NEWS.Debian.gz"
put ifenslave/examples "$i"/examples/{two_ethernet,two_hotplug_ethernet,ethernet+wifi,ethernet+hotplug_wifi}
p=$doc/multipath-tools
put multipath-tools "$p/README.md.gz" "$p/README.Debian.gz" "$p/NEWS.Debian.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
