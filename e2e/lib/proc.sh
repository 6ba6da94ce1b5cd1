# Processes the cluster starts: each one runs in the `brokerwise` cgroup
# (pids hierarchy to find every descendant, cgroup v2 for the egress guard),
# logs to $RUN/logs and records its PID in $RUN/pids.

CGROUP_DIRS=(/sys/fs/cgroup/pids/$CGROUP /sys/fs/cgroup/unified/$CGROUP)

cgroups_up() { local d; for d in "${CGROUP_DIRS[@]}"; do mkdir -p "$d"; done; }

# alive NAME: the recorded PID still runs and is one of ours (not a reused PID).
alive() {
  local f=$RUN/pids/$1.pid pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  kill -0 "$pid" 2>/dev/null && grep -q ":/$CGROUP\$" "/proc/$pid/cgroup" 2>/dev/null
}

# start_proc NAME COMMAND...: starts COMMAND in its own session unless running.
start_proc() {
  local name=$1; shift
  alive "$name" && return 0
  mkdir -p "$RUN/logs" "$RUN/pids"
  (
    for d in "${CGROUP_DIRS[@]}"; do echo "$BASHPID" > "$d/cgroup.procs"; done
    exec setsid "$@" </dev/null
  ) >>"$RUN/logs/$name.log" 2>&1 &
  echo $! > "$RUN/pids/$name.pid"
}

# running PID: exists and is not a zombie waiting for PID 1 to reap it.
running() { [ -r "/proc/$1/stat" ] && [ "$(cut -d' ' -f3 "/proc/$1/stat")" != Z ]; }

# stop_procs NAME...: TERM to all at once, KILL whatever still runs after
# 10 s; by the recorded PIDs only.
stop_procs() {
  local name pids=() pid i
  for name in "$@"; do
    alive "$name" && pids+=("$(cat "$RUN/pids/$name.pid")")
    rm -f "$RUN/pids/$name.pid"
  done
  [ ${#pids[@]} -eq 0 ] && return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  for i in $(seq 100); do
    for pid in "${pids[@]}"; do running "$pid" && break; done
    running "$pid" || return 0
    sleep 0.1
  done
  kill -KILL "${pids[@]}" 2>/dev/null || true
}

# wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND until it succeeds.
wait_for() {
  local secs=$1 what=$2 i; shift 2
  for i in $(seq $((secs * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  die "timed out after ${secs}s waiting for $what (logs: $RUN/logs)"
}
