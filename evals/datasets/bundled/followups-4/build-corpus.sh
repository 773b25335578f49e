#!/usr/bin/env bash
# Builds corpus/ for followups-4, a held-out set of follow-up (chat) questions: the corpora of debian-manuals-43 (frr
# git glpk iperf3 libvirt sharutils slapd), debian-manuals-44 (fancontrol hdparm isc-dhcp-server lm-sensors
# needrestart neomutt net-snmp tlp) and debian-manuals-53 (fdm firejail hitch imapfilter schroot wdiff zutils) copied
# into one team folder, one folder per package (their package folders do not collide). Each set's own
# build-corpus.sh is run first if its corpus/ is missing, so this needs those sets' packages installed with their
# docs (see the headers of ../debian-manuals-{43,44,53}/build-corpus.sh for the apt-get lines). Nothing is downloaded.
# Then: npm run eval -- evals/datasets/bundled/followups-4
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../union-corpora.sh
. "$here/../union-corpora.sh"
union debian-manuals-43 debian-manuals-44 debian-manuals-53
