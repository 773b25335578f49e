#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# twenty-two pages of the Coverage.py 6.5 documentation as Sphinx HTML (python-coverage-doc/html/: index, install,
# cmd, config, source, excluding, branch, subprocess, contexts, plugins, faq, trouble, howitworks, whatsnew5x,
# dbschema, contributing and the API pages api, api_module, api_coverage, api_plugin and api_exceptions) (package
# python-coverage-doc 6.5.0+dfsg1-2); Splint's hand-written HTML FAQ, known-bugs page and realloc note
# (splint-doc-html/html/faq.html, bugs.html and realloc.html) (package splint-doc-html 1:3.1.2+dfsg-5); SLOCCount's
# HTML user's guide sloccount.html with its extensionless README and the gzipped TODO.gz (package sloccount
# 2.26-5.2); the DejaGnu manual as one gzipped info file dejagnu.info.gz (from /usr/share/info) with DejaGnu's
# extensionless README and the gzipped NEWS.gz and TODO.gz (package dejagnu 1.6.3-1); GNU Bison's gzipped README.gz
# and TODO.gz and the twelve Markdown READMEs of its examples (bison/examples/README.md, c/, c++/, c++/calc++/, d/,
# java/, c/bistromathic/, c/calc/, c/glr/, c/lexcalc/, c/pushcalc/ and c/reccalc/README.md) (package bison
# 2:3.8.2+dfsg-1+b1); remake's (GNU Make with a debugger) gzipped README.gz, its gzipped Markdown release notes
# NEWS-remake.md.gz and the extensionless README.remake (package remake 4.3+dbg-1.6+dfsg-1); and gengetopt's
# extensionless README and README.Debian, the gzipped NEWS.gz and examples/README.example (package gengetopt
# 2.23+dfsg1-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: Coverage.py's changes.html (the
# full change history, 105 KB of text), api_coveragedata.html, sleepy.html, search.html, py-modindex.html,
# searchindex.js, objects.inv, _sources/ (the reStructuredText of the same pages) and _static/; Splint's manual.html
# (the 0.9 MB Word-exported user's manual, 263 KB of text), its images, style sheets, header.html and footer.html
# and the gzipped changelog.html.gz; SLOCCount's nothing else; DejaGnu's HTML manual (dejagnu.html/, the same text as
# the info file), dejagnu.pdf.gz and dejagnu.ps.gz (again the same text) and AUTHORS; Bison's NEWS.gz (151 KB of
# release notes), ChangeLog-1998.gz, ChangeLog-2012.gz, AUTHORS, THANKS.gz and the example grammars, sources and
# Makefiles themselves; remake's two-line NEWS.gz; and gengetopt's THANKS and the example C sources, header and .ggo
# file.
# Needs the packages python-coverage-doc, splint-doc-html, sloccount, dejagnu, bison, remake and gengetopt with their
# docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends python-coverage-doc splint-doc-html sloccount dejagnu bison remake
# gengetopt; bison was already installed here, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-49
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
c=$doc/python-coverage-doc/html
put python-coverage-doc/html "$c"/{index,install,cmd,config,source,excluding,branch,subprocess,contexts}.html \
  "$c"/{plugins,faq,trouble,howitworks,whatsnew5x,dbschema,contributing}.html \
  "$c"/{api,api_module,api_coverage,api_plugin,api_exceptions}.html
s=$doc/splint-doc-html/html
put splint-doc-html/html "$s/faq.html" "$s/bugs.html" "$s/realloc.html"
l=$doc/sloccount
put sloccount "$l/sloccount.html" "$l/README" "$l/TODO.gz"
d=$doc/dejagnu
put dejagnu "$info/dejagnu.info.gz" "$d/README" "$d/NEWS.gz" "$d/TODO.gz"
b=$doc/bison
put bison "$b/README.gz" "$b/TODO.gz"
put bison/examples "$b/examples/README.md"
put bison/examples/c "$b/examples/c/README.md"
put bison/examples/c++ "$b/examples/c++/README.md"
put bison/examples/c++/calc++ "$b/examples/c++/calc++/README.md"
put bison/examples/d "$b/examples/d/README.md"
put bison/examples/java "$b/examples/java/README.md"
for x in bistromathic calc glr lexcalc pushcalc reccalc; do
  put "bison/examples/c/$x" "$b/examples/c/$x/README.md"
done
r=$doc/remake
put remake "$r/README.gz" "$r/NEWS-remake.md.gz" "$r/README.remake"
g=$doc/gengetopt
put gengetopt "$g/README" "$g/README.Debian" "$g/NEWS.gz"
put gengetopt/examples "$g/examples/README.example"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
