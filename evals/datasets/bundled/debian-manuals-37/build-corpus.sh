#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# GNU Automake's manual as the split info file automake-1.16.info.gz (header and tag table) with its parts
# automake-1.16.info-1.gz and automake-1.16.info-2.gz, and the info manual automake-history.info.gz (all from
# /usr/share/info), the upstream NEWS.gz and extensionless README, and Debian's README.Debian (package automake
# 1:1.16.5-1.3); git-buildpackage's README.md and Debian's NEWS.Debian.gz, and 24 HTML pages of its manual "Building
# Debian Packages with git-buildpackage" (git-buildpackage/manual-html/: gbp.intro, workflow, branch.naming, import,
# import.convert, import.fromscratch, import.new.upstream, import.upstream-git, building, building.hooks, patches,
# patches.firstpatch, patches.newupstream, patches.team, releases, release.commit, snapshots, cfgfile, special,
# special.nmus, special.pbuilder, special.hacking, special.pk4 and special.sloppytarball .html) (package
# git-buildpackage 0.9.30); eleven HTML pages of the Bacula manuals (bacula/html/main/: Brief_Tutorial,
# Backup_Strategies, Automatic_Volume_Recycling, Data_Encryption, Restore_Command, Bootstrap_File, Catalog_Maintenance
# and Bacula_Security_Issues .html; bacula/html/problems/: Bacula_Frequently_Asked_Que, Tips_Suggestions and
# Dealing_with_Firewalls .html) and the gzipped PDF bacula/pdf/misc.pdf.gz (the 38-page "Bacula Miscellaneous Guide":
# variable expansion, stunnel, projects, licences; its HTML version is left out) (package bacula-doc 9.6.7-2); Cacti's
# gzipped Markdown README.md.gz, Debian's extensionless README.Debian and 13 HTML pages of its manual (cacti/html/:
# Frequently-Asked-Questions, Installing-Under-Ubuntu-Debian, Principles-of-Operation, Debugging, Boost, Spine,
# Settings-Poller, How-To-Setup-Remote-Pollers, Graph-a-Single-SNMP-OID, Data-Debug, Spikekill, Upgrading-Cacti and
# Known-Issues .html) (package cacti 1.2.24+ds1-1+deb12u5); the Go Programming Language Specification go_spec.html,
# the Go Memory Model go_mem.html and "A Quick Guide to Go's Assembler" asm.html (package golang-1.19-doc 1.19.8-2);
# and Firebird 3.0's documents (firebird/doc/: the gzipped README.user.troubleshooting.gz,
# README.isql_enhancements.txt.gz, README.connection_strings.gz, README.monitoring_tables.gz and Firebird_conf.txt.gz,
# the extensionless README.read_password_from_file, README.trusted_authentication, README.online_validation,
# README.garbage_collector and README.superclassic, and README.incompatibilities.txt; firebird/doc/sql.extensions/:
# README.identity_columns.txt, README.offset_fetch.txt and the extensionless README.update_or_insert) (package
# firebird3.0-doc 3.0.11.33637.ds4-2+deb12u1) with Debian's extensionless README.Debian (package
# firebird3.0-common-doc 3.0.11.33637.ds4-2+deb12u1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: Automake's AUTHORS (names);
# git-buildpackage's manual-html/index.html (the table of contents), gbp.copyleft.html (the manual's licence), the 22
# man.*.html pages (the command-reference appendix: the gbp man pages, also installed as roff), book.devhelp2, the
# style sheets and gbp.svg, apidocs/ (192 files: the generated API reference of the Python gbp module) and examples/
# (hook and helper scripts); bacula-doc's other 46 pages of html/main (installation, the configuration reference of
# each daemon, the "New Features" release notes, tapes and autochangers, Windows, ...) and 8 of html/problems (the
# guide's front page, tape drive testing, crashes, and the contents, index, about and copyright pages), html/console/,
# developers/, utility/ and misc/ (the last the HTML of misc.pdf.gz), the other five PDFs (console, developers, main,
# problems and utility: the same manuals as the HTML), the style sheets and TODO.Debian; Cacti's other 99 HTML pages
# (one per part of the user interface, settings tab, how-to, plugin API and coding standard, and the release notes),
# README.Plugins (a pointer to the plugin pages), TODO.Debian and cacti.sql (the database schema); Go's
# go1.17_spec.html (the previous version of the same specification); Firebird's 31 other doc/ files (Windows-only
# installation and security notes, raw devices, character sets, the services and trace APIs, WhatsNew.gz (a list of
# changes per release), emacros-cross_ref.html, ods11-index-structure.html, README.coding.style and the todo files,
# for its developers) and 64 other sql.extensions/ files (one SQL feature each); and the packages' configuration files
# under /etc (/etc/cacti/debian.php, /etc/git-buildpackage/gbp.conf, ...), which are not documentation and may be
# edited locally.
# Needs the packages automake, git-buildpackage, bacula-doc, cacti, golang-1.19-doc and firebird3.0-doc with their docs
# (apt-get install --no-install-recommends automake git-buildpackage bacula-doc cacti golang-1.19-doc firebird3.0-doc;
# installed for this set, cacti with its debconf question cacti/dbconfig-install answered false).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-37
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put automake "$info"/automake-1.16.info{,-1,-2}.gz "$info/automake-history.info.gz" \
  "$doc/automake/NEWS.gz" "$doc/automake/README" "$doc/automake/README.Debian"
g=$doc/git-buildpackage
put git-buildpackage "$g/README.md" "$g/NEWS.Debian.gz"
put git-buildpackage/manual-html "$g/manual-html"/gbp.{intro,workflow,branch.naming,import,import.convert}.html \
  "$g/manual-html"/gbp.{import.fromscratch,import.new.upstream,import.upstream-git,building,building.hooks}.html \
  "$g/manual-html"/gbp.{patches,patches.firstpatch,patches.newupstream,patches.team,releases}.html \
  "$g/manual-html"/gbp.{release.commit,snapshots,cfgfile,special,special.nmus,special.pbuilder}.html \
  "$g/manual-html"/gbp.{special.hacking,special.pk4,special.sloppytarball}.html
b=$doc/bacula-doc
put bacula/html/main "$b/html/main"/{Brief_Tutorial,Backup_Strategies,Automatic_Volume_Recycling}.html \
  "$b/html/main"/{Data_Encryption,Restore_Command,Bootstrap_File,Catalog_Maintenance,Bacula_Security_Issues}.html
put bacula/html/problems "$b/html/problems"/{Bacula_Frequently_Asked_Que,Tips_Suggestions,Dealing_with_Firewalls}.html
put bacula/pdf "$b/pdf/misc.pdf.gz"
c=$doc/cacti
put cacti "$c/README.md.gz" "$c/README.Debian"
put cacti/html "$c/html"/{Frequently-Asked-Questions,Installing-Under-Ubuntu-Debian,Principles-of-Operation}.html \
  "$c/html"/{Debugging,Boost,Spine,Settings-Poller,How-To-Setup-Remote-Pollers,Graph-a-Single-SNMP-OID}.html \
  "$c/html"/{Data-Debug,Spikekill,Upgrading-Cacti,Known-Issues}.html
put golang/html "$doc/golang-1.19-doc/html"/{go_spec,go_mem,asm}.html
f=$doc/firebird3.0-common-doc
put firebird "$f/README.Debian"
put firebird/doc "$f/doc"/{README.user.troubleshooting.gz,README.read_password_from_file} \
  "$f/doc"/README.trusted_authentication \
  "$f/doc"/{README.incompatibilities.txt,README.isql_enhancements.txt.gz,README.online_validation} \
  "$f/doc"/{README.garbage_collector,README.connection_strings.gz,README.superclassic,README.monitoring_tables.gz} \
  "$f/doc/Firebird_conf.txt.gz"
put firebird/doc/sql.extensions "$f/doc/sql.extensions"/{README.identity_columns.txt,README.offset_fetch.txt} \
  "$f/doc/sql.extensions/README.update_or_insert"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
