#!/usr/bin/env bash
# Builds corpus/ for followups-2, a held-out set of follow-up (chat) questions: the corpora of debian-manuals-15 (apt
# bind9 exim4 haproxy maint-guide mercurial openvpn), debian-manuals-18 (gperf keepalived libtool-doc ntpsec-doc
# restic rsnapshot sysstat) and debian-manuals-21 (lftp mosquitto newsboat nftables radicale stunnel4 tinyproxy)
# copied into one team folder, one folder per package (their package folders do not collide). Each set's own
# build-corpus.sh is run first if its corpus/ is missing, so this needs those sets' packages installed with their
# docs (see the headers of ../debian-manuals-{15,18,21}/build-corpus.sh for the apt-get lines). Nothing is downloaded.
# Then: npm run eval -- evals/datasets/bundled/followups-2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../union-corpora.sh
. "$here/../union-corpora.sh"
union debian-manuals-15 debian-manuals-18 debian-manuals-21
