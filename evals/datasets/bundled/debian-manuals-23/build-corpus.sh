#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the w3m 0.5.3+git20230121 text-mode browser's English documentation: the hand-written HTML MANUAL.html, FAQ.html and
# STORY.html, the extensionless README and README.cookie, README.func, README.keymap, README.menu, README.mouse,
# README.passwd, README.pre_form, README.siteconf, README.SSL, README.tab, README.dict and README.sixel, the gzipped
# README.m17n.gz and NEWS.gz, the example keymap.lynx and menu.submenu and examples/Bonus/README.eng (package w3m
# 0.5.3+git20230121-2); twenty-two pages of the ProFTPD 1.3.8 documentation as hand-written HTML: the FAQ, sixteen
# howtos (Chroot, NAT, TLS, Limit, Umask, VirtualUsers, Vhost, ServerType, CreateHome, DisplayFiles, Logging,
# Debugging, BCP, KeepAlives, AuthFiles, Stopping) and five module pages (mod_ban, mod_quotatab, mod_sftp, mod_wrap2,
# ftpasswd), with RELEASE_NOTES.gz, misc/README.ports and the example configurations basic.conf, anonymous.conf and
# virtual.conf (package proftpd-doc 1.3.8+dfsg-4+deb12u5); NLnet Labs NSD 4.6.1's gzipped README.gz,
# NSD-FOR-BIND-USERS.gz, REQUIREMENTS.gz, TODO.gz and RELNOTES.gz, the extensionless UPGRADING, NSD-DATABASE and
# NSD-DIFFFILE, contrib/README and the commented examples/nsd.conf.sample (package nsd 4.6.1-1); AIDE 0.18.3's
# README.gz, NEWS.gz, Debian's README.Debian.gz and NEWS.Debian.gz and the example examples/31_example_exclude-homes
# (package aide-common 0.18.3-1+deb12u5) with SECURITY.md.gz and TODO.Debian (package aide); OfflineIMAP 3's
# README.md.gz, the 1,434-line commented examples/offlineimap.conf, offlineimap.conf.minimal and
# examples/systemd/README.md (package offlineimap3 0.0~git20211018.e64c254+dfsg-2); and the GNU indent 2.2.12 manual
# as one gzipped info file (from /usr/share/info) with README.md and NEWS.gz (package indent 2.2.12-4+deb12u3).
# Changelogs, copyright files, man pages (roff), scripts and other forms of the same texts are left out: w3m's ja/ and
# de/ translations, HISTORY.gz, ChangeLog.1.gz, keymap.default and menu.default (and their top-level links), the
# Bonus CGI and shell/Ruby scripts and README.ja; ProFTPD's other ~100 howto and module pages, the directive index,
# NEWS.gz (the full change log), CREDITS, the PFTEST.* test files, complex-virtual.conf, mod_sql.conf and misc/'s
# other READMEs; NSD's CREDITS, the bind2nsd Python tool, the init, munin and spec files and patches; aide's
# NEWS.Debian.gz (the same file as aide-common's) and AUTHORS; OfflineIMAP's systemd unit files. Needs the packages
# w3m, proftpd-doc, nsd, aide, aide-common, offlineimap3 and indent with their docs (apt-get install w3m proftpd-doc
# nsd aide offlineimap3 indent; none of them were installed on this machine before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-23
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
w=$doc/w3m
put w3m "$w"/{MANUAL.html,FAQ.html,STORY.html,README,NEWS.gz,README.m17n.gz} \
  "$w"/README.{cookie,func,keymap,menu,mouse,passwd,pre_form,siteconf,SSL,tab,dict,sixel}
put w3m/examples "$w"/examples/{keymap.lynx,menu.submenu}
put w3m/examples/Bonus "$w/examples/Bonus/README.eng"
p=$doc/proftpd-doc
put proftpd-doc "$p"/{faq.html,RELEASE_NOTES.gz}
put proftpd-doc/howto "$p"/howto/{Chroot,NAT,TLS,Limit,Umask,VirtualUsers,Vhost,ServerType,CreateHome}.html \
  "$p"/howto/{DisplayFiles,Logging,Debugging,BCP,KeepAlives,AuthFiles,Stopping}.html
put proftpd-doc/contrib "$p"/contrib/{mod_ban,mod_quotatab,mod_sftp,mod_wrap2,ftpasswd}.html
put proftpd-doc/misc "$p/misc/README.ports"
put proftpd-doc/examples/sample-configurations "$p"/examples/sample-configurations/{basic,anonymous,virtual}.conf
n=$doc/nsd
put nsd "$n"/{README.gz,NSD-FOR-BIND-USERS.gz,REQUIREMENTS.gz,TODO.gz,RELNOTES.gz,UPGRADING,NSD-DATABASE,NSD-DIFFFILE}
put nsd/contrib "$n/contrib/README"
put nsd/examples "$n/examples/nsd.conf.sample"
a=$doc/aide-common
put aide-common "$a"/{README.gz,NEWS.gz,README.Debian.gz,NEWS.Debian.gz}
put aide-common/examples "$a/examples/31_example_exclude-homes"
put aide "$doc"/aide/{SECURITY.md.gz,TODO.Debian}
o=$doc/offlineimap3
put offlineimap3 "$o/README.md.gz"
put offlineimap3/examples "$o"/examples/{offlineimap.conf,offlineimap.conf.minimal}
put offlineimap3/examples/systemd "$o/examples/systemd/README.md"
put indent "$info/indent.info.gz" "$doc"/indent/{README.md,NEWS.gz}
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
