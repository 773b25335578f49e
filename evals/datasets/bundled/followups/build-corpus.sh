#!/usr/bin/env bash
# Builds corpus/ for the follow-up (chat) question set: the corpora of debian-manuals-14 (direnv dovecot gnuplot
# graphviz subversion vim), debian-manuals-17 (autoconf autoconf-doc cryptsetup cryptsetup-bin mdadm privoxy tmux tor
# ufw) and debian-manuals-20 (ccache hostapd nut-doc opendkim procmail reprepro supervisor supervisor-doc) copied into
# one team folder, one folder per package (their package folders do not collide). Each set's own build-corpus.sh is
# run first if its corpus/ is missing, so this needs those sets' packages installed with their docs (see the headers
# of ../debian-manuals-{14,17,20}/build-corpus.sh for the apt-get lines). Nothing is downloaded.
# Then: npm run eval -- evals/datasets/bundled/followups
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../union-corpora.sh
. "$here/../union-corpora.sh"
union debian-manuals-14 debian-manuals-17 debian-manuals-20
