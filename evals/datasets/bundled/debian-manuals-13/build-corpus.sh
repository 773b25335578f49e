#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# eleven of Postfix's READMEs as its hand-written HTML pages (package postfix-doc) beside ten others as text, six
# gzipped and four extensionless (`LINUX_README`, `CDB_README`; rendered text with bold as overstruck characters), and
# the 3.7 RELEASE_NOTES.gz; twenty-three pages of the rsyslog manual as Sphinx HTML with its navigation bars and
# sidebars (package rsyslog-doc), kept in the manual's own folders (configuration/modules/, tutorials/, ...); the Z
# Shell Manual as an info file split in seven gzipped parts (package zsh-doc; zsh.info.gz holds only the indirect and
# tag tables) with zsh's FAQ.gz, NEWS.gz and NEWS.Debian.gz, README.Debian and the extensionless META-FAQ and BUGS
# (package zsh-common); Git LFS's eleven Markdown documents, five `.md` and six `.md.gz` (package git-lfs); all
# thirty-three of lighttpd's reStructuredText-style notes, `.txt` and `.txt.gz` (package lighttpd-doc); and the Tig
# manual as an 11-page LaTeX PDF with the tigrc(5) and tig(1) pages and the release notes as AsciiDoc HTML and an
# example `.tigrc` (package tig). Changelogs, copyright files, man pages (roff), example scripts and sources, and
# other forms of the same texts are left out: Postfix's text forms of the READMEs chosen as HTML and HTML forms of
# those chosen as text, its other READMEs, the man pages as HTML (postconf.5.html alone is 0.8 MB) and the examples/;
# rsyslog's other 295 pages, _sources/ and _static/; zsh's manual as HTML and as zsh.pdf (1.9 MB, the same text as the
# info file), the FAQ as HTML, zsh.texi.gz, the ChangeLogs, the development and completion style guides and examples/;
# Git LFS's changelog; lighttpd-doc's README.Debian (a note that the notes moved to /usr/share/doc/lighttpd); Tig's
# manual.html (the same text as manual.pdf) and the other example .tigrc files. Needs the packages postfix-doc,
# rsyslog-doc, zsh-doc, zsh-common, git-lfs, lighttpd-doc and tig with their docs (apt-get install postfix-doc
# rsyslog-doc zsh-doc git-lfs lighttpd-doc tig, which also brings zsh-common; none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-13
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
pf=$doc/postfix
put postfix "$pf"/{COMPATIBILITY,ETRN,LOCAL_RECIPIENT,MAILLOG,QSHAPE,SMTPUTF8}_README.gz "$pf/RELEASE_NOTES.gz" \
  "$pf"/{CDB,CONTENT_INSPECTION,LINUX,PCRE}_README
put postfix/html "$pf"/html/{BASIC_CONFIGURATION,STANDARD_CONFIGURATION,SOHO,VIRTUAL,ADDRESS_REWRITING}_README.html \
  "$pf"/html/{DEBUG,POSTSCREEN,BACKSCATTER,SMTPD_ACCESS,TUNING,STRESS}_README.html
rs=$doc/rsyslog-doc/html
put rsyslog/html/configuration "$rs"/configuration/{actions,basic_structure,converting_to_new_format,droppriv}.html \
  "$rs"/configuration/{filters,properties,templates}.html
put rsyslog/html/configuration/modules "$rs"/configuration/modules/{imfile,imjournal,imudp,imuxsock}.html \
  "$rs"/configuration/modules/{mmjsonparse,omfile,omfwd,omprog}.html
put rsyslog/html/concepts "$rs/concepts/queues.html"
put rsyslog/html/faq "$rs/faq/difference_queues.html"
put rsyslog/html/troubleshooting "$rs"/troubleshooting/{debug,file_not_written,selinux}.html
put rsyslog/html/tutorials "$rs"/tutorials/{failover_syslog_server,log_rotation_fix_size,reliable_forwarding}.html
put zsh "$info"/zsh.info{,-1,-2,-3,-4,-5,-6}.gz \
  "$doc"/zsh-common/{FAQ.gz,NEWS.gz,NEWS.Debian.gz,README.Debian,META-FAQ,BUGS}
put git-lfs "$doc"/git-lfs/{README.md,authentication.md,basic-transfers.md,linux-build.md,server-discovery.md} \
  "$doc"/git-lfs/{batch,custom-transfers,extensions,l10n,locking,spec}.md.gz
lt=$doc/lighttpd
put lighttpd "$lt"/{access,accesslog,alias,cgi,dirlisting,evhost,expire,extforward,fastcgi-state,features,proxy}.txt \
  "$lt"/{redirect,rewrite,rrdtool,scgi,security,setenv,simple-vhost,skeleton,ssi,ssl,status,traffic-shaping}.txt \
  "$lt"/{userdir,webdav}.txt \
  "$lt"/{authentication,compress,configuration,fastcgi,magnet,performance,plugins,state}.txt.gz
put tig "$doc"/tig/{manual.pdf,tigrc.5.html,tig.1.html,NEWS.html}
put tig/examples "$doc/tig/examples/large-repo.tigrc"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
