#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# sendmail's documents from sendmail-doc: the gzipped plain-text README.gz, cf.README.gz (the m4 configuration
# guide), faq.txt.gz (the sendmail FAQ), KNOWNBUGS.gz, smrsh.README.gz, Debian-specific.gz and Debian's
# NEWS.Debian.gz, the extensionless README.Debian, op/op.txt.gz ("Sendmail Installation and Operation Guide",
# formatted by nroff), sendmail/README.gz, SECURITY.gz and TUNING.gz with the extensionless sendmail/TRACEFLAGS,
# libmilter/README.gz and the HTML pages libmilter/html/overview, installation, design and api.html (package
# sendmail-doc 8.17.1.9-2+deb12u2); 14 HTML pages of mypy's Sphinx manual (mypy/html/: getting_started,
# running_mypy, command_line, config_file, common_issues, existing_code, mypy_daemon, stubs, stubtest,
# error_code_list, error_code_list2, cheat_sheet_py3, kinds_of_types and type_narrowing .html) and the
# reStructuredText sources of six other pages (mypy/html/_sources/: faq, installed_packages, stubgen, inline_config,
# runtime_troubles and error_codes .rst.txt) (package mypy-doc 1.0.1-1); Relax-and-Recover's HTML pages
# relax-and-recover-user-guide.html (the whole user guide) and rear-presentation.html (package rear-doc
# 2.7+dfsg-1+deb12u1); GNU Datamash's info manual datamash.info.gz (from /usr/share/info), its gzipped README.gz
# and the Markdown examples/readme.md (package datamash 1.7-2); sshuttle's reStructuredText README.rst, Debian's
# extensionless README.Debian and 14 HTML pages of its Sphinx manual (sshuttle/html/: index, overview,
# requirements, installation, usage, manpage, how-it-works, tproxy, trivia, windows, chromeos, openwrt, platform
# and support .html) (package sshuttle 1.1.1-1); davfs2's gzipped README.gz, FAQ.gz and NEWS.gz, Debian's
# extensionless README.Debian and the extensionless BUGS (package davfs2 1.6.1-1); tcpdump's gzipped Markdown
# README.md.gz, Debian's extensionless README.Debian and NEWS.Debian.gz (package tcpdump 4.99.3-1); and the DRBD
# 8.4 User's Guide as one HTML page, drbd-users-guide.html (package drbd-doc 8.4~20220106-1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: sendmail-doc's op/op.ps.gz
# (the same guide as PostScript), site.config.m4.gz (a build configuration), the 39 per-function pages of the
# milter C API (libmilter/html/smfi_*.html and xxfi_*.html), libmilter/html/index.html (a table of contents),
# sample.html (a sample C filter), other.html (a stub page) and the figure*.fig, .jpg and .ps.gz drawings;
# mypy-doc's other 16 pages in both forms (index.html, a table of contents, and the type-system reference:
# generics, protocols, more_types, literal_types, class_basics, typed_dict, builtin_types, dynamic_typing,
# duck_type_compatibility, final_attrs, metaclasses, type_inference_and_annotations, supported_python_features,
# additional_features and extending_mypy), genindex.html, search.html, searchindex.js, objects.inv, _static/, the
# .rst.txt sources of the 14 pages chosen as HTML and the HTML form of the six chosen as .rst.txt (the same
# texts); rear-doc's rear.8.html (the
# man page, rendered as HTML); datamash's sample data (examples/genes.txt, genes_h.txt, scores.txt,
# scores_h.txt); sshuttle's changes.html (its changelog), genindex.html, search.html, searchindex.js, objects.inv,
# _static/, the html/_sources/*.rst.txt (the same text as the HTML pages) and sshuttle.conf (a sample
# configuration file); davfs2's INSTALL.gz (the generic GNU build instructions), COPYING.gz (the licence),
# AUTHORS, THANKS (names), TODO and README.translators (for translators); tcpdump's examples/*.awk (scripts);
# drbd-doc's drbd-users-guide.pdf.gz (the same guide as a gzipped PDF), users-guide/index.html (a symbolic link to
# the guide) and asciidoctor.css (a style sheet); and the packages' configuration files under /etc
# (/etc/davfs2/davfs2.conf, /etc/sshuttle/tunnel.conf, ...), which are not documentation and may be edited locally.
# Needs the packages sendmail-doc, mypy-doc, rear-doc, datamash, sshuttle, davfs2, tcpdump and drbd-doc with their
# docs (apt-get install --no-install-recommends sendmail-doc mypy-doc rear-doc datamash sshuttle davfs2 tcpdump
# drbd-doc; installed for this set, davfs2 with its debconf question davfs2/suid_file answered false).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-38
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
s=$doc/sendmail-doc
put sendmail "$s"/{README,cf.README,faq.txt,KNOWNBUGS,smrsh.README,Debian-specific,NEWS.Debian}.gz "$s/README.Debian"
put sendmail/op "$s/op/op.txt.gz"
put sendmail/sendmail "$s/sendmail"/{README,SECURITY,TUNING}.gz "$s/sendmail/TRACEFLAGS"
put sendmail/libmilter "$s/libmilter/README.gz"
put sendmail/libmilter/html "$s/libmilter/html"/{overview,installation,design,api}.html
m=$doc/mypy/html
put mypy/html "$m"/{getting_started,running_mypy,command_line,config_file,common_issues,existing_code}.html \
  "$m"/{mypy_daemon,stubs,stubtest,error_code_list,error_code_list2,cheat_sheet_py3}.html \
  "$m"/{kinds_of_types,type_narrowing}.html
put mypy/html/_sources \
  "$m/_sources"/{faq,installed_packages,stubgen,inline_config,runtime_troubles,error_codes}.rst.txt
put rear "$doc/rear"/{relax-and-recover-user-guide,rear-presentation}.html
put datamash "$info/datamash.info.gz" "$doc/datamash/README.gz" "$doc/datamash/examples/readme.md"
t=$doc/sshuttle
put sshuttle "$t/README.rst" "$t/README.Debian"
put sshuttle/html "$t/html"/{index,overview,requirements,installation,usage,manpage,how-it-works,tproxy}.html \
  "$t/html"/{trivia,windows,chromeos,openwrt,platform,support}.html
d=$doc/davfs2
put davfs2 "$d"/{README,FAQ,NEWS}.gz "$d/README.Debian" "$d/BUGS"
put tcpdump "$doc/tcpdump/README.md.gz" "$doc/tcpdump/README.Debian" "$doc/tcpdump/NEWS.Debian.gz"
put drbd "$doc/drbd-doc/users-guide/drbd-users-guide.html"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
