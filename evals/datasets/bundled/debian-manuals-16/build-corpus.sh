#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# twenty-six English pages of the Apache HTTP Server 2.4 manual as the project's generated HTML (site menu, breadcrumb,
# "Available Languages" line, per-section "¶" anchors), from its howto/, misc/, ssl/, rewrite/, vhosts/ and programs/
# folders and the top level, with apache2-doc's NEWS.Debian.gz (package apache2-doc); Debian's README.Debian.gz,
# NEWS.Debian.gz and the extensionless README.multiple-instances (package apache2); sixteen nodes of the GNU Aspell
# manual as texinfo-generated HTML, one small page per node with `_002d`-style escaped names, the Aspell developer's
# manual as one gzipped info file and aspell-doc's NEWS.Debian.gz (package aspell-doc, aspell-dev.info.gz from
# /usr/share/info); quilt's introduction "How To Survive With Many Patches" as one plain PDF (pdfTeX, 12 pages) with
# its gzipped command reference README.gz, NEWS.gz and the plain README.MAIL, README.Debian and README.source
# (package quilt); socat's hand-written HTML tutorials and its manual page as HTML, the extensionless FAQ, SECURITY and
# README.FIPS, the gzipped README, EXAMPLES and xio.help (package socat); Lynx's help pages as gzipped HTML
# (`.html.gz`: the users guide, URL schemes, the lynx.cfg settings description, keystroke help pages), its README,
# PROBLEMS and README.Debian and the READMEs of its docs/ folder, some gzipped (package lynx-common); Squid's
# QUICKSTART and README (extensionless), its linuxdoc-generated RELEASENOTES.html, NEWS.Debian.gz and the commented
# default configuration squid.conf.documented.gz (package squid-common); and unattended-upgrades' README.md.gz and
# NEWS.Debian.gz (package unattended-upgrades). Changelogs, copyright files, man pages (roff), example scripts and
# configuration files, and other forms of the same texts are left out: the Apache manual's other pages (the mod/
# directive references, developer/, platform/, faq/ and the other topics), its fourteen translations, images and style
# sheets, apache2's PACKAGING.gz and README.backtrace, the cgi-examples and examples/; the Aspell manual's other nodes
# (including eight stub pages that only point elsewhere), the developer manual's HTML form and aspell.info.gz (the same
# text as the HTML nodes); quilt.html and quilt.txt.gz (the same paper as the PDF), AUTHORS and TODO; socat's
# DEVELOPMENT.gz, PORTING, BUGREPORTS, README.Debian, NEWS.Debian.gz, index.html, the style sheet and examples/; Lynx's
# other help pages, CHANGES* files, *.announce and *.key files and the other docs/ READMEs; Squid's CONTRIBUTORS,
# CREDITS and SPONSORS. Needs the packages apache2-doc, apache2, aspell-doc, quilt, socat, lynx-common, squid-common
# and unattended-upgrades with their docs (apt-get install apache2-doc aspell-doc quilt socat lynx-common squid-common
# unattended-upgrades, which also brings apache2; aspell-doc was installed here before, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-16
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put apache2 "$doc"/apache2/{README.Debian.gz,NEWS.Debian.gz,README.multiple-instances}
m=$doc/apache2-doc/manual/en
put apache2-doc "$doc/apache2-doc/NEWS.Debian.gz"
put apache2-doc/manual "$m"/{bind,caching,content-negotiation,custom-error,dns-caveats,logs,stopping,upgrading}.html \
  "$m/urlmapping.html"
put apache2-doc/manual/howto "$m"/howto/{htaccess,auth,reverse_proxy,public_html,http2,cgi}.html
put apache2-doc/manual/misc "$m"/misc/{security_tips,perf-tuning}.html
put apache2-doc/manual/ssl "$m"/ssl/{ssl_faq,ssl_howto}.html
put apache2-doc/manual/rewrite "$m"/rewrite/{avoid,flags,remapping}.html
put apache2-doc/manual/vhosts "$m"/vhosts/{name-based,examples}.html
put apache2-doc/manual/programs "$m"/programs/{rotatelogs,htpasswd}.html
as=$doc/aspell-doc/aspell.html
put aspell-doc "$doc/aspell-doc/NEWS.Debian.gz" "$info/aspell-dev.info.gz"
put aspell-doc/aspell.html "$as"/{Introduction,Spellchecking-Individual-Files,Through-A-Pipe}.html \
  "$as"/{Using-Aspell-as-a-Replacement-for-Ispell,Specifying-Options,The-Options}.html \
  "$as"/{Notes-on-the-Different-Suggestion-Modes,Aspell-Suggestion-Strategy}.html \
  "$as"/{How-Aspell-Selects-an-Appropriate-Dictionary,Listing-Available-Dictionaries}.html \
  "$as"/{Creating-an-Individual-Word-List,Format-of-the-Personal-and-Replacement-Dictionaries}.html \
  "$as"/{Using-Multi-Dictionaries,Using-Aspell-with-other-Applications}.html \
  "$as"/{Upgrading-from-Aspell-0_002e60_002e7,Notes-on-8_002dbit-Characters}.html
q=$doc/quilt
put quilt "$q"/{quilt.pdf,README.gz,NEWS.gz,README.MAIL,README.Debian,README.source}
s=$doc/socat
put socat "$s"/{FAQ,SECURITY,README.FIPS,README.gz,EXAMPLES.gz,xio.help.gz,socat.html} \
  "$s"/socat-{openssltunnel,multicast,tun,genericsocket}.html
l=$doc/lynx-common
put lynx-common "$l"/{README.Debian,README.gz,PROBLEMS.gz}
put lynx-common/docs "$l"/docs/{README.cookies,README.ssl,README.sslcerts.gz,README.options}
put lynx-common/lynx_help "$l"/lynx_help/{Lynx_users_guide,lynx_url_support,about_lynx,lynx_help_main,body}.html.gz
put lynx-common/lynx_help/keystrokes \
  "$l"/lynx_help/keystrokes/{option_help,environments,cookie_help,follow_help,other_help,bookmark_help}.html.gz
put squid-common "$doc"/squid-common/{QUICKSTART,README,RELEASENOTES.html,NEWS.Debian.gz,squid.conf.documented.gz}
put unattended-upgrades "$doc"/unattended-upgrades/{README.md.gz,NEWS.Debian.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
