# Teardown: every process by PID, then containers, mounts, network
# namespaces, cgroups, bridges, rules and kernel settings. Safe to run after a
# failed or partial `up`, and twice.

# PIDs left in a cgroup directory tree (shims, pod processes).
cgroup_pids() { find "$@" -name cgroup.procs -exec cat {} + 2>/dev/null | sort -u; }

kill_cgroup_tree() {
  local pid
  for pid in $(cgroup_pids "$@"); do kill -KILL "$pid" 2>/dev/null || true; done
}

containers_down() {
  [ -S "$CONTAINERD_SOCK" ] && alive containerd || return 0
  local id
  for id in $(ctr_k8s tasks ls -q 2>/dev/null); do ctr_k8s tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true; done
  sleep 0.5
  for id in $(ctr_k8s tasks ls -q 2>/dev/null); do ctr_k8s tasks delete -f "$id" >/dev/null 2>&1 || true; done
  # Removing containers releases their overlay snapshots' mounts.
  for id in $(ctr_k8s containers ls -q 2>/dev/null); do ctr_k8s containers delete "$id" >/dev/null 2>&1 || true; done
}

mounts_down() {
  local m
  for m in $(findmnt -rn -o TARGET | grep -E "^($RUN|/run/brokerwise|$CACHE/containerd)(/|$)" | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m" || log "could not unmount $m"
  done
  netns_down
}

# Pod network namespaces are nsfs mounts under /run/netns that containerd made;
# `ip netns add` (the guard self-test) may have bind-mounted /run/netns over
# them, hiding them from `ip netns delete`. Unmount in rounds until no mount
# is left there, then remove the files: only this project uses /run/netns here.
netns_down() {
  local round m
  for round in 1 2 3 4 5; do
    m=$(findmnt -rn -o TARGET | grep -E '^/run/netns(/|$)' | sort -r) || break
    for m in $m; do umount -l "$m" 2>/dev/null || true; done
  done
  rm -f /run/netns/cni-* /run/netns/brokerwise-*
  rmdir /run/netns 2>/dev/null || true
}

cgroups_down() {
  local h d
  for h in /sys/fs/cgroup/*/; do
    for d in "$h"kubepods "$h$CGROUP"; do
      [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null
    done
  done
  return 0
}

links_down() {
  local l; for l in "$CNI_BRIDGE" "$NODE_BRIDGE" "$SIM_METRICS_LINK"; do ip link delete "$l" 2>/dev/null || true; done
  # veth ends whose pod namespace went away go with it; any left are ours.
  for l in $(ip -o link show type veth 2>/dev/null | awk -F': ' '{print $2}' | cut -d@ -f1); do
    ip -d link show "$l" | grep -q "master $CNI_BRIDGE" && ip link delete "$l"
  done
  return 0
}

# Paths kubelet and containerd use whatever they are told (device plugin
# socket, shim sockets, container log links). `up` notes which existed before
# it; `down` removes the others and our links in /var/log/containers.
HOST_DIRS=(/var/lib/kubelet /run/containerd /var/log/pods /var/log/containers)

host_dirs_note() {
  [ -f "$RUN/preexisting" ] && return 0
  local d; for d in "${HOST_DIRS[@]}"; do if [ -e "$d" ]; then echo "$d"; fi; done > "$RUN/preexisting"
}

host_dirs_down() {
  local d l
  for l in /var/log/containers/*.log; do
    [ -L "$l" ] && [[ $(readlink "$l") == "$RUN/"* ]] && rm -f "$l"
  done
  [ -f "$RUN/preexisting" ] || return 0
  for d in "${HOST_DIRS[@]}"; do
    grep -qxF "$d" "$RUN/preexisting" || rm -rf --one-file-system "$d"
  done
}

cluster_down() {
  stop_procs sim-metrics kwok local-path kube-proxy coredns kubelet
  containers_down
  stop_procs containerd registry
  stop_procs kube-scheduler kube-controller-manager kube-apiserver
  stop_procs etcd
  # Anything still in the cluster's cgroups (containerd shims, pod
  # processes) is ours: killed by PID.
  kill_cgroup_tree /sys/fs/cgroup/pids/$CGROUP /sys/fs/cgroup/pids/kubepods
  sleep 0.3
  mounts_down
  cgroups_down
  links_down
  rules_down
  sysctls_restore
  host_dirs_down
  [ -d "$RUN" ] && rm -rf --one-file-system "$RUN"
  rm -rf /run/brokerwise "$STATE" /etc/netns/$SIM_METRICS_NS
}
