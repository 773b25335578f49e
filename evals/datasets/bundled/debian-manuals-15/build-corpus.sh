#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# HAProxy's starter guide and management guide as generated HTML pages with a navigation menu and the Lua API
# reference as one Sphinx page, with haproxy-doc's NEWS.Debian.gz (package haproxy-doc); nine chapters and two
# appendices of the BIND 9 Administrator Reference Manual as Sphinx (Read the Docs theme) HTML pages, its DNSSEC guide
# and the named.conf grammar summary options.gz (package bind9-doc); fourteen chapters of the Exim specification as
# the project's generated HTML pages, one per chapter, and Exim's filtering manual as one gzipped info file, with
# README.Debian (packages exim4-doc-html and exim4-doc-info); the APT user's guide and the offline-use guide as small
# generated HTML books (package apt-doc), APT's Markdown documents, some `.md` and some `.md.gz` (packages apt-doc and
# apt), with apt's README.md.gz and NEWS.Debian.gz; sixteen of Mercurial's help topics as the reStructuredText-like
# `.txt` files `hg help` reads (package mercurial-common, from its Python package's helptext/ folder) with
# README.Debian and NEWS.Debian.gz; OpenVPN's extensionless READMEs and PORTS, its gzipped management-interface and
# GUI notes and its two manual pages as docutils HTML (package openvpn); and the Debian New Maintainers' Guide as one
# plain PDF (DBLaTeX, package maint-guide). Changelogs, copyright files, man pages (roff), example scripts and
# configuration files, and other forms of the same texts are left out: HAProxy's configuration.html (2.6 MB), the
# Sphinx page's `_sources/index.rst.txt`, genindex and search pages, scripts, style sheets and images; the ARM's
# chapter 8, the configuration reference (reference.html, 1.5 MB), manpages.html (0.8 MB), notes.html (release notes,
# 0.3 MB), the index, search and font files; Exim's other chapters (the main configuration, string expansions and ACL
# chapters are 0.2–0.3 MB each), the concept, option and variable indexes, the filter manual's HTML form and
# spec.info.gz (2.5 MB decompressed, the same text as the HTML chapters); the APT guides' text forms and their
# translations, apt's examples/; Mercurial's other help topics, the internals/ topics and examples/; OpenVPN's
# AUTHORS, COPYRIGHT.GPL.gz, README.mbedtls and examples/; the maint-guide's HTML and text forms. Needs the packages
# haproxy-doc, bind9-doc, exim4-doc-html, exim4-doc-info, apt-doc, apt, mercurial-common, openvpn and maint-guide with
# their docs (apt-get install haproxy-doc bind9-doc exim4-doc-html exim4-doc-info apt-doc mercurial-common openvpn
# maint-guide; apt was installed here before, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-15
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
hp=$doc/haproxy
put haproxy "$doc/haproxy-doc/NEWS.Debian.gz"
put haproxy/html "$hp"/html/{intro,management}.html
put haproxy/lua "$hp/lua/index.html"
arm=$doc/bind9-doc/arm
put bind9 "$doc/bind9/options.gz"
put bind9/arm "$arm"/chapter{1,2,3,4,5,6,7,9,10}.html "$arm"/{general,history,dnssec-guide}.html
sp=$doc/exim4-doc-html/spec_html
put exim4 "$info/filter.info.gz" "$doc/exim4-doc-html/README.Debian"
put exim4/spec_html "$sp"/ch-{retry_configuration,address_rewriting,smtp_authentication,the_redirect_router}.html \
  "$sp"/ch-{the_autoreply_transport,log_files,some_common_configuration_settings,exim_utilities}.html \
  "$sp"/ch-{encrypted_smtp_connections_using_tlsssl,the_exim_command_line,security_considerations}.html \
  "$sp"/ch-{customizing_bounce_and_warning_messages,proxies,systemwide_message_filtering}.html
ad=$doc/apt-doc
put apt "$doc"/apt/{README.md.gz,NEWS.Debian.gz,progress-reporting.md,srv-records-support.md} \
  "$doc"/apt/{acquire-additional-files,external-dependency-solver-protocol,json-hooks-protocol}.md.gz
put apt/guide.html "$ad"/guide.html/{index,ch1,ch2,ch3,ch4}.html
put apt/offline.html "$ad"/offline.html/{index,ch1,ch2,ch3}.html
ht=/usr/lib/python3/dist-packages/mercurial/helptext
put mercurial "$doc"/mercurial-common/{README.Debian,NEWS.Debian.gz}
put mercurial/helptext "$ht"/{config,revisions,patterns,hgignore,subrepos,phases,merge-tools,pager}.txt \
  "$ht"/{color,environment,urls,glossary,scripting,templates,dates,rust}.txt
ov=$doc/openvpn
put openvpn "$ov"/{README,README.Debian.gz,README.auth-pam,README.down-root,README.systemd,PORTS,NEWS.Debian.gz} \
  "$ov"/{management-notes,gui-notes}.txt.gz "$ov"/openvpn{.8,-examples.5}.html
put maint-guide "$doc/maint-guide/maint-guide.en.pdf"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
