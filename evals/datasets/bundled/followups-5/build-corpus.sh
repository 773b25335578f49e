#!/usr/bin/env bash
# Builds corpus/ for followups-5, a DEV set of follow-up (chat) questions (tuning on it is allowed): the corpora of
# debian-manuals-23 (aide aide-common indent nsd offlineimap3 proftpd-doc w3m), debian-manuals-24 (getmail6 mpop
# parallel pure-ftpd-common tinc) and debian-manuals-25 (awstats bogofilter-common ffmpeg kea kea-doc rdiff-backup
# spamassassin) copied into one team folder, one folder per package (their package folders do not collide). Each
# set's own build-corpus.sh is run first if its corpus/ is missing, so this needs those sets' packages installed with
# their docs (see the headers of ../debian-manuals-{23,24,25}/build-corpus.sh for the apt-get lines). Nothing is
# downloaded.
# Then: npm run eval -- evals/datasets/bundled/followups-5
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../union-corpora.sh
. "$here/../union-corpora.sh"
union debian-manuals-23 debian-manuals-24 debian-manuals-25
