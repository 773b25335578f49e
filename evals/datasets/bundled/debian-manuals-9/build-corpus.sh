#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# XZ Utils' README, FAQ, history and release notes (gzipped text) with its README.Debian and AUTHORS; liblzma's .xz
# and .lzma file-format specs (gzipped text), TODO, README.Debian and example C programs with their Makefile and
# 00_README.txt; OpenSSH's client-side READMEs (DNS host keys, tun VPNs, code overview, Debian's README and NEWS);
# systemd's README, Debian README and NEWS, release notes (NEWS.gz, about 0.8 MB), README.logs and its Markdown
# notes (environment variables, UID/GID ranges, transient settings, porting, translators, hacking, coding style;
# most gzipped); base-passwd's "Users and Groups in the Debian System" (Modular DocBook HTML) and README; the GNU
# Parted manual as an info file with libparted's README, BUGS, NEWS, API and FAT notes, TODO and the Japanese user
# guide (USER.jp.gz, EUC-JP); and procps' FAQ, Debian README and NEWS, bugs.md and the example sysctl.conf.
# Changelogs, copyright files and other forms of the same texts (users-and-groups.txt.gz, liblzma-dev's NEWS.gz
# link, THANKS lists) are left out. Needs the packages xz-utils, liblzma-dev, openssh-client, systemd, base-passwd,
# parted-doc, libparted2 and procps with their docs (parted-doc is not installed by default: apt-get install
# parted-doc).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-9
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
put xz-utils "$doc"/xz-utils/{README.gz,faq.txt.gz,history.txt.gz,NEWS.gz,README.Debian,AUTHORS}
put liblzma-dev "$doc"/liblzma-dev/{xz-file-format.txt.gz,lzma-file-format.txt.gz,TODO,README.Debian}
put liblzma-dev/examples "$doc"/liblzma-dev/examples/{00_README.txt,01_compress_easy.c,02_decompress.c} \
  "$doc"/liblzma-dev/examples/{03_compress_custom.c,04_compress_easy_mt.c,Makefile}
put openssh-client "$doc"/openssh-client/{README,README.dns,README.tun.gz,OVERVIEW.gz,README.Debian.gz,NEWS.Debian.gz}
put systemd "$doc"/systemd/{README.gz,README.Debian.gz,NEWS.Debian.gz,NEWS.gz,README.logs,ENVIRONMENT.md.gz} \
  "$doc"/systemd/{UIDS-GIDS.md.gz,TRANSIENT-SETTINGS.md.gz,DISTRO_PORTING.md,TRANSLATORS.md,HACKING.md.gz} \
  "$doc/systemd/CODING_STYLE.md.gz"
put base-passwd "$doc"/base-passwd/{users-and-groups.html,README}
put parted "$info/parted.info.gz" "$doc"/libparted2/{README,BUGS,NEWS.gz,API.gz,FAT.gz,TODO.gz,USER.jp.gz}
put procps "$doc"/procps/{FAQ.gz,README.Debian,NEWS.Debian.gz,bugs.md}
put procps/examples "$doc/procps/examples/sysctl.conf"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
