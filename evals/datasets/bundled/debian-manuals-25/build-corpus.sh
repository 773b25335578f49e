#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# ten chapters of the ISC Kea 2.2.0 DHCP server's Administrator Reference Manual as Sphinx HTML (kea/html/arm/:
# intro, quickstart, lfc, lease-expiration, congestion-handling, database-connectivity, keactrl, shell, security,
# stork) with the extensionless README, the reStructuredText platforms.rst.gz, the //-commented example
# configurations kea4/single-subnet.json, kea4/reservations.json and kea4/leases-expiration.json and
# template-power-user-home/info.md (package kea-doc 2.2.0-6, under /usr/share/doc/kea), and kea-doc's own
# README.Debian; five pages of the FFmpeg 5.1 documentation as texinfo HTML (manual/: faq.html, ffmpeg.html,
# platform.html, mailing-list-faq.html, fate.html) with developer-info/issue_tracker.txt.gz,
# developer-info/multithreading.txt and examples/README (package ffmpeg-doc 7:5.1.9-0+deb12u1, under
# /usr/share/doc/ffmpeg); bogofilter 1.2.5's hand-written HTML bogofilter-faq.html, bogofilter-tuning.HOWTO.html and
# bogotune-faq.html, the gzipped README.gz, GETTING.STARTED.gz, README.db.gz, RELEASE.NOTES.gz, TODO.gz,
# integrating-with-postfix.gz and integrating-with-qmail.gz, the extensionless README.sqlite and README.Debian, the
# commented examples/bogofilter.cf.example.gz and examples/contrib/README.contrib and README.randomtrain (package
# bogofilter-common 1.2.5-1+b2); eleven pages of the AWStats 7.8 log analyser's hand-written HTML documentation
# (html/: awstats_what, awstats_setup, awstats_config, awstats_faq, awstats_security, awstats_tools, awstats_upgrade,
# awstats_extra, awstats_glossary, awstats_benchmark, awstats_compare) with README.md.gz, Debian's README.Debian.gz
# and NEWS.Debian.gz and examples/apache.conf (package awstats 7.8-3+deb12u2); rdiff-backup 2.2.2's AsciiDoc
# documents, gzipped: README.adoc.gz, FAQ.adoc.gz, examples.adoc.gz and migration.adoc.gz, with Debian's
# README.Debian and NEWS.Debian.gz (package rdiff-backup 2.2.2-1); and Apache SpamAssassin 4.0.1's gzipped README.gz,
# USAGE.gz and UPGRADE.gz, Debian's README.Debian.gz and NEWS.Debian.gz, the SQL notes sql/README.gz,
# sql/README.bayes.gz, sql/README.awl.gz and the extensionless sql/README.txrep, and examples/procmailrc.example
# (package spamassassin 4.0.1-1~deb12u1).
# Changelogs, copyright files, man pages (roff), scripts and other forms of the same texts are left out: Kea's other
# fifteen ARM chapters (dhcp4-srv, dhcp6-srv and hooks alone are 2.2 MB of HTML), api.html, kea-messages.html, the
# ARM's one-page index.html, the man pages as HTML, the _sources/ reStructuredText (the same text as the HTML), the
# ~400 JSON API descriptions and the other example configurations; FFmpeg's other manual pages (ffmpeg-all.html,
# ffplay-all.html and ffprobe-all.html alone are 6.5 MB; the filters, codecs and formats references), the Doxygen
# API pages, the example C sources and the other developer-info notes; bogofilter's Bulgarian, French and Italian
# FAQs (the same text translated), AUTHORS and the contrib scripts; AWStats' other HTML pages (plugin development,
# contributions, Webmin, Dolibarr, licence), its images and scripts/ folder, pad_awstats.xml.gz and the Perl tools
# in examples/; rdiff-backup's CHANGELOG.adoc.gz, DEVELOP.adoc.gz, the two Windows documents, credits.adoc and
# COPYING.gz; SpamAssassin's CREDITS.gz, NOTICE, TRADEMARK, the .sql schema files and the other examples. Needs the
# packages kea-doc, ffmpeg-doc, bogofilter-common, awstats, rdiff-backup and spamassassin with their docs (apt-get
# install kea-doc ffmpeg-doc bogofilter-common awstats rdiff-backup spamassassin; none of them were installed on this
# machine before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-25
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
k=$doc/kea
put kea "$k"/{README,platforms.rst.gz}
put kea/html/arm "$k"/html/arm/{intro,quickstart,lfc,lease-expiration,congestion-handling}.html \
  "$k"/html/arm/{database-connectivity,keactrl,shell,security,stork}.html
put kea/examples/kea4 "$k"/examples/kea4/{single-subnet,reservations,leases-expiration}.json
put kea/examples/template-power-user-home "$k/examples/template-power-user-home/info.md"
put kea-doc "$doc/kea-doc/README.Debian"
f=$doc/ffmpeg
put ffmpeg/manual "$f"/manual/{faq,ffmpeg,platform,mailing-list-faq,fate}.html
put ffmpeg/developer-info "$f"/developer-info/{issue_tracker.txt.gz,multithreading.txt}
put ffmpeg/examples "$f/examples/README"
b=$doc/bogofilter-common
put bogofilter-common "$b"/{bogofilter-faq.html,bogofilter-tuning.HOWTO.html,bogotune-faq.html} \
  "$b"/{README.gz,GETTING.STARTED.gz,README.db.gz,RELEASE.NOTES.gz,TODO.gz} \
  "$b"/{integrating-with-postfix.gz,integrating-with-qmail.gz,README.sqlite,README.Debian}
put bogofilter-common/examples "$b/examples/bogofilter.cf.example.gz"
put bogofilter-common/examples/contrib "$b"/examples/contrib/{README.contrib,README.randomtrain}
a=$doc/awstats
put awstats "$a"/{README.md.gz,README.Debian.gz,NEWS.Debian.gz}
put awstats/html "$a"/html/awstats_{what,setup,config,faq,security,tools,upgrade,extra,glossary}.html \
  "$a"/html/awstats_{benchmark,compare}.html
put awstats/examples "$a/examples/apache.conf"
r=$doc/rdiff-backup
put rdiff-backup "$r"/{README.adoc.gz,FAQ.adoc.gz,examples.adoc.gz,migration.adoc.gz,README.Debian,NEWS.Debian.gz}
s=$doc/spamassassin
put spamassassin "$s"/{README.gz,USAGE.gz,UPGRADE.gz,README.Debian.gz,NEWS.Debian.gz}
put spamassassin/sql "$s"/sql/{README.gz,README.bayes.gz,README.awl.gz,README.txrep}
put spamassassin/examples "$s/examples/procmailrc.example"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
