#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# amavisd-new's documentation (amavisd-new/: the DocBook HTML guides amavisd-new-docs.html and README.postfix.html,
# the extensionless AAAREADME.first, README.CVE-2024-28054, README.rspamd and TODO.Debian, the gzipped
# README.Debian.gz, NEWS.Debian.gz, README.banned.gz, README.chroot.gz, README.customize.gz, README.lookups.gz,
# README.milter.gz, README.performance.gz, README.policy-on-notifications.gz and README.sql.gz) (package amavisd-new
# 1:2.13.0-3+deb12u1); twelve pages of the GNU Mailutils manual as Texinfo HTML (mailutils/mailutils.html/: mailboxes
# local and remote, reading and composing with mail, its configuration files, frm and from, readmsg, movemail's
# configuration, pop3d's configuration, starting imap4d, mailbox quotas, mailutils send) with the gzipped README.gz
# and NEWS.gz (package mailutils-doc 1:3.15-4); collectd's READMEs (collectd/: README.gz, Debian's README.Debian.gz,
# README.Debian.plugins and NEWS.Debian.gz) and commented example configurations (collectd/examples/collectd.conf,
# filters.conf, exec-nagios.conf and collection3/README) (package collectd-core 5.12.0-14); etckeeper's Markdown
# (etckeeper/: the gzipped README.mdwn.gz and the plain index.mdwn and install.mdwn) (package etckeeper 1.18.20-1);
# ifupdown's Debian NEWS.Debian.gz and example interfaces files (ifupdown/examples/network-interfaces, bridge and
# pattern-matching) (package ifupdown 0.8.41); and postgrey's extensionless README, README.Debian and README.exim with
# the gzipped NEWS.Debian.gz (package postgrey 1.37-2).
# Changelogs, copyright files, man pages (roff) and other forms of the same texts are left out: amavisd-new's
# README.postfix.gz (a text rendering of README.postfix.html), its README files for obsolete or niche setups
# (README.exim_v3*, README.courier-old.gz, README.sendmail-dual.old.gz, README.old.scanners.gz and the rest of the
# MTA-specific ones), AMAVIS-MIB.txt.gz (an SNMP MIB, not prose), README.contributed, its example configurations and
# scripts (examples/) and images; the other ~290 pages of the Mailutils manual (kept to a coherent subset: the mail
# reader, mailboxes and the mail servers' configuration), its AUTHORS, THANKS and TODO; collectd's AUTHORS.gz and
# its web front-ends and scripts under examples/ (code, not documentation); etckeeper's stub wiki pages
# (comments.mdwn, forum.mdwn, news.mdwn, todo.mdwn); and ifupdown's contrib/ and example shell and Perl scripts.
# Needs the packages amavisd-new, mailutils-doc, collectd-core, etckeeper, ifupdown and postgrey with their docs
# (apt-get install amavisd-new mailutils-doc collectd-core etckeeper ifupdown postgrey; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-28
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
a=$doc/amavisd-new
put amavisd-new "$a/amavisd-new-docs.html" "$a/README.postfix.html" "$a/AAAREADME.first" "$a/README.CVE-2024-28054" \
  "$a/README.rspamd" "$a/TODO.Debian" \
  "$a"/{README.Debian,NEWS.Debian,README.banned,README.chroot,README.customize,README.lookups,README.milter}.gz \
  "$a"/{README.performance,README.policy-on-notifications,README.sql}.gz
m=$doc/mailutils
put mailutils "$m/README.gz" "$m/NEWS.gz"
put mailutils/mailutils.html "$m/mailutils.html"/{Local-Mailboxes,Remote-Mailboxes,Reading-Mail,Composing-Mail}.html \
  "$m/mailutils.html"/{Mail-Configuration-Files,frm-and-from,readmsg,Movemail-Configuration,Conf_002dpop3d}.html \
  "$m/mailutils.html"/{Starting-imap4d,Mailbox-Quotas,mailutils-send}.html
c=$doc/collectd-core
put collectd "$c/README.gz" "$c/README.Debian.gz" "$c/README.Debian.plugins" "$c/NEWS.Debian.gz"
put collectd/examples "$c/examples"/{collectd.conf,filters.conf,exec-nagios.conf}
put collectd/examples/collection3 "$c/examples/collection3/README"
put etckeeper "$doc/etckeeper/README.mdwn.gz" "$doc/etckeeper"/{index,install}.mdwn
put ifupdown "$doc/ifupdown/NEWS.Debian.gz"
put ifupdown/examples "$doc/ifupdown/examples"/{network-interfaces,bridge,pattern-matching}
put postgrey "$doc/postgrey"/{README,README.Debian,README.exim,NEWS.Debian.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
