#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# GNU a2ps's info manual a2ps.info.gz (from /usr/share/info) and its gzipped README.gz and NEWS.gz (package a2ps
# 1:4.14-8); Asymptote's plain-text FAQ asy-faq.ascii.gz, the PDFs asy-latex.pdf (the LaTeX package asymptote.sty),
# CAD.pdf (the CAD module) and TeXShopAndAsymptote.pdf, and 12 pages of its texinfo-split HTML manual (asymptote/html/:
# Description, Options, Configuring, Search-paths, LaTeX-usage, Files, Pens, Figure-size, Interactive-mode,
# Compiling-from-UNIX-source, Editing-modes and Help .html) (package asymptote-doc 2.85+ds-1); Cyrus IMAP's gzipped
# Debian READMEs README.Debian.gz, README.Debian.simpleinstall.gz, README.Debian.database.gz and README.postfix.gz and
# the plain README.exim, six of its HTML guide pages (cyrus/html/: faq, overview, install-backups, install-upgrade,
# install-virtdomains and install-sieve .html) and eight of its HTML man pages (cyrus/html/man/: imapd.conf.5,
# cyrus.conf.5, reconstruct.8, cyr_expire.8, unexpunge.8, ipurge.8, squatter.8 and quota.8 .html) (package cyrus-doc
# 3.6.1-4+deb12u5); 17 chapters of the DocBook-built HTML Debian FAQ (debian-faq/: index, basic-defs, getting-debian,
# choosing, compatibility, software, ftparchives, pkg-basics, pkgtools, uptodate, kernel, customizing, support,
# contributing, redistributing, nextrelease and faqinfo .en.html; installed under /usr/share/doc/debian/FAQ) (package
# debian-faq 11.1); GNU help2man's info manual help2man.info.gz (from /usr/share/info), its extensionless README and
# gzipped NEWS.gz (package help2man 1.49.3); HTMLDOC's one-page HTML manual htmldoc.html and GUI help help.html
# (package htmldoc-common 1.9.16-1) and its gzipped Markdown README.md.gz (package htmldoc 1.9.16-1); and nine pages
# of kitty's Sphinx-built HTML manual (kitty/: overview, faq, layouts and marks .html; kitty/kittens/: ssh, hints,
# themes, icat and diff .html) (package kitty-doc 0.26.5-5+deb12u1).
# Changelogs, copyright files, man pages (roff), images and configuration files under /etc (/etc/a2ps.cfg ...) are
# left out, and so are: a2ps's ogonkify.info.gz (the manual of the ogonkify font filter bundled with a2ps) and TODO.gz;
# Asymptote's asymptote.pdf (the whole reference manual as one 1.3 MB PDF, the same text as html/), asyRefCard.pdf
# (a reference card), the other 135 pages of html/ (Index.html, the tutorial, the programming reference and one page
# per base module) and its PNG images, faq/ (the same FAQ as HTML, one page per section) and examples/ (.asy sources
# and data); Cyrus's other 26 HTML pages (changes.html, the release notes; specs.html; the other install-*.html
# guides; index, readme, man and small pointer pages ...), its other 55 HTML man pages, murder.png,
# README.Debian.debug.gz (building with debug symbols), README.sendmail, README.configure-options and
# README.new_upstream (one or two lines each), contrib/ and examples/ (scripts); the Debian FAQ's
# debian-faq.en.pdf.gz and debian-faq.en.txt.gz (the same FAQ as a gzipped PDF and as gzipped text), the unsuffixed
# symlinks (index.html -> index.en.html ...), debian.css and images/; help2man's ten translated info manuals
# (help2man-de.info.gz ... help2man-zh_CN.info.gz), THANKS (names) and examples/; and kitty's other 43 HTML pages
# (conf.html, remote-control.html, shell-integration.html, mostly the shells' integration scripts, changelog.html,
# the terminal protocol specifications, genindex.html, search.html ...), _sources/ (the reStructuredText sources of
# the same pages, as .rst.txt), _static/, _images/ and _downloads/ (the sample kitty.conf and diff.conf).
# Needs the packages a2ps, asymptote-doc, cyrus-doc, debian-faq, help2man, htmldoc, htmldoc-common and kitty-doc with
# their docs (apt-get install --no-install-recommends a2ps asymptote-doc cyrus-doc debian-faq help2man htmldoc
# htmldoc-common kitty-doc; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-41
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put a2ps "$info/a2ps.info.gz" "$doc/a2ps/README.gz" "$doc/a2ps/NEWS.gz"
a=$doc/asymptote
put asymptote "$a/asy-faq.ascii.gz" "$a/asy-latex.pdf" "$a/CAD.pdf" "$a/TeXShopAndAsymptote.pdf"
put asymptote/html "$a/html"/{Description,Options,Configuring,Search-paths,LaTeX-usage,Files,Pens,Figure-size}.html \
  "$a/html"/{Interactive-mode,Compiling-from-UNIX-source,Editing-modes,Help}.html
c=$doc/cyrus-doc
put cyrus "$c/README.Debian.gz" "$c/README.Debian.simpleinstall.gz" "$c/README.Debian.database.gz" \
  "$c/README.postfix.gz" "$c/README.exim"
put cyrus/html "$c/html"/{faq,overview,install-backups,install-upgrade,install-virtdomains,install-sieve}.html
put cyrus/html/man "$c/html/man"/{imapd.conf.5,cyrus.conf.5,reconstruct.8,cyr_expire.8,unexpunge.8,ipurge.8}.html \
  "$c/html/man"/{squatter.8,quota.8}.html
f=$doc/debian/FAQ
put debian-faq "$f"/{index,basic-defs,getting-debian,choosing,compatibility,software,ftparchives,pkg-basics}.en.html \
  "$f"/{pkgtools,uptodate,kernel,customizing,support,contributing,redistributing,nextrelease,faqinfo}.en.html
put help2man "$info/help2man.info.gz" "$doc/help2man/README" "$doc/help2man/NEWS.gz"
put htmldoc "$doc/htmldoc/htmldoc.html" "$doc/htmldoc/help.html" "$doc/htmldoc/README.md.gz"
k=$doc/kitty/html
put kitty "$k"/{overview,faq,layouts,marks}.html
put kitty/kittens "$k/kittens"/{ssh,hints,themes,icat,diff}.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
