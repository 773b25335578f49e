#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# 18 HTML pages of Git's manual (git/: gitfaq, git-bisect, git-stash, gitignore, git-worktree, git-rebase,
# gitcredentials, git-credential-cache, git-reflog, git-sparse-checkout, git-clean, git-maintenance, githooks,
# gitattributes, git-cherry-pick, git-restore, git-blame and git-archive .html) and four of its plain-text howtos
# (git/howto/: revert-a-faulty-merge, recover-corrupted-blob-object, setup-git-server-over-http and use-git-daemon
# .txt) (package git-doc 1:2.39.5-0+deb12u3); libvirt's gzipped release notes NEWS.gz, nine of its HTML pages
# (libvirt/: uri, remote, auth, daemons, logging, migration, hooks, firewall and storage .html) and seven of its
# knowledge-base pages (libvirt/kbase/: debuglogs, virtiofs, snapshots, live_full_disk_backup, secureboot, tlscerts
# and backing_chains .html) (package libvirt-doc 9.0.0-4+deb12u2); FRRouting's plain Markdown README.md and nine
# pages of its Sphinx-built HTML user guide (frr/: overview, setup, vtysh, basic, static, frr-reload, watchfrr, bfd
# and vrrp .html) (package frr-doc 8.4.4-1.1~deb12u2); the OpenLDAP server's Debian README.Debian.gz and
# NEWS.Debian.gz (package slapd 2.5.13+dfsg-5); iperf3's gzipped Markdown README.md.gz (package iperf3
# 3.12-1+deb12u2); the GNU MathProg modeling language manual gmpl.pdf and Debian's NEWS.Debian.gz (package glpk-doc
# 5.0-1); and the GNU shar utilities' info manual sharutils.info.gz (from /usr/share/info), README, NEWS.gz and TODO
# (package sharutils 1:4.15.2-9).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: the rest of Git's documentation
# (the other 188 HTML pages, among them git.html, git-config.html and user-manual.html, the AsciiDoc .txt sources of
# all the HTML pages, the HTML renderings of the howtos and the other 12 howtos, technical/ and docbook-xsl.css); the
# rest of libvirt's (the other 83 HTML pages, among them formatdomain.html and news.html, the HTML rendering of NEWS,
# the other 15 knowledge-base pages and kbase/internals/, html/ (the C API reference), manpages/ (the man pages as
# HTML), go/, css/, fonts/, js/, logos/ and the examples/ of C programs, XML, polkit rules and systemtap scripts); the
# rest of FRR's user guide (the other 34 HTML pages, among them bgp, ospfd, zebra, genindex and search .html), its
# _sources/ (the reStructuredText sources as .rst.txt), _static/ and _images/, and frr.info.gz in /usr/share/info
# (the same user guide as an info file); slapd's TODO.Debian (old Debian changelog entries from 2005) and examples/
# (slapd.conf and slapd.backup); GLPK's reference manual glpk.pdf, graphs.pdf and cnfsat.pdf, the Spanish and
# Portuguese translations gmpl_es.pdf and gmpl_pt-BR.pdf, and the benchmark tables miplib2, miplib3, netlib and npp
# .txt.gz; sharutils' THANKS (names); and the packages' configuration files under /etc (/etc/ldap/slapd.d ...),
# which are not documentation and may be edited locally.
# Needs the packages git-doc, libvirt-doc, frr-doc, slapd, iperf3, glpk-doc and sharutils with their docs (installed
# for this set one at a time with DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends
# -o DPkg::Lock::Timeout=900 <package>).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-43
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
g=$doc/git-doc
put git "$g"/{gitfaq,git-bisect,git-stash,gitignore,git-worktree,git-rebase,gitcredentials}.html \
  "$g"/{git-credential-cache,git-reflog,git-sparse-checkout,git-clean,git-maintenance,githooks}.html \
  "$g"/{gitattributes,git-cherry-pick,git-restore,git-blame,git-archive}.html
put git/howto "$g/howto"/{revert-a-faulty-merge,recover-corrupted-blob-object,setup-git-server-over-http}.txt \
  "$g/howto/use-git-daemon.txt"
v=$doc/libvirt-doc
put libvirt "$v/NEWS.gz" "$v/html"/{uri,remote,auth,daemons,logging,migration,hooks,firewall,storage}.html
put libvirt/kbase "$v/html/kbase"/{debuglogs,virtiofs,snapshots,live_full_disk_backup,secureboot,tlscerts}.html \
  "$v/html/kbase/backing_chains.html"
f=$doc/frr
put frr "$f/README.md" "$f/html"/{overview,setup,vtysh,basic,static,frr-reload,watchfrr,bfd,vrrp}.html
s=$doc/slapd
put slapd "$s/README.Debian.gz" "$s/NEWS.Debian.gz"
put iperf3 "$doc/iperf3/README.md.gz"
put glpk "$doc/glpk-doc/gmpl.pdf" "$doc/glpk-doc/NEWS.Debian.gz"
put sharutils "$info/sharutils.info.gz" "$doc/sharutils/README" "$doc/sharutils/NEWS.gz" "$doc/sharutils/TODO"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
