#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# 26 pages of the ne editor's HTML manual (ne/html/: Starting, Arguments, Editing, Loading-and-Saving,
# The-Status-Bar, The-Input-Line, The-Requester, Key-Bindings, Basic-Preferences, Automatic-Preferences,
# Changing-Menus, Basic-Macros, Syntax-Highlighting, Regular-Expressions, More-Advanced-Features, UTF_002d8-Support,
# The-Encoding-Mess, Virtual-Extensions, Hints-and-Tricks, General-Guidelines, Motivations-and-Design,
# Portability-Problems, Replace, Turbo, Binary and AutoComplete .html), installed under /usr/share/doc/ne/
# (package ne-doc 3.3.2-1); the JED editor's HTML user manual (jed-common/html/: the 20 chapters jed002 to jed021
# .html, from the introduction, installing and startup files through editor emulation, backups, the mini-buffer,
# basic editing, modes, macros, shells, help, binary files, dired, mail and customization to eight-bit issues and
# miscellany), Debian's extensionless README.Debian-startup, the gzipped Debian NEWS.Debian.gz, the plain
# Debian-Jed-Policy.txt and the commented examples/jed.rc (package jed-common 1:0.99.20~pre.178+dfsg-6);
# rxvt-unicode's gzipped README.FAQ.gz, README.configure.gz, README.Debian.gz, README.devanagari.gz and Debian
# NEWS.Debian.gz (package rxvt-unicode 9.30-2+b4); vifm's gzipped NEWS.gz (245 KB of text), FAQ.gz and TODO.gz and
# its extensionless README, README.Debian and BUGS (package vifm 0.12-1+b1); mg's extensionless README and gzipped
# tutorial.gz (package mg 20221112-1); myrepos' extensionless README, its gzipped Debian NEWS.Debian.gz and the
# commented sample configurations examples/mrconfig and examples/mrconfig.complex (package myrepos 1.20180726); and
# vcsh's Markdown README.md and the extensionless hooks note (package vcsh 1.20190621-5).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: ne's other 168 HTML pages
# (index.html, the Command-Index and Concept-Index, the short section menus and the one-screen pages of single
# commands such as Save, Quit, Undo, SetBookmark or TabSize), and its whole manual again as the gzipped plain text
# ne.txt.gz and gzipped PDF ne.pdf.gz (duplicates of the HTML; the info manual /usr/share/info/ne.info.gz likewise);
# JED's index.html and jed001.html (tables of contents), jed.css and the three .svg navigation icons, and
# examples/jed.conf (a few lines pointing at jed.rc); rxvt-unicode's README.source (a note on building the Debian
# package); vifm's AUTHORS.gz and THANKS.gz (names); mg's examples/dot_mg (one line); and the packages'
# configuration files under /etc (/etc/jed.d/05jed-common.sl, /etc/X11/app-defaults/URxvt,
# /etc/vifm/colors/Default-256.vifm), which are not documentation and may be edited locally.
# Needs the packages ne-doc, jed-common, rxvt-unicode, vifm, mg, myrepos and vcsh with their docs, installed one at
# a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends ne-doc jed-common rxvt-unicode vifm mg myrepos vcsh; jed-common
# was already installed here, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-47
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
n=$doc/ne/html
put ne/html "$n"/{Starting,Arguments,Editing,Loading-and-Saving,The-Status-Bar,The-Input-Line,The-Requester}.html \
  "$n"/{Key-Bindings,Basic-Preferences,Automatic-Preferences,Changing-Menus,Basic-Macros,Syntax-Highlighting}.html \
  "$n"/{Regular-Expressions,More-Advanced-Features,UTF_002d8-Support,The-Encoding-Mess,Virtual-Extensions}.html \
  "$n"/{Hints-and-Tricks,General-Guidelines,Motivations-and-Design,Portability-Problems,Replace,Turbo}.html \
  "$n"/{Binary,AutoComplete}.html
j=$doc/jed-common
put jed-common "$j/README.Debian-startup" "$j/NEWS.Debian.gz" "$j/Debian-Jed-Policy.txt"
put jed-common/examples "$j/examples/jed.rc"
put jed-common/html "$j"/html/jed00{2,3,4,5,6,7,8,9}.html "$j"/html/jed01{0,1,2,3,4,5,6,7,8,9}.html \
  "$j"/html/jed02{0,1}.html
x=$doc/rxvt-unicode
put rxvt-unicode "$x/README.FAQ.gz" "$x/README.configure.gz" "$x/README.Debian.gz" "$x/README.devanagari.gz" \
  "$x/NEWS.Debian.gz"
v=$doc/vifm
put vifm "$v/NEWS.gz" "$v/FAQ.gz" "$v/TODO.gz" "$v/README" "$v/README.Debian" "$v/BUGS"
put mg "$doc/mg/README" "$doc/mg/tutorial.gz"
m=$doc/myrepos
put myrepos "$m/README" "$m/NEWS.Debian.gz"
put myrepos/examples "$m/examples/mrconfig" "$m/examples/mrconfig.complex"
put vcsh "$doc/vcsh/README.md" "$doc/vcsh/hooks"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
