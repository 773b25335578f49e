#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the GRUB manual as the split info file grub.info.gz with its parts grub.info-1.gz and grub.info-2.gz (the index)
# (from /usr/share/info, package grub2-common 2.06-13+deb12u2), and grub-common's extensionless upstream README and
# Debian's NEWS.Debian.gz (package grub-common 2.06-13+deb12u2); 22 HTML pages of Doxygen's manual (doxygen/: index,
# install, starting, docblocks, markdown, lists, grouping, formulas, tables, diagrams, preprocessing, autolink,
# output, searching, customize, custcmd, external, faq, trouble, doxygen_usage, config and commands .html) (package
# doxygen-doc 1.9.4-4); Podman's gzipped Markdown documents README.md.gz, podman_tutorial.md.gz, rootless.md.gz,
# rootless_tutorial.md.gz, remote_client.md.gz, transfer.md.gz, troubleshooting.md.gz and commands-demo.md.gz, and
# Debian's extensionless README.Debian (package podman 4.3.1+ds1-8+deb12u1+b3); 23 HTML pages of the Wireshark User's
# Guide (wireshark/, from wsug_html_chunked/: ChCapCaptureFilterSection, ChCapCaptureOptions, ChCapCaptureFiles,
# ChCapRunningSection, ChWorkBuildDisplayFilterSection, ChWorkDefineFilterMacrosSection, ChAdvFollowStreamSection,
# ChAdvTCPAnalysis, ChAdvNameResolutionSection, ChAdvTimestamps, ChAdvTimezones, ChAdvChecksums, ChIOExportSection,
# ChIOMergeSection, ChIOFileSetSection, ChCustConfigProfilesSection, ChCustCommandLine, ChBuildInstallUnixInstallBins,
# AppToolsdumpcap, AppToolseditcap, AppToolsmergecap, AppToolstshark and AppToolstext2pcap .html) (package
# wireshark-doc 4.0.17-0+deb12u3); GNU GLOBAL's info manual global.info.gz (from /usr/share/info), its gzipped
# plain-text FAQ.gz, the extensionless upstream README and Debian's README.Debian, and Debian's NEWS.Debian.gz
# (package global 6.6.9-1); pbuilder's manual as the PDF pbuilder-doc.pdf ("pbuilder User's Manual"), the
# extensionless README and README.Debian and Debian's NEWS.Debian.gz (package pbuilder 0.231); and GNU Enscript's HTML
# FAQ.html, its info file enscript.info.gz (from /usr/share/info; most of its nodes are empty headings), and the
# gzipped plain-text README.gz and README.ESCAPES.gz (package enscript 1.6.5.90-3+b1).
# Changelogs, copyright files, man pages (roff) and images are left out, and so are: GRUB's grub-dev.info.gz (the
# developers' manual), the upstream NEWS.gz (release notes), AUTHORS and THANKS (names), TODO (a note to would-be
# developers) and examples/grub.cfg (a sample configuration); Doxygen's doxygen_manual.pdf (the same manual as a PDF),
# its other HTML pages (arch.html on doxygen's internals, langhowto.html for translators, perlmod.html on the Perl
# module output, the reference lists htmlcmds.html, xmlcmds.html and emojisup.html, extsearch.html,
# doxywizard_usage.html on the GUI, features.html, graph_legend.html and pages.html), html/changelog.html.gz,
# html/examples/, translator_report.txt.gz and the style sheets and scripts; Podman's CONTRIBUTING.md.gz (for
# contributors), RELEASE_NOTES.md.gz (release notes), podman_tutorial_cn.md.gz (a Chinese translation of the
# tutorial), commands.md and SECURITY.md (one-line pointers elsewhere), NOTICE and examples/ (sample registries.conf,
# policy.json and CNI files); the other 166 pages of the Wireshark User's Guide and the whole Developer's Guide
# (wsdg_html_chunked/, 141 pages, for people writing dissectors and building Wireshark), with ws.css; GLOBAL's NEWS.gz
# (release notes) and examples/ (editor scripts); pbuilder's pbuilder-doc.html (the same manual as the PDF) and its
# translations pbuilder-doc.de.html, .fr.html and .ja.html, AUTHORS and THANKS (names), TODO (its developers' notes)
# and examples/ (hook scripts and a sample pbuilderrc); Enscript's character-set tables (the 88591 to 88599, 885910,
# ascii, asciidkno, asciifise, hp8, ibmpc, koi8, mac and vms .txt.gz files), NEWS.gz (release notes), TODO.gz, AUTHORS
# and THANKS, and index.html (a link to FAQ.html); and the packages' configuration files under /etc (/etc/grub.d/,
# /etc/pbuilderrc, /etc/enscript.cfg, /etc/containers/..., /etc/gtags/gtags.conf), which are not documentation and may
# be edited locally.
# Needs the packages grub2-common (with grub-common), doxygen-doc, podman, wireshark-doc, global, pbuilder and
# enscript with their docs (apt-get install --no-install-recommends grub2-common doxygen-doc podman wireshark-doc
# global pbuilder enscript; installed for this set).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-36
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put grub "$info"/grub.info{,-1,-2}.gz "$doc/grub-common/README" "$doc/grub-common/NEWS.Debian.gz"
d=$doc/doxygen/html
put doxygen "$d"/{index,install,starting,docblocks,markdown,lists,grouping,formulas,tables,diagrams}.html \
  "$d"/{preprocessing,autolink,output,searching,customize,custcmd,external,faq,trouble,doxygen_usage}.html \
  "$d"/{config,commands}.html
p=$doc/podman
put podman "$p"/{README,podman_tutorial,rootless,rootless_tutorial,remote_client,transfer,troubleshooting}.md.gz \
  "$p/commands-demo.md.gz" "$p/README.Debian"
w=$doc/wireshark/wsug_html_chunked
put wireshark "$w"/{ChCapCaptureFilterSection,ChCapCaptureOptions,ChCapCaptureFiles,ChCapRunningSection}.html \
  "$w"/{ChWorkBuildDisplayFilterSection,ChWorkDefineFilterMacrosSection,ChAdvFollowStreamSection}.html \
  "$w"/{ChAdvTCPAnalysis,ChAdvNameResolutionSection,ChAdvTimestamps,ChAdvTimezones,ChAdvChecksums}.html \
  "$w"/{ChIOExportSection,ChIOMergeSection,ChIOFileSetSection,ChCustConfigProfilesSection,ChCustCommandLine}.html \
  "$w"/{ChBuildInstallUnixInstallBins,AppToolsdumpcap,AppToolseditcap,AppToolsmergecap,AppToolstshark}.html \
  "$w/AppToolstext2pcap.html"
g=$doc/global
put global "$info/global.info.gz" "$g/FAQ.gz" "$g/README" "$g/README.Debian" "$g/NEWS.Debian.gz"
b=$doc/pbuilder
put pbuilder "$b/pbuilder-doc.pdf" "$b/README" "$b/README.Debian" "$b/NEWS.Debian.gz"
e=$doc/enscript
put enscript "$info/enscript.info.gz" "$e/FAQ.html" "$e/README.gz" "$e/README.ESCAPES.gz"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
