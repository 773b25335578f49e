#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# eighteen pages of the PSPP manual as makeinfo HTML from /usr/share/doc/pspp/pspp.html (Introduction, Invoking-PSPP,
# Main-Options, Invoking-PSPPIRE, Invoking-pspp_002dconvert, Not-Implemented, Bugs, Missing-Observations,
# Scratch-Variables, Time-and-Date-Concepts, SET, SORT-CASES, AGGREGATE, FREQUENCIES, Testing-for-normality,
# Identifying-incorrect-data, Linear-Regression and GET-DATA-_002fTYPE_003dGNM_002fODS .html), with the gzipped
# README.gz and NEWS.gz, the extensionless README.Debian and the manual pages man1/pspp.1.gz, psppire.1.gz,
# pspp-convert.1.gz and pspp-output.1.gz (package pspp 1.6.2-2); sixteen Sphinx HTML pages of the beets music
# library manager's documentation from /usr/share/doc/beets/html: index.html, faq.html, guides/main.html,
# guides/tagger.html, guides/advanced.html, reference/cli.html, reference/config.html, reference/pathformat.html,
# reference/query.html and plugins/convert.html, fetchart.html, replaygain.html, lyrics.html, duplicates.html,
# web.html and smartplaylist.html, with beets-doc's gzipped NEWS.Debian.gz (package beets-doc 1.6.0-4+deb12u1);
# pandoc's gzipped Markdown README.md.gz, the extensionless README.Debian and its manual page man1/pandoc.1.gz (the
# whole User's Guide, 73 KB gzipped) (package pandoc 2.17.1.1-2~deb12u1); the GNU plotutils manual as one gzipped
# info file plotutils.info.gz (from /usr/share/info: graph, plot, pic2plot, tek2plot, plotfont, spline, ode and the
# libplot library), the gzipped README.gz, PROBLEMS.gz and COMPAT.gz, the extensionless KNOWN_BUGS and the READMEs of
# its ode/, pic2plot/ and tek2plot/ example folders (package plotutils 2.6-13); OptiPNG's HTML manual page
# optipng.man.html, Cosmin Truta's guide png_optimization.html and todo.txt (package optipng 0.7.7-2+b1); DjVuLibre's
# gzipped README.gz and the manual pages man1/djvu.1.gz, any2djvu.1.gz, c44.1.gz, cjb2.1.gz, cpaldjvu.1.gz,
# csepdjvu.1.gz, ddjvu.1.gz, djvm.1.gz, djvudigital.1.gz, djvups.1.gz, djvused.1.gz, djvutxt.1.gz and djvuxml.1.gz
# (package djvulibre-bin 3.5.28-2.2~deb12u1); and FIGlet's gzipped README.gz and figfont.txt.gz (the FIGfont
# format standard) with the manual pages man6/figlet-figlet.6.gz (figlet's page, installed under that name for the
# alternatives system), chkfont.6.gz and showfigfonts.6.gz (package figlet 2.2.5-3+b1).
# Changelogs, copyright files and images are left out, and so are: the other 366 pages of pspp.html (the
# command-by-command reference, index pages and the licence), pspp.pdf and pspp.xml (the same manual again, 1.3 MB
# and 1 MB), the info manuals pspp.info*.gz and pspp-dev.info*.gz (the same manual again, and the developers' guide),
# ONEWS.gz, THANKS, pspp-dump-sav.1.gz and the example data under /usr/share/pspp/examples; beets' other plugin
# pages, its developer pages (dev/, contributing.html), changelog.html.gz, genindex.html, search.html,
# searchindex.js, _sources/ (the reStructuredText sources of the same pages) and _static/; pandoc's BUGS and
# TODO.Debian (a line each), buildinfo_amd64.gz and changelog.gz; libxmi.info.gz (plotutils' drawing library, for
# programmers), plotutils' AUTHORS, THANKS, ONEWS, NEWS.gz and TODO.gz, the *.ode, *.tek, *.ps and macros.pic
# example files, and its manual pages plot.1.gz, plotfont.1.gz, spline.1.gz, ode.1.gz and tek2plot.1.gz (short
# forms of the info manual's chapters; graph.1.gz and pic2plot.1.gz are links to a stub); optipng.1.gz,
# optipng.man.txt.gz and optipng.man.pdf.gz (the same manual page as optipng.man.html) and examples/optipng-check;
# djvulibre-bin's NEWS.gz (a link to its changelog) and the pages of its low-level tools bzz, djvmcvt, djvudump,
# djvuextract and djvumake (djvutoxml and djvuxmlparser are links to djvuxml); and figlet's figlist.6.gz (a few
# lines) and examples/.
# Needs the packages pspp, beets-doc, pandoc, plotutils, optipng, djvulibre-bin and figlet with their docs,
# installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends pspp beets-doc pandoc plotutils optipng djvulibre-bin figlet;
# none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-59
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
p=$doc/pspp/pspp.html
put pspp/pspp.html "$p"/{Introduction,Invoking-PSPP,Main-Options,Invoking-PSPPIRE,Invoking-pspp_002dconvert}.html \
  "$p"/{Not-Implemented,Bugs,Missing-Observations,Scratch-Variables,Time-and-Date-Concepts,SET,SORT-CASES}.html \
  "$p"/{AGGREGATE,FREQUENCIES,Testing-for-normality,Identifying-incorrect-data,Linear-Regression}.html \
  "$p/GET-DATA-_002fTYPE_003dGNM_002fODS.html"
put pspp "$doc/pspp/README.gz" "$doc/pspp/NEWS.gz" "$doc/pspp/README.Debian"
put pspp/man1 "$man"/man1/{pspp,psppire,pspp-convert,pspp-output}.1.gz
b=$doc/beets/html
put beets-doc/html "$b/index.html" "$b/faq.html"
put beets-doc/html/guides "$b"/guides/{main,tagger,advanced}.html
put beets-doc/html/reference "$b"/reference/{cli,config,pathformat,query}.html
put beets-doc/html/plugins "$b"/plugins/{convert,fetchart,replaygain,lyrics,duplicates,web,smartplaylist}.html
put beets-doc "$doc/beets-doc/NEWS.Debian.gz"
put pandoc "$doc/pandoc/README.md.gz" "$doc/pandoc/README.Debian"
put pandoc/man1 "$man/man1/pandoc.1.gz"
u=$doc/plotutils
put plotutils "$info/plotutils.info.gz" "$u/README.gz" "$u/PROBLEMS.gz" "$u/COMPAT.gz" "$u/KNOWN_BUGS"
put plotutils/ode "$u/ode/README"
put plotutils/pic2plot "$u/pic2plot/README"
put plotutils/tek2plot "$u/tek2plot/README"
put optipng "$doc/optipng/png_optimization.html" "$doc/optipng/optipng.man.html" "$doc/optipng/todo.txt"
put djvulibre-bin "$doc/djvulibre-bin/README.gz"
put djvulibre-bin/man1 "$man"/man1/{djvu,any2djvu,c44,cjb2,cpaldjvu,csepdjvu,ddjvu,djvm,djvudigital,djvups}.1.gz \
  "$man"/man1/{djvused,djvutxt,djvuxml}.1.gz
f=$doc/figlet
put figlet "$f/README.gz" "$f/figfont.txt.gz"
put figlet/man6 "$man/man6/figlet-figlet.6.gz" "$man/man6/chkfont.6.gz" "$man/man6/showfigfonts.6.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
