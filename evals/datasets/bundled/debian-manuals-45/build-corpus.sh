#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# RRDtool's extensionless Debian README.Debian, its gzipped upstream NEWS.gz and Debian NEWS.Debian.gz and 18 pages
# of its HTML manual (rrdtool/html/: rrdtool, rrd-beginners, rrdtutorial, cdeftutorial, rpntutorial, rrdcreate,
# rrdupdate, rrdfetch, rrdgraph, rrdgraph_data, rrdgraph_graph, rrdgraph_rpn, rrdgraph_examples, rrdtune, rrddump,
# rrdrestore, rrdxport and rrdcached .html) (package rrdtool 1.7.2-4+b8); btrbk's gzipped Markdown README.md.gz and
# FAQ.md.gz, the plain Markdown upgrade_to_v0.23.0.md and the gzipped Debian NEWS.Debian.gz (package btrbk
# 0.32.5-1); ppp's gzipped README.gz, FAQ.gz, README.Debian.gz, NEWS.Debian.gz, SETUP.gz and PLUGINS.gz, the
# extensionless README.pppoe, README.MPPE, README.STATIC-IP, README.pwfd, README.MSCHAP81, README.pppol2tp and
# defaultroute (a bug report with its workaround), the example peer files examples/peers-pppoe and
# examples/peers-gprs, examples/interfaces and the README of the example scripts (examples/scripts/README) (package
# ppp 2.4.9-1+1.1+b1); bridge-utils' extensionless README, README.Debian, HOWTO, FIREWALL and WISHLIST, its gzipped
# Debian NEWS.Debian.gz and the commented examples/interfaces.hotplug.wifi (package bridge-utils 1.7.1-1); auditd's
# gzipped README.gz, extensionless README.Debian, gzipped NEWS.Debian.gz, and from examples/rules/ the README-rules
# and six commented sample rule files (10-base-config, 20-dont-audit, 30-stig, 31-privileged, 43-module-load and
# 99-finalize .rules) (package auditd 1:3.0.9-1); and distcc's Markdown README.md, extensionless README and
# README.Debian, reporting-bugs.txt, the gzipped TODO.gz, the protocol notes protocol-3.txt and protocol-gssapi.txt,
# and example/README (package distcc 3.4+really3.4-3).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the rest of RRDtool's HTML
# pages (the language bindings and C API: RRDs, RRDp, librrd; rrdcgi, rrdgraph_libdbi, rrdbuild, rrdthreads,
# rrd_pdpcalc, bin_dec_hex; the one-screen pages rrdfirst, rrdlast, rrdlastupdate, rrdinfo, rrdlist, rrdflushcached
# and rrdresize), its examples/ (Perl, Ruby, Tcl and CGI scripts) and CONTRIBUTORS.gz (names); ppp's README.cbcp,
# README.MSCHAP80.gz and README.win9x (obsolete Microsoft callback and Windows 9x notes), the other examples
# (peers-pppoa, options.ttyXX, filters, popp, per-linkname, userscripts-up/-down) and the example scripts themselves
# (examples/scripts/: pon, poff, plog, ppp-on, callback, chatchat and the rest, scripts and C source); bridge-utils'
# THANKS (names), FAQ (a one-line pointer to a web page), PROJECTS (one line) and the other examples (hibernate,
# pm-utils, interfaces.networkmanager, bridge.service); auditd's examples/auditd.cron and the other 29 sample rule
# files (the OSPP, PCI-DSS and NISPOM sets and the small ignore/loginuid/networking/containers/injection ones);
# distcc's protocol-1.txt.gz, protocol-2.txt, protocol-3-impl.txt, status-1.txt, survey.txt and AUTHORS, and the
# example service files (example/init, init-suse, xinetd, logrotate, default, services, hosts.allow); and the
# packages' configuration files under /etc (/etc/btrbk/btrbk.conf.example, /etc/ppp/options, /etc/ppp/peers/,
# /etc/default/bridge-utils, /etc/audit/auditd.conf, /etc/default/distcc ...), which are not documentation and may
# be edited locally.
# Needs the packages rrdtool, btrbk, ppp, bridge-utils, auditd and distcc with their docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends rrdtool btrbk ppp bridge-utils auditd distcc; rrdtool was
# already installed here, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-45
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
r=$doc/rrdtool
put rrdtool "$r/README.Debian" "$r/NEWS.gz" "$r/NEWS.Debian.gz"
put rrdtool/html "$r"/html/{rrdtool,rrd-beginners,rrdtutorial,cdeftutorial,rpntutorial,rrdcreate,rrdupdate,rrdfetch}.html \
  "$r"/html/{rrdgraph,rrdgraph_data,rrdgraph_graph,rrdgraph_rpn,rrdgraph_examples,rrdtune,rrddump,rrdrestore,rrdxport}.html \
  "$r/html/rrdcached.html"
b=$doc/btrbk
put btrbk "$b/README.md.gz" "$b/FAQ.md.gz" "$b/upgrade_to_v0.23.0.md" "$b/NEWS.Debian.gz"
p=$doc/ppp
put ppp "$p/README.gz" "$p/FAQ.gz" "$p/README.Debian.gz" "$p/NEWS.Debian.gz" "$p/SETUP.gz" "$p/PLUGINS.gz" \
  "$p/README.pppoe" "$p/README.MPPE" "$p/README.STATIC-IP" "$p/README.pwfd" \
  "$p/README.MSCHAP81" "$p/README.pppol2tp" "$p/defaultroute"
put ppp/examples "$p/examples/peers-pppoe" "$p/examples/peers-gprs" "$p/examples/interfaces"
put ppp/examples/scripts "$p/examples/scripts/README"
u=$doc/bridge-utils
put bridge-utils "$u/README" "$u/README.Debian" "$u/HOWTO" "$u/FIREWALL" "$u/NEWS.Debian.gz" "$u/WISHLIST"
put bridge-utils/examples "$u/examples/interfaces.hotplug.wifi"
a=$doc/auditd
put auditd "$a/README.gz" "$a/README.Debian" "$a/NEWS.Debian.gz"
put auditd/examples/rules "$a/examples/rules/README-rules" \
  "$a"/examples/rules/{10-base-config,20-dont-audit,30-stig,31-privileged,43-module-load,99-finalize}.rules
d=$doc/distcc
put distcc "$d/README.md" "$d/README" "$d/README.Debian" "$d/reporting-bugs.txt" "$d/TODO.gz" "$d/protocol-3.txt" \
  "$d/protocol-gssapi.txt"
put distcc/example "$d/example/README"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
