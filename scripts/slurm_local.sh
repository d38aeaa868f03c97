#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying `tsu dse --slurm` and `tsu regress --seeds
# ... --slurm` without a cluster (and for the CTest slurm.local_cluster). Needs root and Debian's
# slurm-wlm and munge (apt-get install slurm-wlm munge).
#
#   scripts/slurm_local.sh start    write /etc/slurm/slurm.conf (this host, all its cores, one
#                                   partition "tsu"), start munged, slurmctld and slurmd, wait
#                                   until the node is idle
#   scripts/slurm_local.sh stop     stop the three daemons
#   scripts/slurm_local.sh status   sinfo
#
# It will not overwrite a slurm.conf it did not write. No cgroups (proctrack/linuxproc,
# task/none): it works inside containers.
set -euo pipefail
conf=/etc/slurm/slurm.conf
mark="# Written by tsu scripts/slurm_local.sh"
need() { command -v "$1" >/dev/null || { echo "slurm_local: $1 not found (apt-get install slurm-wlm munge)" >&2; exit 2; }; }

start() {
  [[ "$(id -u)" -eq 0 ]] || { echo "slurm_local: start needs root" >&2; exit 2; }
  need munged; need slurmctld; need slurmd; need sinfo
  if [[ -f "$conf" ]] && ! grep -q "^$mark" "$conf"; then
    echo "slurm_local: $conf exists and is not ours; not touching it" >&2
    exit 2
  fi
  local host cpus mem
  host="$(hostname -s)"
  cpus="$(nproc)"
  mem="$(awk '/MemTotal/{print int($2 / 1024 * 0.9)}' /proc/meminfo)"
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
  chown slurm:slurm /var/spool/slurmctld /var/log/slurm
  cat > "$conf" <<EOF
$mark: a one-node cluster for tsu's farm.
ClusterName=tsu
SlurmctldHost=$host
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=tsu Nodes=$host Default=YES MaxTime=INFINITE State=UP DefMemPerCPU=$((mem / cpus))
EOF
  chown munge:munge /run/munge 2>/dev/null || true
  pgrep -x munged >/dev/null || su -s /bin/sh munge -c munged 2>/dev/null || munged --force
  pgrep -x slurmctld >/dev/null || slurmctld
  pgrep -x slurmd >/dev/null || slurmd
  for _ in $(seq 1 30); do
    if sinfo -h -o '%T' 2>/dev/null | grep -q idle; then
      echo "slurm_local: node $host idle ($cpus CPUs, $mem MB); partition tsu"
      return 0
    fi
    sleep 1
  done
  echo "slurm_local: the node did not come up; see /var/log/slurm/*.log" >&2
  exit 1
}

stop() {
  pkill -x slurmd || true
  pkill -x slurmctld || true
  pkill -x munged || true
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) need sinfo; sinfo ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
