#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the bash(1) manual page as groff's PDF (package bash-doc) with bash's COMPAT, NEWS, INTRO and Debian README
# (gzipped text), the extensionless RBASH and README.abs-guide; the GnuTLS manual as an info file split in eight
# gzipped parts (package gnutls-doc) with GnuTLS's README.md.gz, NEWS.gz and NEWS.Debian.gz; twenty pages of the
# Libgcrypt reference manual as texinfo-generated HTML (package libgcrypt20-doc) with Libgcrypt's README and NEWS
# (gzipped text); util-linux's text notes (.txt, .txt.gz, README.Debian) and the release notes of 2.37, 2.38 and
# 2.38.1 (`v2.38-ReleaseNotes.gz`); dpkg's four specifications (spec/*.txt) and its README notes; and the GNU Binary
# Utilities manual as one info file (package binutils-doc) with the NEWS of binutils, gas and ld, three files all
# named NEWS.gz. Changelogs, copyright files, AUTHORS/THANKS lists, man pages (roff), example scripts and sources,
# and other forms of the same texts (bash.html, bashref.html/.pdf and bash.info, which hold the reference manual
# beside the page; gnutls.html, gnutls.pdf and the gtk-doc API pages; gcrypt.pdf.gz, gcrypt.info and the other
# HTML pages; POSIX.gz, a section of the reference manual) are left out. Needs the packages bash, bash-doc,
# libgnutls30, gnutls-doc, libgcrypt20, libgcrypt20-doc, util-linux, dpkg, binutils and binutils-doc with their docs
# (apt-get install bash-doc gnutls-doc libgcrypt20-doc binutils-doc, which also brings bash, libgnutls30 and
# libgcrypt20 to the doc packages' versions; the others were already installed here).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-12
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put bash "$doc"/bash/{bash.pdf,COMPAT.gz,NEWS.gz,INTRO.gz,README.Debian.gz,RBASH,README.abs-guide}
put gnutls "$info"/gnutls.info{,-1,-2,-3,-4,-5,-6,-7}.gz "$doc"/libgnutls30/{README.md.gz,NEWS.gz,NEWS.Debian.gz}
put libgcrypt "$doc"/libgcrypt20/{README.gz,NEWS.gz}
put libgcrypt/html "$doc"/libgcrypt20-doc/html/{Building-sources,Initializing-the-library,Multi_002dThreading}.html \
  "$doc"/libgcrypt20-doc/html/{Controlling-the-library,Enabling-FIPS-mode,Disabling-FIPS-mode,Hardware-features}.html \
  "$doc"/libgcrypt20-doc/html/{Configuration,Memory-allocation,Error-Strings,Available-ciphers}.html \
  "$doc"/libgcrypt20-doc/html/{Available-cipher-modes,Working-with-cipher-handles,Available-hash-algorithms}.html \
  "$doc"/libgcrypt20-doc/html/{Working-with-hash-algorithms,Key-Derivation,Retrieving-random-numbers}.html \
  "$doc"/libgcrypt20-doc/html/{Quality-of-random-numbers,Self_002dTests,hmac256}.html
put util-linux "$doc"/util-linux/{README.Debian,deprecated.txt,getopt.txt,howto-debug.txt,modems-with-agetty.txt} \
  "$doc"/util-linux/{parse-date.txt.gz,PAM-configuration.txt,pg.txt,cal.txt,col.txt,release-schedule.txt,blkid.txt}
put util-linux/releases "$doc"/util-linux/releases/{v2.37,v2.38,v2.38.1}-ReleaseNotes.gz
put dpkg "$doc"/dpkg/{README.api,README.feature-removal-schedule.gz,README.bug-usertags.gz}
put dpkg/spec "$doc"/dpkg/spec/{frontend-api,protected-field,rootless-builds,triggers}.txt
put binutils "$info/binutils.info.gz" "$doc/binutils/NEWS.gz"
put binutils/gas "$doc/binutils/gas/NEWS.gz"
put binutils/ld "$doc/binutils/ld/NEWS.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
