#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# 27 HTML pages of the Linux-PAM System Administrators' Guide (pam/html/: Linux-PAM_SAG, sag-introduction,
# sag-overview, sag-configuration, sag-configuration-file, sag-configuration-directory, sag-configuration-example,
# sag-security-issues, sag-security-issues-wrong, sag-security-issues-other, and the module pages sag-pam_access,
# sag-pam_deny, sag-pam_env, sag-pam_exec, sag-pam_faildelay, sag-pam_limits, sag-pam_listfile, sag-pam_mkhomedir,
# sag-pam_motd, sag-pam_nologin, sag-pam_pwhistory, sag-pam_securetty, sag-pam_succeed_if, sag-pam_time,
# sag-pam_umask, sag-pam_unix and sag-pam_wheel .html) and Debian's NEWS.Debian.gz (package libpam-doc
# 1.5.2-6+deb12u3); 20 files of MIT Kerberos' documentation (krb5/: the Sphinx HTML pages user/tkt_mgmt.html,
# user/pwd_mgmt.html, user/user_commands/{kinit,klist,kdestroy,kpasswd,kswitch,kvno,ksu}.html,
# user/user_config/{k5login,k5identity,kerberos}.html, basic/{ccache_def,keytab_def,date_format}.html and
# admin/{troubleshoot,install_clients,lockout}.html, the gzipped upstream README.gz and Debian's extensionless
# README.KDC) (package krb5-doc 1.20.1-2+deb12u5); 12 HTML pages of CUPS' online help (cups/help/: overview, admin,
# accounting, encryption, firewalls, kerberos, network, options, policies, security, sharing and glossary .html)
# (package cups-server-common 2.4.2-3+deb12u11); the mtools manual as the info file mtools.info.gz (from
# /usr/share/info) (package mtools 4.0.33-1+really4.0.32-1); lzip's info manual lzip.lzip.info.gz (from
# /usr/share/info), its gzipped README.gz and NEWS.gz and Debian's extensionless README.Debian (package lzip 1.23-5);
# fzf's extensionless README.Debian (package fzf 0.38.0-1+b1); and fd's extensionless README.Debian (package fd-find
# 8.6.0-3).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: PAM's other 23 module pages of
# the administrators' guide (pam_debug, pam_echo, pam_filter, pam_ftp, pam_group, pam_issue, pam_keyinit,
# pam_lastlog, pam_localuser, pam_loginuid, pam_mail, pam_namespace, pam_permit, pam_rhosts, pam_rootok,
# pam_selinux, pam_shells, pam_timestamp, pam_userdb, pam_warn, pam_xauth and the like), its table-of-contents,
# author, copyright, conventions and see-also pages (sag-module-reference, sag-author, sag-copyright,
# sag-text-conventions, sag-see-also, index.html), the Application Developers' and Module Writers' Guides (the adg-*
# and mwg-* pages, for programmers), and txt/ (the same three guides as plain text, with the PAM RFC drafts); Kerberos'
# other Sphinx pages (the rest of admin/ on running a KDC, appdev/, plugindev/ and build/ for programmers and
# packagers, the genindex-*, search and about pages, _static/ scripts and style sheets), its PDFs (admin, appdev,
# basic, build, plugindev and user .pdf.gz: the same guides as the HTML pages, gzipped) and NOTICE.gz (licence
# notices); CUPS' other help pages (the man-*.html pages, HTML renderings of the man pages; api-*, cupspm,
# postscript-driver, raster-driver, ppd-compiler, ref-ppdcfile and spec-* for programmers and driver writers;
# license.html), its translated index pages and its images and style sheets; mtools' examples/mtools.conf (a sample
# configuration file) and old-changelog.gz; fzf's examples/ (shell and Vim scripts); and the packages' configuration
# files under /etc (/etc/pam.d, /etc/security, /etc/krb5.conf, /etc/mtools.conf ...), which are not documentation and
# may be edited locally.
# Needs the packages libpam-doc, krb5-doc, cups-server-common, mtools, lzip, fzf and fd-find with their docs
# (apt-get install --no-install-recommends libpam-doc krb5-doc cups-server-common mtools lzip fzf fd-find; installed
# for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-39
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
p=$doc/libpam-doc
put pam/html "$p/html"/{Linux-PAM_SAG,sag-introduction,sag-overview,sag-configuration,sag-configuration-file}.html \
  "$p/html"/{sag-configuration-directory,sag-configuration-example,sag-security-issues}.html \
  "$p/html"/{sag-security-issues-wrong,sag-security-issues-other}.html \
  "$p/html"/sag-pam_{access,deny,env,exec,faildelay,limits,listfile,mkhomedir,motd,nologin,pwhistory}.html \
  "$p/html"/sag-pam_{securetty,succeed_if,time,umask,unix,wheel}.html
put pam "$p/NEWS.Debian.gz"
k=$doc/krb5-doc
put krb5/user "$k/user"/{tkt_mgmt,pwd_mgmt}.html
put krb5/user/user_commands "$k/user/user_commands"/{kinit,klist,kdestroy,kpasswd,kswitch,kvno,ksu}.html
put krb5/user/user_config "$k/user/user_config"/{k5login,k5identity,kerberos}.html
put krb5/basic "$k/basic"/{ccache_def,keytab_def,date_format}.html
put krb5/admin "$k/admin"/{troubleshoot,install_clients,lockout}.html
put krb5 "$k/README.gz" "$k/README.KDC"
c=/usr/share/cups/doc-root/help
put cups/help "$c"/{overview,admin,accounting,encryption,firewalls,kerberos,network,options,policies}.html \
  "$c"/{security,sharing,glossary}.html
put mtools "$info/mtools.info.gz"
put lzip "$info/lzip.lzip.info.gz" "$doc/lzip/README.gz" "$doc/lzip/NEWS.gz" "$doc/lzip/README.Debian"
put fzf "$doc/fzf/README.Debian"
put fd-find "$doc/fd-find/README.Debian"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
