#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# strongSwan's swanctl manual pages man5/swanctl.conf.5.gz and man8/swanctl.8.gz with the gzipped NEWS.Debian.gz
# (package strongswan-swanctl 5.9.8-5+deb12u6); strongSwan's gzipped README.gz (the ipsec.conf-style introduction:
# authentication, certificates, road warriors, smart cards) and its manual page man5/strongswan.conf.5.gz (package
# libstrongswan 5.9.8-5+deb12u6); Ettercap's gzipped README.gz and README.PLATFORMS.gz, the extensionless
# README.BUGS, README.BINARIES and README.LUA, its developer notes capture, threads, decoders, dissectors and
# plugins.gz, and the manual pages man8/ettercap.8.gz, ettercap_curses.8.gz, ettercap_plugins.8.gz, etterfilter.8.gz,
# etterlog.8.gz and man5/etter.conf.5.gz (package ettercap-common 1:0.8.3.1-11); testssl.sh's manual page
# man1/testssl.1.gz (package testssl.sh 3.0.8+dfsg-1); arp-scan's Markdown README.md, gzipped NEWS.md.gz, plain
# README.Debian and the manual pages man1/arp-scan.1.gz, arp-fingerprint.1.gz, get-oui.1.gz and man5/mac-vendor.5.gz
# (package arp-scan 1.10.0-2); the Cyrus SASL documentation as Sphinx HTML, index.html and operations.html and, under
# sasl/, advanced, appconvert, authentication_mechanisms, auxiliary_properties, components, concepts, faq, gssapi,
# installation, macosx, options, os390, pwcheck, quickstart, sysadmin, upgrading and windows .html, and the six pages
# of sasl/faqs/ (authorize-vs-authenticate, crammd5-digestmd5-scram, openldap-sasl-gssapi, plaintextpasswords, rfcs
# and upgrade-saslv2 .html), with the gzipped LDAP_SASLAUTHD.gz and NEWS.Debian.gz (package cyrus-sasl2-doc
# 2.1.28+dfsg-10+deb12u1); and the Tiger security auditor's plain-text DESCRIPTION, README.ignore, README.linux,
# README.signatures, README.unsupported, BUGS.EXTERN and TODO.Debian, its gzipped README.gz, README.Debian.gz,
# README.hostids.gz, README.sources.gz, README.time.gz, README.writemodules.gz, USING.gz and TODO.gz, and the manual
# pages man8/tiger.8.gz, tigercron.8.gz and tigexp.8.gz (package tiger 1:3.2.4~rc1-3.2).
# Changelogs, copyright files and images are left out, and so are: libstrongswan's NEWS.Debian.gz (the same file as
# strongswan-swanctl's); Ettercap's THANKS.gz, README.GIT (building from git), README.OSXLION, README.TESTS, TODO and
# TODO.TESTING (lists for its developers); Cyrus SASL's API reference (sasl/reference/manpages/library/*.html, one
# page per C function, and template.html), sasl/developer/ (programming, plug-in writing, testing: code),
# sasl/release-notes/ (changelogs), sasl/manpages.html and sasl/resources.html (lists of links), download.html,
# getsasl.html, packager.html, setup.html, developer.html and support.html (a few lines of links each), genindex.html
# and search.html (generated index and search pages) and _static/ (scripts and styles); Tiger's README.1st (two lines
# pointing to README and USING), README.logo and CREDITS, its JPEG logos and examples/ (sample tigerrc and cron
# files).
# Needs the packages strongswan-swanctl, libstrongswan, ettercap-common, testssl.sh, arp-scan, cyrus-sasl2-doc and
# tiger with their docs, installed one at a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends strongswan-swanctl ettercap-common testssl.sh arp-scan
# cyrus-sasl2-doc tiger; libstrongswan comes with strongswan-swanctl; none of them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-55
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
put strongswan-swanctl "$doc/strongswan-swanctl/NEWS.Debian.gz"
put strongswan-swanctl/man5 "$man/man5/swanctl.conf.5.gz"
put strongswan-swanctl/man8 "$man/man8/swanctl.8.gz"
put libstrongswan "$doc/libstrongswan/README.gz"
put libstrongswan/man5 "$man/man5/strongswan.conf.5.gz"
e=$doc/ettercap-common
put ettercap-common "$e/README.gz" "$e/README.PLATFORMS.gz" "$e/README.BUGS" "$e/README.BINARIES" "$e/README.LUA" \
  "$e/capture" "$e/threads" "$e/decoders" "$e/dissectors" "$e/plugins.gz"
put ettercap-common/man8 "$man"/man8/{ettercap,ettercap_curses,ettercap_plugins,etterfilter,etterlog}.8.gz
put ettercap-common/man5 "$man/man5/etter.conf.5.gz"
put testssl.sh/man1 "$man/man1/testssl.1.gz"
a=$doc/arp-scan
put arp-scan "$a/README.md" "$a/NEWS.md.gz" "$a/README.Debian"
put arp-scan/man1 "$man"/man1/{arp-scan,arp-fingerprint,get-oui}.1.gz
put arp-scan/man5 "$man/man5/mac-vendor.5.gz"
c=$doc/cyrus-sasl2-doc
put cyrus-sasl2-doc "$c/index.html" "$c/operations.html" "$c/LDAP_SASLAUTHD.gz" "$c/NEWS.Debian.gz"
put cyrus-sasl2-doc/sasl "$c"/sasl/{advanced,appconvert,authentication_mechanisms,auxiliary_properties}.html \
  "$c"/sasl/{components,concepts,faq,gssapi,installation,macosx,options,os390,pwcheck,quickstart}.html \
  "$c"/sasl/{sysadmin,upgrading,windows}.html
put cyrus-sasl2-doc/sasl/faqs "$c"/sasl/faqs/{authorize-vs-authenticate,crammd5-digestmd5-scram}.html \
  "$c"/sasl/faqs/{openldap-sasl-gssapi,plaintextpasswords,rfcs,upgrade-saslv2}.html
t=$doc/tiger
put tiger "$t/DESCRIPTION" "$t/README.ignore" "$t/README.linux" "$t/README.signatures" "$t/README.unsupported" \
  "$t/BUGS.EXTERN" "$t/TODO.Debian" "$t"/README{,.Debian,.hostids,.sources,.time,.writemodules}.gz "$t/USING.gz" \
  "$t/TODO.gz"
put tiger/man8 "$man"/man8/{tiger,tigercron,tigexp}.8.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
