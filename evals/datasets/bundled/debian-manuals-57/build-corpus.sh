#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# MKVToolNix's gzipped README.md.gz and its English manual pages man1/mkvmerge.1.gz, mkvextract.1.gz, mkvinfo.1.gz
# and mkvpropedit.1.gz (package mkvtoolnix 74.0.0-1+deb12u1); ExifTool's gzipped README.gz, its manual page
# man1/exiftool.1p.gz and its hand-written HTML documentation under html/: index.html (the home page: features,
# running, tag names, writing, links), faq.html, filename.html (renaming files and moving them into folders),
# geotag.html, metafiles.html (sidecar files), mistakes.html (common mistakes of metadata writers),
# standards.html, struct.html (structured XMP), writing.html, under.html (under the hood), verbose.html,
# install.html, idiosyncracies.html, commentary.html (commentary on metadata formats), config.html (the sample user
# configuration file as a page), canon_raw.html (the Canon CRW format), the MIE 1.1 specification as a PDF
# (MIE1.1-20070121.pdf), and fifteen tag-name pages with prose notes under html/TagNames/ (Composite, Extra,
# Shortcuts, GPS, IPTC, MWG, JPEG, PNG, GIF, PDF, ID3, Vorbis, FLAC, Matroska, MIE) (package libimage-exiftool-perl
# 12.57+dfsg-1); the Hunspell spell checker's manual page man1/hunspell.1.gz (package hunspell 1.7.1-1) and, from
# the library's development package, the dictionary and affix file format man5/hunspell.5.gz and the gzipped
# README.gz and NEWS.gz (package libhunspell-dev 1.7.1-1); Gifsicle's gzipped README.md.gz and the manual pages
# man1/gifsicle.1.gz, gifview.1.gz and gifdiff.1.gz (package gifsicle 1.93-2); the par paragraph reformatter's
# gzipped plain-text manual par.doc.gz and its manual page man1/par.1.gz (package par 1.53.0-2); Miller's manual
# page man1/mlr.1.gz (package miller 6.6.0-2+b3); and the Ogg Vorbis tools' manual pages man1/oggenc.1.gz,
# ogg123.1.gz, oggdec.1.gz, ogginfo.1.gz, vcut.1.gz, vorbiscomment.1.gz and vorbistagedit.1.gz (package vorbis-tools
# 1.4.2-1+b1).
# Changelogs, copyright files and images are left out, and so are: MKVToolNix's AUTHORS.gz (names), examples/
# (chapter, tag and cue-sheet samples, DTDs and XSL stylesheets) and the translated manual pages in twelve other
# languages (the same text); ExifTool's changelog.gz, NEWS.Developer.gz (API changes), history.html and
# ancient_history.html (its version history), ExifTool.html and Shift.html (the Perl library's API),
# exiftool_pod.html (the same text as the manual page), data_members.html (Perl internals), htmldump.html (a
# coloured hex dump of one sample JPEG), the style sheets, overview.png, the other 127 TagNames pages (tag tables with
# few words, several hundred KB each for the big camera makers, XMP and QuickTime), arg_files/, config_files/ and
# fmt_files/ (code and samples) and the 192 man3 pages of the Perl modules; Hunspell's Hungarian manual page (the
# same page translated) and libhunspell-dev's man3/hunspell.3.gz (the C++ API) and examples/example.cxx; vorbis-tools'
# ogg123rc-example (a sample configuration file) and README.Debian (two lines pointing to it).
# Needs the packages mkvtoolnix, libimage-exiftool-perl, hunspell, libhunspell-dev, gifsicle, par, miller and
# vorbis-tools with their docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends mkvtoolnix libimage-exiftool-perl hunspell libhunspell-dev
# gifsicle par miller vorbis-tools; vorbis-tools was already installed here, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-57
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
put mkvtoolnix "$doc/mkvtoolnix/README.md.gz"
put mkvtoolnix/man1 "$man"/man1/{mkvmerge,mkvextract,mkvinfo,mkvpropedit}.1.gz
e=$doc/libimage-exiftool-perl
put exiftool "$e/README.gz"
put exiftool/man1 "$man/man1/exiftool.1p.gz"
put exiftool/html "$e"/html/{index,faq,filename,geotag,metafiles,mistakes,standards,struct,writing,under}.html \
  "$e"/html/{verbose,install,idiosyncracies,commentary,config,canon_raw}.html "$e/html/MIE1.1-20070121.pdf"
put exiftool/html/TagNames "$e"/html/TagNames/{Composite,Extra,Shortcuts,GPS,IPTC,MWG,JPEG,PNG,GIF,PDF}.html \
  "$e"/html/TagNames/{ID3,Vorbis,FLAC,Matroska,MIE}.html
put hunspell/man1 "$man/man1/hunspell.1.gz"
put hunspell/man5 "$man/man5/hunspell.5.gz"
put hunspell "$doc/libhunspell-dev/README.gz" "$doc/libhunspell-dev/NEWS.gz"
put gifsicle "$doc/gifsicle/README.md.gz"
put gifsicle/man1 "$man"/man1/{gifsicle,gifview,gifdiff}.1.gz
put par "$doc/par/par.doc.gz"
put par/man1 "$man/man1/par.1.gz"
put miller/man1 "$man/man1/mlr.1.gz"
put vorbis-tools/man1 "$man"/man1/{oggenc,ogg123,oggdec,ogginfo,vcut,vorbiscomment,vorbistagedit}.1.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
