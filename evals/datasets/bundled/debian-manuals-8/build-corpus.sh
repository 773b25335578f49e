#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, folder layout kept):
# the GNU gettext and autosprintf manuals as info files with gettext's README, BUGS and NEWS; lsof's FAQ,
# quick-start guide and mailing-list note (extensionless names starting "00", two gzipped) with its example
# Perl/awk scripts; smartmontools' bad-block HOWTO (DocBook HTML), the example smartd.conf (gzipped), README files,
# NEWS and the example smartd scripts (Example1 to Example8, no extension); Expat's API reference (HTML) and the
# xmlwf page as gzipped DocBook XML source with the two example C programs; and the libtasn1 manual as a texinfo
# PDF (its info and gtk-doc HTML forms are left out, so the PDF is the only copy), libtasn1's README.md and its
# example C programs. Changelogs, copyright files and stylesheets are left out. Needs the packages gettext, lsof,
# smartmontools, libexpat1-dev, libtasn1-doc, libtasn1-6 and libtasn1-6-dev with their docs.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-8
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put gettext "$info"/{gettext.info.gz,autosprintf.info.gz} "$doc"/gettext/{README,BUGS,NEWS.gz}
put lsof "$doc"/lsof/{00FAQ.gz,00QUICKSTART.gz,00LSOF-L,README.Debian}
put lsof/examples "$doc"/lsof/examples/{00README,00MANIFEST,big_brother.pl,count_pf.pl,identd.pl,idrlogin.pl} \
  "$doc"/lsof/examples/{list_fields.awk,list_fields.pl,list_NULf.pl,shared.pl,sort_res.pl,watch_a_file.pl,xusers.awk}
put smartmontools "$doc"/smartmontools/{badblockhowto.html,smartd.conf.gz,README,README.Debian,NEWS.gz}
put smartmontools/examples "$doc"/smartmontools/examples/{README,Example1,Example2,Example3,Example4} \
  "$doc"/smartmontools/examples/{Example5,Example6,Example7,Example8}
put libexpat1-dev "$doc/libexpat1-dev/TODO.Debian"
put libexpat1-dev/expat.html "$doc"/libexpat1-dev/expat.html/{reference.html,xmlwf.xml.gz}
put libexpat1-dev/examples "$doc"/libexpat1-dev/examples/{elements.c,outline.c}
put libtasn1 "$doc/libtasn1-doc/libtasn1.pdf" "$doc/libtasn1-6/README.md"
put libtasn1/examples "$doc"/libtasn1-6-dev/examples/{asn1Coding.c,asn1Decoding.c,asn1Parser.c,benchmark.c}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
