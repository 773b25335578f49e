#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# twelve pages of the Knot DNS 3.2 documentation as Sphinx HTML (knot-doc/: introduction, requirements,
# installation, configuration, operation, migration, troubleshooting, modules, reference, appendices and the kdig and
# knotc manual pages as HTML) (package knot-doc 3.2.6-1) with the knot server package's README.md (package knot
# 3.2.6-1); twenty pages of the fish 3.6 shell documentation as Sphinx HTML (fish/: faq, tutorial,
# fish_for_bash_users, interactive, language and relnotes, and in fish/cmds/ the pages of abbr, alias, bind,
# fish_add_path, fish_config, fish_greeting, funced, funcsave, history, math, set, string-replace, string-split and
# test) with the gzipped reStructuredText README.rst.gz and Debian's NEWS.Debian.gz (package fish
# 3.6.0-3.1+deb12u1); the English FAQ, quick start guide and scripting guide of WeeChat 3.8 as Asciidoctor HTML
# (weechat-doc/html/: weechat_faq.en.html, weechat_quickstart.en.html, weechat_scripting.en.html) (package
# weechat-doc 3.8-1); isync 1.4.4's (mbsync) extensionless README and TODO, the gzipped NEWS.gz, Debian's
# README.Debian and NEWS.Debian.gz and the commented examples/mbsyncrc.sample (package isync 1.4.4-5); logcheck's
# extensionless README.logcheck, README.keywords, README.how.to.interpret, README.Maintainer, README.Debian, TODO and
# log-summary-ssh, and NEWS.Debian.gz (package logcheck 1.4.2+deb12u1); and chkrootkit's gzipped README.gz and
# README.FALSE-POSITIVES.gz, the extensionless README.chklastlog, README.chkwtmp and README.Debian, and
# NEWS.Debian.gz (package chkrootkit 0.57-2+b9).
# Changelogs, copyright files, man pages (roff), scripts and other forms of the same texts are left out: Knot's
# _sources/ reStructuredText (the same text as the HTML), its index, search and utilities pages (tables of contents)
# and its other eleven manual pages as HTML (knotd, keymgr, knsupdate, kzonecheck ...), the _static/ styles and
# images, and the knot package's TODO.Debian (a two-line packaging note); fish's other 115 command pages (each a
# short reference page), its index, commands, completions, design, license, genindex and search pages,
# searchindex.js and _static/; fish-common's NEWS.Debian.gz (the same file as fish's); WeeChat's user's guide
# (1.1 MB of HTML), plugin API reference (1.2 MB), relay protocol and developer's guide, and every translation of
# the three pages kept (cs, de, es, fr, it, ja, pl, ru, sr); isync's AUTHORS; logcheck's AUTHORS and CREDITS and
# its rule files under /etc/logcheck; chkrootkit's ACKNOWLEDGMENTS.gz (a list of names). Needs the packages
# knot-doc, knot, fish, weechat-doc, isync, logcheck and chkrootkit with their docs (apt-get install knot-doc knot
# fish weechat-doc isync logcheck chkrootkit; knot, weechat-doc, isync and logcheck were already installed on this
# machine, knot-doc, fish and chkrootkit were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-26
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
k=$doc/knot-doc
put knot-doc "$k"/{introduction,requirements,installation,configuration,operation,migration}.html \
  "$k"/{troubleshooting,modules,reference,appendices,man_kdig,man_knotc}.html
put knot "$doc/knot/README.md"
f=$doc/fish
put fish "$f"/{faq,tutorial,fish_for_bash_users,interactive,language,relnotes}.html "$f"/{README.rst.gz,NEWS.Debian.gz}
put fish/cmds "$f"/cmds/{abbr,alias,bind,fish_add_path,fish_config,fish_greeting,funced,funcsave}.html \
  "$f"/cmds/{history,math,set,string-replace,string-split,test}.html
w=$doc/weechat-doc/html
put weechat-doc/html "$w"/weechat_{faq,quickstart,scripting}.en.html
i=$doc/isync
put isync "$i"/{README,TODO,NEWS.gz,README.Debian,NEWS.Debian.gz}
put isync/examples "$i/examples/mbsyncrc.sample"
l=$doc/logcheck
put logcheck "$l"/{README.logcheck,README.keywords,README.how.to.interpret,README.Maintainer,README.Debian} \
  "$l"/{TODO,log-summary-ssh,NEWS.Debian.gz}
c=$doc/chkrootkit
put chkrootkit "$c"/{README.gz,README.FALSE-POSITIVES.gz,README.chklastlog,README.chkwtmp,README.Debian,NEWS.Debian.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
