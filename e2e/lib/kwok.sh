# kwok-simulated dedicated nodes: labelled and tainted like the real broker
# node, for placement tests at a scale one machine cannot run. Their pods
# never run; kwok only moves them through their status.

start_kwok() {
  # Fake pod IPs come from a range no interface here uses (sim_pods_route_up keeps packets to them here).
  start_proc kwok "$KWOK_BIN/kwok" --kubeconfig "$RUN/kwok.kubeconfig" \
    --config "$KWOK_BIN/stages.yaml" --manage-nodes-with-label-selector type=kwok \
    --cidr "$SIM_POD_CIDR" --node-ip 10.90.255.254 --server-address 127.0.0.1:10247
}

sim_node() {
  cat <<YAML
apiVersion: v1
kind: Node
metadata:
  name: $1
  annotations: {kwok.x-k8s.io/node: fake}
  labels: {type: kwok, kubernetes.io/hostname: $1, $BROKER_LABEL: "true"}
spec:
  taints: [{key: $BROKER_LABEL, value: "true", effect: NoSchedule}]
status:
  capacity: {cpu: "2", memory: 8Gi, pods: "110"}
  allocatable: {cpu: "2", memory: 8Gi, pods: "110"}
---
YAML
}

# sim_nodes_up N: exactly N simulated nodes, brokerwise-sim-0 .. N-1.
sim_nodes_up() {
  local n=$1 i name
  start_kwok
  for i in $(seq 0 $((n - 1))); do sim_node "brokerwise-sim-$i"; done | { [ "$n" -gt 0 ] && kctl apply -f - >/dev/null || true; }
  for name in $(kctl get nodes -l type=kwok -o name); do
    i=${name##*-}; [ "$i" -ge "$n" ] && kctl delete "$name" >/dev/null
  done
  [ "$n" -gt 0 ] && wait_for 60 "$n simulated nodes Ready" sim_nodes_ready "$n"
  return 0
}

sim_nodes_ready() {
  [ "$(kctl get nodes -l type=kwok -o jsonpath='{range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}' | grep -c True)" -ge "$1" ]
}
