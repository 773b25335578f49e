#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# fdm's whole manual as the gzipped plain-text MANUAL.gz, the extensionless README, README.Debian and TODO, the gzipped
# Debian NEWS.Debian.gz and its two manual pages man1/fdm.1.gz and man5/fdm.conf.5.gz (package fdm
# 1.9+git20181219-1+b2); IMAPFilter's extensionless README, the gzipped NEWS.gz, the commented Lua samples
# examples/config.lua and examples/extend.lua and its manual pages imapfilter.1.gz and imapfilter_config.5.gz (package
# imapfilter 1:2.8.1-1); Hitch's (the TLS proxy) Markdown README.md, architecture.md, certificates.md,
# installation.md, proxy-protocol.md and vhosts.md, the gzipped configuration.md.gz, the extensionless README.Debian,
# the commented examples/hitch.conf.example and its manual pages hitch.conf.5.gz and hitch.8.gz (package hitch
# 1.7.2-1+b1); Firejail's gzipped README.gz (a short README followed by the long list of contributors), the
# extensionless README.Debian, the gzipped NEWS.Debian.gz, the commented profile.template and
# redirect_alias-profile.template, syscalls.txt (hints on seccomp filters and the syscall groups) and its manual pages
# firejail.1.gz, firecfg.1.gz, firemon.1.gz, jailcheck.1.gz, firejail-profile.5.gz, firejail-login.5.gz and
# firejail-users.5.gz (package firejail 0.9.72-2); schroot's extensionless README, README.Debian and TODO, the gzipped
# NEWS.gz and NEWS.Debian.gz and its manual pages schroot.1.gz, schroot.conf.5.gz, schroot-setup.5.gz,
# schroot-script-config.5.gz and schroot-faq.7.gz (package schroot 1.6.13-3+b2); the zutils manual as one gzipped info
# file zutils.info.gz (from /usr/share/info) with the extensionless README and the gzipped NEWS.gz (package zutils
# 1.12-2); and the GNU wdiff manual as one gzipped info file wdiff.info.gz (from /usr/share/info) with the gzipped
# README.gz and NEWS.gz and the extensionless TODO (package wdiff 1.2.2-5). Manual pages come from /usr/share/man
# (English, sections 1, 5, 7 and 8), gzipped roff as installed.
# Changelogs, copyright files and licence texts are left out, and so are: fdm's examples/ (five users' personal
# configuration files, f-terbeck, g-lando, n-marriott, t-ulmer and w-maier .conf: configuration, not prose);
# Firejail's contrib/ (Python and shell helper scripts, Vim and GtkSourceView syntax files: code); schroot's THANKS
# (names) and contrib/setup.d/ (three setup scripts: code), and its German and French manual pages; zutils' manual
# pages zcat, zcmp, zdiff, zgrep, ztest and zupdate .1.gz (short --help summaries of what zutils.info.gz says in full,
# and installed over gzip's pages of the same names through dpkg diversions); and wdiff's THANKS (names).
# Needs the packages fdm, imapfilter, hitch, firejail, schroot, zutils and wdiff with their docs, installed one at a
# time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends fdm imapfilter hitch firejail schroot zutils wdiff; wdiff was
# already installed here, the six others were not). Note that zutils diverts gzip's zcat, zcmp, zdiff, zgrep, zegrep
# and zfgrep (programs and manual pages) to its own.
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-53
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
f=$doc/fdm
put fdm "$f/MANUAL.gz" "$f/README" "$f/README.Debian" "$f/TODO" "$f/NEWS.Debian.gz" "$man/man1/fdm.1.gz" \
  "$man/man5/fdm.conf.5.gz"
i=$doc/imapfilter
put imapfilter "$i/README" "$i/NEWS.gz" "$man/man1/imapfilter.1.gz" "$man/man5/imapfilter_config.5.gz"
put imapfilter/examples "$i/examples/config.lua" "$i/examples/extend.lua"
h=$doc/hitch
put hitch "$h/README.md" "$h/README.Debian" "$h/architecture.md" "$h/certificates.md" "$h/configuration.md.gz" \
  "$h/installation.md" "$h/proxy-protocol.md" "$h/vhosts.md" "$man/man5/hitch.conf.5.gz" "$man/man8/hitch.8.gz"
put hitch/examples "$h/examples/hitch.conf.example"
j=$doc/firejail
put firejail "$j/README.gz" "$j/README.Debian" "$j/NEWS.Debian.gz" "$j/profile.template" \
  "$j/redirect_alias-profile.template" "$j/syscalls.txt" "$man/man1/firejail.1.gz" "$man/man1/firecfg.1.gz" \
  "$man/man1/firemon.1.gz" "$man/man1/jailcheck.1.gz" "$man/man5/firejail-profile.5.gz" \
  "$man/man5/firejail-login.5.gz" "$man/man5/firejail-users.5.gz"
s=$doc/schroot
put schroot "$s/README" "$s/README.Debian" "$s/TODO" "$s/NEWS.gz" "$s/NEWS.Debian.gz" "$man/man1/schroot.1.gz" \
  "$man/man5/schroot.conf.5.gz" "$man/man5/schroot-setup.5.gz" "$man/man5/schroot-script-config.5.gz" \
  "$man/man7/schroot-faq.7.gz"
z=$doc/zutils
put zutils "$info/zutils.info.gz" "$z/README" "$z/NEWS.gz"
w=$doc/wdiff
put wdiff "$info/wdiff.info.gz" "$w/README.gz" "$w/NEWS.gz" "$w/TODO"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
