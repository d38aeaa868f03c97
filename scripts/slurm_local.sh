#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, kept in a directory of its own, for trying
# `tsu dse --slurm` and `tsu regress --seeds ... --slurm` without a cluster, and for the CTest
# farm.slurm_equals_local. Needs root and Debian's slurm-wlm and munge (scripts/setup.sh).
#
#   scripts/slurm_local.sh start DIR    write DIR/slurm.conf (this host, its cores, partition
#                                       "tsu", ports of its own), start munged (if not running),
#                                       slurmctld and slurmd, wait until the node is idle
#   export SLURM_CONF=DIR/slurm.conf    then sbatch, sinfo, tsu ... --slurm use this cluster
#   scripts/slurm_local.sh stop DIR     stop what start started
#
# Nothing outside DIR is written except munged's socket (/run/munge). No cgroups
# (proctrack/linuxproc, task/none): it runs inside containers. Recipe: ../shared/reference/
# toolchain.md, "A single-node Slurm for tests".
set -euo pipefail
usage() { sed -n '2,14p' "$0"; exit 2; }
[[ $# -eq 2 ]] || usage
cmd="$1"
mkdir -p "$2"
dir="$(cd "$2" && pwd)"
conf="$dir/slurm.conf"
need() { command -v "$1" >/dev/null || { echo "slurm_local: $1 not found (scripts/setup.sh installs slurm-wlm and munge)" >&2; exit 2; }; }

start() {
  [[ "$(id -u)" -eq 0 ]] || { echo "slurm_local: starting slurmctld and slurmd needs root" >&2; exit 2; }
  need munged; need slurmctld; need slurmd; need sinfo
  local host cpus port
  host="$(hostname -s)"
  cpus="$(nproc)"
  port=$((20000 + RANDOM % 20000))  # two clusters on one machine must not share ports
  mkdir -p "$dir/state" "$dir/spool" "$dir/log"
  cat > "$conf" <<EOF
# Written by tsu scripts/slurm_local.sh: a one-node cluster for tsu's farm.
ClusterName=tsu
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus RealMemory=2000 State=UNKNOWN
PartitionName=tsu Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$conf"
  if ! pgrep -x munged >/dev/null; then
    mkdir -p /run/munge
    chown munge:munge /run/munge 2>/dev/null || true
    munged --force 2>/dev/null
    touch "$dir/munged.ours"
  fi
  for _ in $(seq 1 20); do munge -n >/dev/null 2>&1 && break; sleep 0.5; done
  munge -n >/dev/null 2>&1 || { echo "slurm_local: munged does not answer (munge -n)" >&2; exit 1; }
  slurmctld -c
  slurmd
  for _ in $(seq 1 30); do
    if sinfo -h -o '%T' 2>/dev/null | grep -q idle; then
      echo "slurm_local: node $host idle ($cpus CPUs), partition tsu; export SLURM_CONF=$conf"
      return 0
    fi
    sleep 1
  done
  echo "slurm_local: the node did not come up; see $dir/log/" >&2
  stop
  exit 1
}

stop() {
  local f
  for f in slurmd slurmctld; do
    if [[ -f "$dir/$f.pid" ]]; then
      kill "$(cat "$dir/$f.pid")" 2>/dev/null || true
      rm -f "$dir/$f.pid"
    fi
  done
  if [[ -f "$dir/munged.ours" ]]; then
    pkill -x munged || true
    rm -f "$dir/munged.ours"
  fi
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
