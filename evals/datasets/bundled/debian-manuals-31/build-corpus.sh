#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# nine HTML pages of the DAR (Disk ARchive) documentation (dar/: FAQ.html, Features.html, Good_Backup_Practice.html,
# Limitations.html, Tutorial.html, presentation.html, restoration-with-dar.html, usage_notes.html and the English
# dar-differential-backup-mini-howto.en.html) with Debian's gzipped NEWS.Debian.gz (package dar-docs 2.7.8-2);
# the Apt-Cacher NG user manual as HTML (apt-cacher-ng/html/: index, Intro, config-servquick, config-serv, usage,
# distinstructions, secure, maint, howtos, troublefaq, bugs and cont .html), Debian's gzipped README.Debian.gz and
# NEWS.Debian.gz and four commented examples (apt-cacher-ng/examples/000apt-cacher-ng-proxy, security.conf,
# debrep.hooks, 10-apt-cacher-ng.conf) (package apt-cacher-ng 3.7.4-1+b2); dehydrated's gzipped Markdown
# README.md.gz, its README.Debian, its ten Markdown how-tos (dehydrated/docs/: acme-v1, dns-verification,
# domains_txt, ecc, hook_chain, per-certificate-config, staging, tls-alpn, troubleshooting, wellknown .md) and the
# commented dehydrated/examples/config and domains.txt (package dehydrated 0.7.0-3); Dante's server documentation
# (dante/: the extensionless README.usage, the gzipped BUGS.gz, NEWS.gz and NEWS.Debian.gz, and the commented
# examples/danted.conf, danted-basic.conf and danted-chaining.conf) (package dante-server 1.4.2+dfsg-7+b8); vnStat's
# extensionless FAQ and README and its four systemd examples (vnstat/examples/vnstat_daily.service,
# vnstat_daily.timer, vnstat_monthly.service, vnstat_monthly.timer) (package vnstat 2.10-2); mairix's extensionless
# README, the commented mairix/examples/dotmairixrc.eg and the gzipped Texinfo source of its old manual
# (mairix/old_docs/mairix.texi.gz) (package mairix 0.24-2); and byobu's Markdown README.md with its help screens
# help.tmux.txt and help.screen.txt (byobu/) (package byobu 5.133-1.1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the other DAR pages (kept to
# the user documentation: left out are the libdar API tutorial, the Doxygen API reference under html/ (some 1200
# pages), Notes.html (long technical notes), the benchmark pages, from_sources.html (building from source), the
# authentification and index pages, the Spanish and Italian translations of the mini-howto and the duplicate copies
# under mini-howto/, the signing keys, libdar_test.py.gz, style.css and the two-line README, TODO and NEWS.gz);
# Apt-Cacher NG's README.gz and apt-cacher-ng.pdf (text and PDF renderings of the same manual), TODO.gz and
# examples/dbgenerator.tar.xz (an archive); dehydrated's examples/hook.sh (a shell script) and docs/logo.jpg;
# Dante's README (contact addresses only), README.survey, SUPPORT, CREDITS, SOCKS4.protocol.gz (the protocol
# specification) and examples/sockd-stat.awk (an awk script); mairix's ACKNOWLEDGEMENTS.
# Needs the packages dar-docs, apt-cacher-ng, dehydrated, dante-server, vnstat, mairix and byobu with their docs
# (apt-get install --no-install-recommends dar-docs apt-cacher-ng dehydrated dante-server vnstat mairix byobu;
# installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-31
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
d=$doc/dar-docs
put dar "$d"/{FAQ,Features,Good_Backup_Practice,Limitations,Tutorial,presentation,restoration-with-dar}.html \
  "$d/usage_notes.html" "$d/dar-differential-backup-mini-howto.en.html" "$d/NEWS.Debian.gz"
a=$doc/apt-cacher-ng
put apt-cacher-ng "$a/README.Debian.gz" "$a/NEWS.Debian.gz"
put apt-cacher-ng/html "$a/html"/{index,Intro,config-servquick,config-serv,usage,distinstructions,secure}.html \
  "$a/html"/{maint,howtos,troublefaq,bugs,cont}.html
put apt-cacher-ng/examples "$a/examples"/{000apt-cacher-ng-proxy,security.conf,debrep.hooks,10-apt-cacher-ng.conf}
h=$doc/dehydrated
put dehydrated "$h/README.md.gz" "$h/README.Debian"
put dehydrated/docs "$h/docs"/{acme-v1,dns-verification,domains_txt,ecc,hook_chain,per-certificate-config}.md \
  "$h/docs"/{staging,tls-alpn,troubleshooting,wellknown}.md
put dehydrated/examples "$h/examples/config" "$h/examples/domains.txt"
s=$doc/dante-server
put dante "$s/README.usage" "$s"/{BUGS,NEWS,NEWS.Debian}.gz
put dante/examples "$s/examples"/{danted,danted-basic,danted-chaining}.conf
v=$doc/vnstat
put vnstat "$v/FAQ" "$v/README"
put vnstat/examples "$v/examples"/vnstat_{daily,monthly}.{service,timer}
m=$doc/mairix
put mairix "$m/README"
put mairix/examples "$m/examples/dotmairixrc.eg"
put mairix/old_docs "$m/old_docs/mairix.texi.gz"
b=$doc/byobu
put byobu "$b/README.md" "$b/help.tmux.txt" "$b/help.screen.txt"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
