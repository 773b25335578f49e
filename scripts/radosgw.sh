#!/usr/bin/env bash
# A throwaway single-node Ceph (one monitor, one in-memory OSD) with a RADOS Gateway on loopback: a real
# S3-compatible server that honours conditional writes, for the multi-node tests (npm run test:scale).
#
#   scripts/radosgw.sh install        Debian packages (ceph-mon ceph-osd radosgw ceph-common), once per machine
#   scripts/radosgw.sh start DIR      start it with its state under DIR; prints the S3 settings as KEY=VALUE lines
#   scripts/radosgw.sh stop DIR       stop it (and remove DIR)
#
# Everything listens on 127.0.0.1 only; the data lives in memory (memstore), so a stop loses it.
set -euo pipefail

cmd=${1:-}
dir=${2:-}
ACCESS_KEY=grounded-test
SECRET_KEY=grounded-test-secret

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

install() {
  if command -v radosgw >/dev/null && command -v ceph-osd >/dev/null && command -v ceph-mon >/dev/null; then return; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ceph-mon ceph-osd radosgw ceph-common >/dev/null
}

stop() {
  [ -n "$dir" ] || { echo "usage: $0 stop DIR" >&2; exit 2; }
  # Pid files are named by daemon type (ceph.conf: pid file = DIR/$type.pid): the gateway's is client.pid. The
  # gateway goes first; once its monitor is gone it no longer exits on SIGTERM, hence the SIGKILL after 5 s.
  for name in client osd mon; do
    if [ -f "$dir/$name.pid" ]; then
      pid=$(cat "$dir/$name.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$dir"
}

start() {
  [ -n "$dir" ] || { echo "usage: $0 start DIR" >&2; exit 2; }
  install
  mkdir -p "$dir"/{mon,osd,run,log}
  dir=$(cd "$dir" && pwd)
  local fsid mon_port rgw_port conf
  fsid=$(python3 -c 'import uuid; print(uuid.uuid4())')
  mon_port=$(free_port)
  rgw_port=$(free_port)
  conf="$dir/ceph.conf"
  cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$mon_port
public network = 127.0.0.0/8
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $dir/keyring
run dir = $dir/run
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
pid file = $dir/\$type.pid
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
mon pg warn min per osd = 0
[mon]
mon data = $dir/mon
mon cluster log file = $dir/log/cluster.log
[osd]
osd data = $dir/osd
keyring = $dir/osd/keyring
osd objectstore = memstore
memstore device bytes = 2147483648
osd max object name len = 460
osd max object namespace len = 64
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw dns name = 127.0.0.1
rgw thread pool size = 64
EOF
  local c=(--conf "$conf")
  ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$dir/keyring" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' >/dev/null
  monmaptool --create --fsid "$fsid" --addv a "[v1:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null
  ceph-mon "${c[@]}" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring"
  ceph-mon "${c[@]}" -i a
  local id
  id=$(ceph "${c[@]}" osd create)
  ceph-osd "${c[@]}" -i "$id" --mkfs --mkkey --no-mon-config \
    --osd-uuid "$(python3 -c 'import uuid; print(uuid.uuid4())')" >"$dir/log/osd-mkfs.log" 2>&1
  ceph "${c[@]}" auth add "osd.$id" osd 'allow *' mon 'allow profile osd' -i "$dir/osd/keyring" >/dev/null 2>&1
  ceph "${c[@]}" osd crush add "osd.$id" 1.0 host=localhost root=default >/dev/null 2>&1 ||
    { ceph "${c[@]}" osd crush add-bucket localhost host >/dev/null && ceph "${c[@]}" osd crush move localhost root=default >/dev/null &&
      ceph "${c[@]}" osd crush add "osd.$id" 1.0 host=localhost >/dev/null; }
  ceph-osd "${c[@]}" -i "$id" 2>>"$dir/log/osd-start.log"
  ceph "${c[@]}" auth get-or-create client.rgw mon 'allow rw' osd 'allow rwx' -o "$dir/rgw.keyring" >/dev/null
  for _ in $(seq 1 60); do
    ceph "${c[@]}" osd stat 2>/dev/null | grep -q '1 up' && break
    sleep 0.5
  done
  radosgw "${c[@]}" -n client.rgw --keyring "$dir/rgw.keyring"
  radosgw-admin "${c[@]}" user create --uid grounded --display-name grounded \
    --access-key "$ACCESS_KEY" --secret "$SECRET_KEY" >/dev/null
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" && break
    sleep 0.5
  done
  curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" || { echo "radosgw did not answer on port $rgw_port; see $dir/log" >&2; exit 1; }
  echo "AWS_ENDPOINT=http://127.0.0.1:$rgw_port"
  echo "AWS_ACCESS_KEY_ID=$ACCESS_KEY"
  echo "AWS_SECRET_ACCESS_KEY=$SECRET_KEY"
  echo "AWS_REGION=us-east-1"
}

case "$cmd" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 install | start DIR | stop DIR" >&2; exit 2 ;;
esac
