#!/usr/bin/env bash
# Builds corpus/ for followups-3, a development set of follow-up (chat) questions: the corpora of debian-manuals-16
# (apache2 apache2-doc aspell-doc lynx-common quilt socat squid-common unattended-upgrades), debian-manuals-19
# (borgbackup-doc fetchmail irssi memcached msmtp unbound vsftpd) and debian-manuals-22 (ghostscript ghostscript-doc
# icecast2 ledger mc mc-data mpd rkhunter taskwarrior xinetd) copied into one team folder, one folder per package
# (their package folders do not collide). Each set's own build-corpus.sh is run first if its corpus/ is missing, so
# this needs those sets' packages installed with their docs (see the headers of
# ../debian-manuals-{16,19,22}/build-corpus.sh for the apt-get lines). Nothing is downloaded.
# Then: npm run eval -- evals/datasets/bundled/followups-3
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../union-corpora.sh
. "$here/../union-corpora.sh"
union debian-manuals-16 debian-manuals-19 debian-manuals-22
