# The node bridge, kernel settings and the guard that keeps every packet on
# this machine.

# Settings kubelet, kube-proxy or the CNI bridge plugin change; `down` puts
# back the values saved by the first `up`.
SYSCTLS=(vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops
         kernel.keys.root_maxkeys kernel.keys.root_maxbytes net.ipv4.ip_forward
         net.ipv4.conf.all.route_localnet net.bridge.bridge-nf-call-iptables)

sysctls_save() {
  [ -f "$RUN/sysctl.saved" ] && return 0   # a second `up` must not save changed values
  local k; for k in "${SYSCTLS[@]}"; do
    [ -e "/proc/sys/${k//./\/}" ] && echo "$k=$(sysctl -n "$k")"
  done > "$RUN/sysctl.saved"
}

sysctls_restore() {
  [ -f "$RUN/sysctl.saved" ] || return 0
  local kv; while read -r kv; do sysctl -q -w "$kv" || log "could not restore $kv"; done < "$RUN/sysctl.saved"
}

# The node IP lives on an empty bridge: it cannot be loopback, the kernel has
# no dummy links, and pods must reach the API server bound there.
bridge_up() {
  ip link show "$NODE_BRIDGE" >/dev/null 2>&1 || ip link add "$NODE_BRIDGE" type bridge
  ip addr replace "$NODE_IP/24" dev "$NODE_BRIDGE"
  ip link set "$NODE_BRIDGE" up
  service_rule_up
  sim_pods_route_up
}

# A pod's packet to a Service address that kube-proxy did not translate (a Service without endpoints, such as
# `kubernetes` while the API server restarts and has withdrawn its own) would follow the machine's default
# route out; the guard would drop it. Refuse it at routing instead, with an ICMP error the pod sees at once.
# Only packets from pods: the host's own route lookup for a Service address is left as it was.
service_rule_up() {
  ip rule show | grep -q "from $POD_CIDR to $SERVICE_CIDR unreachable" ||
    ip rule add from "$POD_CIDR" to "$SERVICE_CIDR" unreachable priority 100
}

service_rule_down() {
  while ip rule del from "$POD_CIDR" to "$SERVICE_CIDR" unreachable priority 100 2>/dev/null; do :; done
}

# The kwok nodes' pods have addresses that exist nowhere, yet the operator reads a retiring broker's metrics at its
# pod's address: without a route of their own those packets too would head for the default route and the guard.
# An unreachable route answers them at once.
sim_pods_route_up() {
  ip route replace unreachable "$SIM_POD_CIDR"
}

sim_pods_route_down() {
  ip route del unreachable "$SIM_POD_CIDR" 2>/dev/null || true
}

# Guard chains live in the mangle table: kube-proxy prepends its own ACCEPT
# rules to filter/FORWARD, and mangle runs before filter whatever it does.
#  - BROKERWISE-GUARD drops forwarded traffic that enters or leaves a project
#    bridge (bw*) from or to any other interface: pods cannot reach outside.
#  - BROKERWISE-EGRESS drops packets from processes the cluster started (the
#    brokerwise cgroup) that would leave through any interface other than
#    loopback or a project bridge: no image pull, no DNS lookup escapes.
# Each chain logs what it drops to the kernel log (a few a minute at most), so that a drop can be traced.
guard_up() {
  iptables -t mangle -N BROKERWISE-GUARD 2>/dev/null || return 0
  iptables -t mangle -A BROKERWISE-GUARD -i bw+ -o bw+ -j RETURN
  guard_drop iptables BROKERWISE-GUARD
  iptables -t mangle -I FORWARD 1 -o bw+ -j BROKERWISE-GUARD
  iptables -t mangle -I FORWARD 1 -i bw+ -j BROKERWISE-GUARD
  iptables -t mangle -N BROKERWISE-EGRESS
  iptables -t mangle -A BROKERWISE-EGRESS -o lo -j RETURN
  iptables -t mangle -A BROKERWISE-EGRESS -o bw+ -j RETURN
  guard_drop iptables BROKERWISE-EGRESS
  iptables -t mangle -I POSTROUTING 1 -m cgroup --path "$CGROUP" -j BROKERWISE-EGRESS
  # The cluster uses no IPv6; pods still send link-local neighbour discovery
  # across their bridge, which stays there.
  ip6tables -t mangle -N BROKERWISE-GUARD
  ip6tables -t mangle -A BROKERWISE-GUARD -i bw+ -o bw+ -j RETURN
  guard_drop ip6tables BROKERWISE-GUARD
  ip6tables -t mangle -I FORWARD 1 -i bw+ -j BROKERWISE-GUARD
  ip6tables -t mangle -I FORWARD 1 -o bw+ -j BROKERWISE-GUARD
  ip6tables -t mangle -I POSTROUTING 1 -m cgroup --path "$CGROUP" ! -o lo -j BROKERWISE-GUARD
}

GUARD_LOG_PREFIX="brokerwise-guard "

# guard_drop TOOL CHAIN: the chain's last rules, logging then dropping what reached them.
guard_drop() {
  $1 -t mangle -A "$2" -m limit --limit 20/min --limit-burst 20 -j LOG --log-prefix "$GUARD_LOG_PREFIX${2#BROKERWISE-} "
  $1 -t mangle -A "$2" -j DROP
}

# guard_drops: packets the guard dropped since `up` (IPv4 and IPv6).
guard_drops() {
  { iptables -t mangle -nvxL BROKERWISE-GUARD; iptables -t mangle -nvxL BROKERWISE-EGRESS
    ip6tables -t mangle -nvxL BROKERWISE-GUARD; } 2>/dev/null |
    awk '$3 == "DROP" { n += $1 } END { print n + 0 }'
}

# Removes every rule or chain named after the cluster (ours, kube-proxy's,
# kubelet's, CNI's) by rewriting each table without them.
rules_down() {
  service_rule_down
  sim_pods_route_down
  local t
  for t in iptables ip6tables; do
    command -v $t-save >/dev/null || continue
    $t-save | grep -vE '(BROKERWISE-|KUBE-|CNI-)' | $t-restore
  done
}

# guard_report: whether the guard is in place, and what it dropped (read by
# the tests' network check).
guard_report() {
  local ok=yes
  iptables -t mangle -C FORWARD -i bw+ -j BROKERWISE-GUARD 2>/dev/null || ok=no
  iptables -t mangle -C FORWARD -o bw+ -j BROKERWISE-GUARD 2>/dev/null || ok=no
  iptables -t mangle -C POSTROUTING -m cgroup --path "$CGROUP" -j BROKERWISE-EGRESS 2>/dev/null || ok=no
  echo "guard-installed: $ok"
  echo "guard-drops: $(guard_drops)"
  # what the kernel logged of them (interfaces, addresses, ports), the last 20
  { dmesg 2>/dev/null || true; } | { grep -F "$GUARD_LOG_PREFIX" || true; } | tail -20 | sed 's/^/guard-dropped: /'
}

# guard_selftest: proves the guard is not vacuous. A network namespace stands
# in for "outside" (10.86.0.2 behind a veth not named bw*, so not a project
# link); a plain host process must reach it, while one datagram from a process
# in the cluster's cgroup and one from a pod-like namespace on the pod bridge
# (address 10.88.0.250, outside the pods' IPAM range) must both be dropped.
# Those drops stay in the counter `status` shows.
guard_selftest() {
  local before after
  selftest_cleanup
  selftest_outside && selftest_pod || { selftest_cleanup; die "selftest: could not set up its namespaces"; }
  selftest_reachable || { selftest_cleanup; die "selftest: 10.86.0.2 is unreachable even for a plain process"; }
  echo "selftest: a plain host process reaches 10.86.0.2 (connection refused there)"
  before=$(guard_drops)
  bash -c "echo \$BASHPID > /sys/fs/cgroup/unified/$CGROUP/cgroup.procs; echo x > /dev/udp/10.86.0.2/9" 2>/dev/null || true
  ip netns exec brokerwise-selftest-pod bash -c 'echo x > /dev/udp/10.86.0.2/9' 2>/dev/null || true
  sleep 0.2; after=$(guard_drops)
  selftest_cleanup
  echo "selftest: one datagram from a cluster process, one from the pod bridge: guard dropped $((after - before))"
  [ $((after - before)) -ge 2 ] || die "selftest: the guard let traffic through"
}

selftest_outside() {
  ip netns add brokerwise-selftest-out &&
  ip link add gst0 type veth peer name gst1 netns brokerwise-selftest-out &&
  ip addr add 10.86.0.1/30 dev gst0 && ip link set gst0 up &&
  ip -n brokerwise-selftest-out addr add 10.86.0.2/30 dev gst1 &&
  ip -n brokerwise-selftest-out link set gst1 up
}

# Wired like a pod: a veth on the CNI bridge (created by the first pod, or
# here), the bridge as gateway, and forwarding on as pods have it.
selftest_pod() {
  local ns=brokerwise-selftest-pod
  ip link show "$CNI_BRIDGE" >/dev/null 2>&1 || ip link add "$CNI_BRIDGE" type bridge
  ip addr replace "${NODE_POD_CIDR%.0/24}.1/24" dev "$CNI_BRIDGE" && ip link set "$CNI_BRIDGE" up &&
  sysctl -q -w net.ipv4.ip_forward=1 &&
  ip netns add $ns && ip link add bwst0 type veth peer name eth0 netns $ns &&
  ip link set bwst0 master "$CNI_BRIDGE" up &&
  ip -n $ns addr add "${NODE_POD_CIDR%.0/24}.250/24" dev eth0 && ip -n $ns link set eth0 up &&
  ip -n $ns route add default via "${NODE_POD_CIDR%.0/24}.1"
}

# A fresh veth needs a moment before it carries traffic.
selftest_reachable() {
  local out
  for _ in 1 2 3 4 5; do
    out=$(timeout 1 bash -c 'echo > /dev/tcp/10.86.0.2/9' 2>&1 || true)
    [[ $out == *refused* ]] && return 0
  done
  return 1
}

selftest_cleanup() {
  ip netns delete brokerwise-selftest-out 2>/dev/null || true
  ip netns delete brokerwise-selftest-pod 2>/dev/null || true
  ip link delete gst0 2>/dev/null || true
  ip link delete bwst0 2>/dev/null || true
}
