#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# fourteen pages of the restic manual as Sphinx HTML (navigation sidebar, "Next/Previous" footer, "¶" anchors) in html/
# (package restic); twenty pages of the NTPsec documentation as Asciidoctor HTML in html/ (the client and NTS quick
# starts, the ntpq, ntpkeygen, ntpdig, ntptime, ntpmon and ntpwait pages, the access-control, authentication,
# leap-smear, orphan-mode, rate, rollover, poll, leap-second and preferred-peer pages and the accopt, clockopt and
# miscopt option references) (package ntpsec-doc); rsnapshot's HOWTO as one DocBook HTML page, its README as
# gzipped Markdown (`.md.gz`), Debian's README.Debian and NEWS.Debian.gz, the gzipped extensionless Upgrading_from_1.1
# and the commented example configuration rsnapshot.conf.default with the utils README (package rsnapshot); sysstat's
# FAQ and README as gzipped Markdown, README.Debian, NEWS.Debian.gz, the example crontab and README.irqstat (package
# sysstat); the GNU Libtool manual as an info file split over libtool.info.gz (tag table only), libtool.info-1.gz and
# libtool.info-2.gz (package libtool-doc, from /usr/share/info); the GNU gperf manual as one texi2html page (upper-case
# tags) with the extensionless README and NEWS.gz (package gperf); and keepalived's README, the configuration synopsis
# keepalived.conf.SYNOPSIS, TODO.gz and seven of its example configuration files (package keepalived). Changelogs,
# copyright files, man pages (roff), example scripts and other forms of the same texts are left out: restic's other
# pages (introduction, installation, participating, references, talks, REST backend, developer information, the
# index, search and genindex pages), _sources/, _static/, _images/ and searchindex.js; NTPsec's other seventy-one
# pages (among them ntp_conf.html, 104 KB, the refclock driver pages and the sitemap); rsnapshot's example scripts in
# examples/utils/ and examples/anacron/ and rename_retains.sh; sysstat's CREDITS.gz, xml/, images/ and the example
# scripts irqstat, irqtop, sargraph and sargraph2; libtool.html (575 KB, the same manual as the info files); gperf's
# examples/ and gperf.info.gz (the same manual as the HTML); keepalived's AUTHOR, CONTRIBUTORS, the other twenty
# samples and sample_notify_fifo.sh.gz. Needs the packages restic, ntpsec-doc, rsnapshot, sysstat, libtool-doc, gperf
# and keepalived with their docs (apt-get install restic ntpsec-doc rsnapshot sysstat libtool-doc gperf keepalived;
# none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-18
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
r=$doc/restic/html
put restic/html "$r"/{030_preparing_a_new_repo,040_backup,045_working_with_repos,047_tuning_backup_parameters}.html \
  "$r"/{050_restore,060_forget,070_encryption,075_scripting,080_examples,faq,cache,design,manual_rest}.html \
  "$r/020_installation.html"
n=$doc/ntpsec-doc/html
put ntpsec-doc/html "$n"/{quick,NTS-QuickStart,ntpq,ntpkeygen,ntpdig,ntptime,ntpmon,authentic,leapsmear}.html \
  "$n"/{orphan,rate,rollover,poll,access,accopt,clockopt,miscopt,prefer,leap,ntpwait}.html
s=$doc/rsnapshot
put rsnapshot "$s"/{README.md.gz,README.Debian,NEWS.Debian.gz,Upgrading_from_1.1.gz}
put rsnapshot/html "$s/html/rsnapshot-HOWTO.en.html"
put rsnapshot/examples "$s/examples/rsnapshot.conf.default"
put rsnapshot/examples/utils "$s/examples/utils/README"
y=$doc/sysstat
put sysstat "$y"/{FAQ.md.gz,README.md.gz,README.Debian,NEWS.Debian.gz}
put sysstat/examples "$y"/examples/{crontab,README.irqstat}
put libtool-doc "$info"/libtool.info{,-1,-2}.gz
put gperf "$doc"/gperf/{gperf.html,README,NEWS.gz}
k=$doc/keepalived
put keepalived "$k"/{README,keepalived.conf.SYNOPSIS,TODO.gz}
put keepalived/samples "$k"/samples/keepalived.conf.{sample,vrrp,vrrp.scripts,track_interface,HTTP_GET.port} \
  "$k"/samples/keepalived.conf.{SSL_GET,IPv6}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
