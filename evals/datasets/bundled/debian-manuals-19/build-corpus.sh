#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# seventeen pages of the Borg 1.2.4 documentation as Sphinx HTML (navigation sidebar, "next/previous" links, "¶"
# anchors), kept in the manual's own html/, html/usage/ and html/deployment/ folders: the quick start, FAQ and
# installation pages, five deployment guides and the general, init, create, prune, compact, key, mount and check
# usage pages with the additional notes (package borgbackup-doc); fetchmail's hand-written XHTML FAQ, feature list and
# design notes, the gzipped README.Debian, README.SSL and NEWS.Debian, the extensionless README.systemd and
# TODO.Debian and the example fetchmailrc.example (package fetchmail); the msmtp manual as one gzipped info file
# (from /usr/share/info) with msmtp's README, README.Debian, NEWS.gz, NEWS.Debian.gz and three example configuration
# files, two msmtprc and set_sendmail.conf (package msmtp); irssi's FAQ and startup HOWTO as HTML fragments of the
# project's web site, its manual, Perl, special-variable and design notes as `.txt.gz`, formats.txt, capsicum.txt,
# README.md and NEWS.Debian.gz (package irssi); Unbound's gzipped README and TODO, the extensionless FEATURES and
# README.DNS64, NEWS.Debian.gz and the commented example unbound.conf (package unbound); memcached's protocol,
# storage and TLS notes as `.txt.gz`, three plain `.txt` notes, README.md, README.Debian and NEWS.Debian.gz (package
# memcached); and vsftpd's gzipped FAQ, its extensionless README, README.ssl, README.Debian, TUNING, SPEED and BUGS,
# NEWS.Debian.gz, the SECURITY/ notes and the READMEs of its examples/ folders with two example vsftpd.conf files
# (package vsftpd). Changelogs, copyright files, man pages (roff), example scripts and other forms of the same texts
# are left out: Borg's other thirty-two pages (among them changes.html, 305 KB, the internals and development pages,
# the other usage pages, the index, search and book pages), _sources/, _static/ and _images/; fetchmail's NEWS.gz and
# OLDNEWS.gz, todo.html, README.contrib and contrib/; msmtp's example scripts find_alias_for_msmtp.sh and
# set_sendmail.sh; irssi's faq.txt.gz, startup-HOWTO.txt.gz and design.html (the same texts as the files chosen),
# NEWS.gz, TODO.gz, signals.txt.gz, AUTHORS and examples/; Unbound's CREDITS and contrib/; memcached's NEWS.gz (a
# link), readme.txt and README.damemtop; vsftpd's AUDIT, BENCHMARKS, SIZE, REWARD, TODO, README.security (a pointer to
# SECURITY/), examples/INTERNET_SITE_NOINETD/ and the examples' xinetd, PAM, hosts.allow and logins files. Needs the
# packages borgbackup-doc, fetchmail, msmtp, irssi, unbound, memcached and vsftpd with their docs (apt-get install
# borgbackup-doc fetchmail msmtp irssi unbound memcached vsftpd; borgbackup-doc was installed here before, the others
# were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-19
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
b=$doc/borgbackup/html
put borgbackup-doc/html "$b"/{quickstart,faq,installation}.html
put borgbackup-doc/html/deployment "$b"/deployment/{automated-local,central-backup-server,hosting-repositories}.html \
  "$b"/deployment/{image-backup,pull-backup}.html
put borgbackup-doc/html/usage "$b"/usage/{general,init,create,prune,compact,key,mount,check,notes}.html
f=$doc/fetchmail
put fetchmail "$f"/{fetchmail-FAQ.html,fetchmail-features.html,design-notes.html,README.Debian.gz,README.SSL.gz} \
  "$f"/{README.systemd,NEWS.Debian.gz,TODO.Debian}
put fetchmail/examples "$f/examples/fetchmailrc.example"
m=$doc/msmtp
put msmtp "$info/msmtp.info.gz" "$m"/{README,README.Debian,NEWS.Debian.gz,NEWS.gz}
put msmtp/examples "$m"/examples/{msmtprc-system.example,msmtprc-user.example}
put msmtp/examples/set_sendmail "$m/examples/set_sendmail/set_sendmail.conf"
i=$doc/irssi
put irssi "$i"/{README.md,NEWS.Debian.gz,startup-HOWTO.html,faq.html,manual.txt.gz,formats.txt,special_vars.txt.gz} \
  "$i"/{design.txt.gz,capsicum.txt,perl.txt.gz}
u=$doc/unbound
put unbound "$u"/{README.gz,FEATURES,README.DNS64,NEWS.Debian.gz,TODO.gz}
put unbound/examples "$u/examples/unbound.conf"
c=$doc/memcached
put memcached "$c"/{README.md,README.Debian,NEWS.Debian.gz,protocol.txt.gz,new_lru.txt,threads.txt,storage.txt.gz} \
  "$c"/{tls.txt.gz,napi_ids.txt}
v=$doc/vsftpd
put vsftpd "$v"/{FAQ.gz,README,README.Debian,README.ssl,NEWS.Debian.gz,TUNING,BUGS,SPEED}
put vsftpd/SECURITY "$v"/SECURITY/{OVERVIEW,DESIGN.gz,IMPLEMENTATION,TRUST.gz}
put vsftpd/examples "$v/examples/README"
put vsftpd/examples/INTERNET_SITE "$v"/examples/INTERNET_SITE/{README.gz,vsftpd.conf}
put vsftpd/examples/PER_IP_CONFIG "$v/examples/PER_IP_CONFIG/README"
put vsftpd/examples/VIRTUAL_HOSTS "$v/examples/VIRTUAL_HOSTS/README"
put vsftpd/examples/VIRTUAL_USERS "$v"/examples/VIRTUAL_USERS/{README.gz,vsftpd.conf}
put vsftpd/examples/VIRTUAL_USERS_2 "$v/examples/VIRTUAL_USERS_2/README"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
