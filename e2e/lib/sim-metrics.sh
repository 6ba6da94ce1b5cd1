# Brokers for the kwok nodes' pods, for the operator's benchmark. Those pods never run, yet the operator reads
# each broker's metrics at its pod's address. `sim-metrics up BODY` routes the kwok pods' range into a network
# namespace of its own that owns every address of the range (a local route over it), where a small HTTP server
# serves the file BODY at /metrics on the metrics port. `sim-metrics silent|refusing` makes a quarter of the
# addresses (those whose last two bits are 0) drop packets or refuse connections; `answering` undoes that.
# `sim-metrics down`, and `down`, put the unreachable route back.

SIM_METRICS_NS=brokerwise-sim-metrics
SIM_METRICS_LINK=bwsim0   # a project link (bw*): the guard lets it exchange packets with the pod bridge
SIM_METRICS_HOST=10.87.1.1
SIM_METRICS_PEER=10.87.1.2
SIM_METRICS_PORT=9404
# the IPv4 header's destination address is at byte 16: its last two bits 0 pick a quarter of the addresses
SIM_METRICS_QUARTER="16&0x3=0"

sim_metrics_up() {
  local body=${1:?sim-metrics up needs the metrics text to serve (a file)}
  [ -r "$body" ] || die "sim-metrics up: cannot read $body"
  alive kwok || die "sim-metrics up: no kwok nodes (e2e/cluster up --sim-nodes N)"
  sim_metrics_down
  # `ip netns exec` mounts /etc/netns/NAME/* over /etc: no name server but the namespace's own loopback, so no
  # lookup made there can leave for the machine's
  mkdir -p /etc/netns/$SIM_METRICS_NS && echo "nameserver 127.0.0.1" > /etc/netns/$SIM_METRICS_NS/resolv.conf
  ip netns add $SIM_METRICS_NS
  ip link add $SIM_METRICS_LINK type veth peer name eth0 netns $SIM_METRICS_NS
  ip addr add $SIM_METRICS_HOST/30 dev $SIM_METRICS_LINK && ip link set $SIM_METRICS_LINK up
  sim_ns ip addr add $SIM_METRICS_PEER/30 dev eth0
  sim_ns ip link set eth0 up && sim_ns ip link set lo up
  sim_ns ip route add local "$SIM_POD_CIDR" dev lo
  sim_ns ip route add default via $SIM_METRICS_HOST
  ip route replace "$SIM_POD_CIDR" via $SIM_METRICS_PEER dev $SIM_METRICS_LINK
  start_proc sim-metrics ip netns exec $SIM_METRICS_NS \
    java "$E2E_DIR/lib/metrics-stub/MetricsStub.java" $SIM_METRICS_PORT "$(realpath "$body")"
  wait_for 60 "the metrics stub" sim_ns bash -c "echo > /dev/tcp/${SIM_POD_CIDR%.0/*}.1/$SIM_METRICS_PORT"
  log "sim-metrics: every address of $SIM_POD_CIDR answers on port $SIM_METRICS_PORT"
}

# sim_metrics_mode answering|silent|refusing
sim_metrics_mode() {
  ip netns pids $SIM_METRICS_NS >/dev/null 2>&1 || die "sim-metrics is not up (e2e/cluster sim-metrics up BODY)"
  sim_ns iptables -F INPUT
  case $1 in
    answering) ;;
    silent) sim_quarter -j DROP ;;
    refusing) sim_quarter -j REJECT --reject-with tcp-reset ;;
    *) die "sim-metrics: answering, silent or refusing, not '$1'" ;;
  esac
  log "sim-metrics: $1"
}

sim_quarter() { sim_ns iptables -A INPUT -p tcp --dport $SIM_METRICS_PORT -m u32 --u32 "$SIM_METRICS_QUARTER" "$@"; }

# The unreachable route first: a packet to a kwok pod's address between the link's removal and the route's return
# would follow the default route, and the guard would count it.
sim_metrics_down() {
  sim_pods_route_up
  stop_procs sim-metrics
  ip netns delete $SIM_METRICS_NS 2>/dev/null || true
  ip link delete $SIM_METRICS_LINK 2>/dev/null || true
  rm -rf /etc/netns/$SIM_METRICS_NS
}

sim_ns() { ip netns exec $SIM_METRICS_NS "$@"; }
