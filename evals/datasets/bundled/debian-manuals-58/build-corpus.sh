#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# SystemTap's tutorial as a PDF, tutorial.pdf (the only copy of that text here), the gzipped NEWS.Debian.gz, and
# twenty pages of the SystemTap Beginners Guide as Publican/DocBook HTML from SystemTap_Beginners_Guide/:
# introduction.html, intro-systemtap-vs-others.html, intro-systemtap-limitations.html, using-systemtap.html
# (installation and kernel debuginfo), cross-compiling.html (cross-instrumentation), using-usage.html (stap and
# staprun options, the stapdev and stapusr groups, flight recorder mode), understanding-how-systemtap-works.html,
# scripts.html, systemtapscript-handler.html, targetvariables.html, typecasting.html, commandlineargssect.html,
# associativearrays.html, arrayops-aggregates.html, userspace-probing.html, ustack.html, errors.html,
# runtimeerror.html, paracallgraph.html and futexcontentionsect.html (package systemtap-doc 4.8-2); the gperftools
# documentation from /usr/share/doc/gperftools: the hand-written HTML pages cpuprofile.html,
# cpuprofile-fileformat.html, heap_checker.html, heapprofile.html, pprof_remote_servers.html and tcmalloc.html, the
# gzipped README.gz and NEWS.gz, and the package's extensionless README.Debian (pprof renamed google-pprof) from
# /usr/share/doc/libgoogle-perftools-dev (package libgoogle-perftools-dev 2.10-1); sixteen Sphinx HTML pages of the
# pytest 7.2 documentation from /usr/share/doc/python-pytest-doc/html: getting-started.html, how-to/usage.html,
# skipping.html, tmp_path.html, monkeypatch.html, capture-stdout-stderr.html, cache.html, parametrize.html, mark.html,
# failures.html, capture-warnings.html, doctest.html and unittest.html, and explanation/goodpractices.html,
# flaky.html and pythonpath.html (package python-pytest-doc 7.2.1-2); the Check unit-testing framework's manual as
# one gzipped info file check.info.gz (from /usr/share/info), its extensionless README (Markdown) and README.Debian,
# the gzipped NEWS.gz and the manual page man1/checkmk.1.gz (package check 0.15.2-2+b1); uftrace's gzipped Markdown
# README.md.gz and NEWS.gz and its eleven manual pages man1/uftrace.1.gz, uftrace-record, -replay, -live, -report,
# -graph, -dump, -info, -tui, -script and -recv .1.gz (package uftrace 0.13-1); ltrace's extensionless README, the
# gzipped TODO.gz and the manual pages man1/ltrace.1.gz and man5/ltrace.conf.5.gz (package ltrace 0.7.3-6.4); and Git
# Cola's Sphinx HTML pages html/index.html, html/git-cola.html (the whole manual: tools, configuration variables,
# environment) and html/git-dag.html, with its keyboard-shortcut page hotkeys.html (package git-cola 3.12.0-2).
# Changelogs, copyright files, stylesheets and images are left out, and so are: SystemTap's
# SystemTap_Beginners_Guide.pdf (the same guide as the HTML pages), langref.pdf and tapsets.pdf (the language and
# tapset references, 54 and 781 pages), tapsets/ (one HTML page per tapset function), the guide's other pages (the
# remaining example-script sections, the preface, the index ix01.html, the revision history, Common_Content/ and
# xsl/), and /usr/share/doc/systemtap/DEVGUIDE.gz, HACKING.gz, INTERNALS.gz and examples/ (for SystemTap's own
# developers; scripts); gperftools' index.html (a list of four links), designstyle.css, the .gif, .png and .dot
# pictures, t-test1.times.txt.gz (benchmark figures), AUTHORS and COPYING; pytest's other pages (how-to/fixtures.html,
# 157 KB, the other how-to pages, reference/, example/, announce/, proposals/, the changelog, _modules/ (source code)
# and _sources/); Check's examples/ (C sources and build files); uftrace's CONTRIBUTING.md.gz; ltrace's CREDITS; Git
# Cola's relnotes.html (release notes, 212 KB), thanks.html, genindex.html and search.html, the reStructuredText
# sources (git-cola.rst.gz, git-dag.rst, index.rst, relnotes.rst, thanks.rst.gz, html/sources/), the translated
# hotkeys_de.html, hotkeys_zh_CN.html and hotkeys_zh_TW.html, and the manual pages git-cola.1.gz and git-dag.1.gz (the
# same text as the HTML pages).
# Needs the packages systemtap-doc, libgoogle-perftools-dev, python-pytest-doc, check, uftrace, ltrace and git-cola
# with their docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends systemtap-doc libgoogle-perftools-dev python-pytest-doc check
# uftrace ltrace git-cola; none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-58
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
s=$doc/systemtap-doc
b=$s/SystemTap_Beginners_Guide
put systemtap-doc "$s/tutorial.pdf" "$s/NEWS.Debian.gz"
put systemtap-doc/SystemTap_Beginners_Guide "$b"/{introduction,intro-systemtap-vs-others}.html \
  "$b/intro-systemtap-limitations.html" \
  "$b"/{using-systemtap,cross-compiling,using-usage,understanding-how-systemtap-works,scripts}.html \
  "$b"/{systemtapscript-handler,targetvariables,typecasting,commandlineargssect,associativearrays}.html \
  "$b"/{arrayops-aggregates,userspace-probing,ustack,errors,runtimeerror,paracallgraph,futexcontentionsect}.html
g=$doc/gperftools
put gperftools "$g"/{cpuprofile,cpuprofile-fileformat,heap_checker,heapprofile,pprof_remote_servers,tcmalloc}.html \
  "$g/README.gz" "$g/NEWS.gz" "$doc/libgoogle-perftools-dev/README.Debian"
p=$doc/python-pytest-doc/html
put python-pytest-doc "$p/getting-started.html"
put python-pytest-doc/how-to "$p"/how-to/{usage,skipping,tmp_path,monkeypatch,capture-stdout-stderr,cache}.html \
  "$p"/how-to/{parametrize,mark,failures,capture-warnings,doctest,unittest}.html
put python-pytest-doc/explanation "$p"/explanation/{goodpractices,flaky,pythonpath}.html
put check "$info/check.info.gz" "$doc/check/README" "$doc/check/README.Debian" "$doc/check/NEWS.gz"
put check/man1 "$man/man1/checkmk.1.gz"
u=$doc/uftrace
put uftrace "$u/README.md.gz" "$u/NEWS.gz"
put uftrace/man1 "$man"/man1/uftrace{,-record,-replay,-live,-report,-graph,-dump,-info,-tui,-script,-recv}.1.gz
put ltrace "$doc/ltrace/README" "$doc/ltrace/TODO.gz"
put ltrace/man1 "$man/man1/ltrace.1.gz"
put ltrace/man5 "$man/man5/ltrace.conf.5.gz"
c=$doc/git-cola
put git-cola "$c/hotkeys.html"
put git-cola/html "$c"/html/{index,git-cola,git-dag}.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
