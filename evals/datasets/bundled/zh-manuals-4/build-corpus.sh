#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Chinese) from Simplified Chinese documentation that a Debian 12
# (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships it (gzipped
# files stay gzipped, names unchanged, one folder per package), from packages that no other set uses:
# 62 HTML pages of the Simplified Chinese translation of "The Debian Administrator's Handbook" (Debian 11 bullseye
# edition; Debian 管理员手册), from /usr/share/doc/debian-handbook/html/zh-CN (debian-handbook/: the chapter pages
# advanced-administration, apt, basic-configuration, case-study, derivative-distributions, network-infrastructure,
# network-services, packaging-system, preface, security and solving-problems .html, and the section pages sect.
# administration-interfaces, after-first-boot, apt-cache, apt-file, apt-frontends, apt-get,
# asynchronous-task-scheduling-anacron, automatic-upgrades, backup, becoming-package-maintainer, book-structure,
# building-first-package, coexistence-with-other-packaging-systems, common-procedures, creating-accounts,
# dealing-with-compromised-machine, dist-upgrade, follow-debian-news, foundation-documents, hostname-name-service,
# hotplug, how-to-migrate, http-web-server, installation-steps, ldap-directory, main-desktop-tools,
# manipulating-packages-with-dpkg, master-plan, network-config, nfs-file-server, power-management, quotas,
# regular-upgrades, release-lifecycle, remote-login, role-of-distributions, rtc-services, searching-packages,
# selected-approach, setup-apt-package-repository, source-package-structure, syslog, ubuntu, user-group-databases,
# virtual-private-network, virtualization, who-is-this-book-for, why-debian, why-gnu-linux, windows-emulation and
# windows-file-server-with-samba .html) (package debian-handbook 11.20220922); and the gzipped Markdown README and
# release history of the LXGW WenKai (霞鹜文楷) font, in Chinese (fonts-lxgw-wenkai-doc/: README.md.gz and
# History.md.gz) (package fonts-lxgw-wenkai-doc 1.250+repack-1, installed under /usr/share/doc/fonts-lxgw-wenkai).
# Left out: changelogs, copyright files, images, CSS and the font's PNG previews and examples/demo.pdf (a page of
# sample characters); the handbook's debian-handbook/README.Debian (English); its zh-CN index.html (the table of
# contents) and the other 64 zh-CN pages, whose prose is mostly or largely still English (less than three fifths of
# their paragraph text, in UTF-8 bytes and leaving code examples aside, lies in paragraphs with Chinese), among them
# sect.domain-name-servers, sect.dhcp, sect.ipv6, sect.monitoring, sect.apparmor, sect.firewall-packet-filtering,
# sect.automated-installation, sect.kernel-compilation, sect.selinux, sect.supervision, unix-services,
# sect.package-meta-information, sect.debian-internals and sect.config-misc; all 127 zh-TW pages (Traditional
# Chinese, less translated than zh-CN) and the other 26 languages of the handbook; the zh_CN man pages of passwd
# and login (mostly English) and of man-db (used by debian-manuals-7); python-jieba-doc (installed and looked at: only
# example scripts, dictionaries and test texts); and every package that another set uses
# (manpages-zh, debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn, debian-edu-doc-zh-cn,
# debian-edu-doc-legacy-zh-cn, gimp-help-zh-cn, kicad-doc-zh, lilypond-doc-html-zh, linuxcnc-doc-zh-cn).
# Needs the packages debian-handbook and fonts-lxgw-wenkai-doc with their docs, installed for this set one at a
# time with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (debian-handbook takes about 94 MB, all its languages; neither package brings another).
# Then: npm run eval -- evals/datasets/bundled/zh-manuals-4
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
h=$doc/debian-handbook/html/zh-CN
put debian-handbook "$h"/{advanced-administration,apt,basic-configuration,case-study,derivative-distributions}.html \
  "$h"/{network-infrastructure,network-services,packaging-system,preface,security,solving-problems}.html
put debian-handbook "$h"/sect.{administration-interfaces,after-first-boot,apt-cache,apt-file,apt-frontends}.html \
  "$h"/sect.{apt-get,asynchronous-task-scheduling-anacron,automatic-upgrades,backup}.html \
  "$h"/sect.{becoming-package-maintainer,book-structure,building-first-package}.html \
  "$h"/sect.{coexistence-with-other-packaging-systems,common-procedures,creating-accounts}.html \
  "$h"/sect.{dealing-with-compromised-machine,dist-upgrade,follow-debian-news,foundation-documents}.html \
  "$h"/sect.{hostname-name-service,hotplug,how-to-migrate,http-web-server,installation-steps}.html \
  "$h"/sect.{ldap-directory,main-desktop-tools,manipulating-packages-with-dpkg,master-plan}.html \
  "$h"/sect.{network-config,nfs-file-server,power-management,quotas,regular-upgrades}.html \
  "$h"/sect.{release-lifecycle,remote-login,role-of-distributions,rtc-services,searching-packages}.html \
  "$h"/sect.{selected-approach,setup-apt-package-repository,source-package-structure,syslog,ubuntu}.html \
  "$h"/sect.{user-group-databases,virtual-private-network,virtualization,who-is-this-book-for}.html \
  "$h"/sect.{why-debian,why-gnu-linux,windows-emulation,windows-file-server-with-samba}.html
put fonts-lxgw-wenkai-doc "$doc"/fonts-lxgw-wenkai/{README,History}.md.gz
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
