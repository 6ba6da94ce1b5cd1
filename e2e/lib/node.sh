# The one real node: containerd, kubelet, kube-proxy and CoreDNS.

write_containerd_config() {
  mkdir -p "$RUN/containerd" "$RUN/cni/net.d" "$CACHE/containerd"
  # The image store lives in the cache so imported images survive `down`.
  # restrict_oom_score_adj: the VM withholds CAP_SYS_RESOURCE and runc fails
  # to raise oom_score_adj otherwise. Images are imported; the one registry the node may pull from is
  # the loopback registry (lib/registry.sh), configured in the hosts directory.
  cat > "$RUN/containerd/config.toml" <<TOML
version = 2
root = "$CACHE/containerd/root"
state = "/run/brokerwise/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs",
  "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "$CONTAINERD_SOCK"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        Root = "/run/brokerwise/runc"
  [plugins."io.containerd.grpc.v1.cri".registry]
    config_path = "$RUN/containerd/certs.d"
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$RUN/cni/net.d"
TOML
  # A bridge without masquerading: pods talk to each other and to the node.
  # Addresses above .239 are left to the guard's self-test (lib/network.sh).
  cat > "$RUN/cni/net.d/10-brokerwise.conflist" <<JSON
{"cniVersion": "0.4.0", "name": "brokerwise", "plugins": [
  {"type": "bridge", "bridge": "$CNI_BRIDGE", "isGateway": true, "ipMasq": false,
   "hairpinMode": true,
   "ipam": {"type": "host-local", "dataDir": "$RUN/cni/ipam",
            "ranges": [[{"subnet": "$NODE_POD_CIDR", "rangeEnd": "${NODE_POD_CIDR%.0/24}.239"}]], "routes": [{"dst": "0.0.0.0/0"}]}}]}
JSON
}

write_kubelet_config() {
  # Pods get no upstream resolver: only the cluster DNS, which serves cluster.local.
  printf '# brokerwise: no upstream DNS\n' > "$RUN/resolv.conf"
  cat > "$RUN/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE_IP
healthzBindAddress: 127.0.0.1
readOnlyPort: 0
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
tlsCertFile: $PKI/kubelet-serving.crt
tlsPrivateKeyFile: $PKI/kubelet-serving.key
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
# This VM has cgroup v1 and no systemd.
cgroupDriver: cgroupfs
failCgroupV1: false
failSwapOn: false
clusterDomain: cluster.local
clusterDNS: [$NODE_IP]
resolvConf: $RUN/resolv.conf
podLogsDir: $RUN/pod-logs
registerWithTaints:
- {key: $BROKER_LABEL, value: "true", effect: NoSchedule}
# Mounted ConfigMaps and Secrets follow their objects within a sync period: 10 s here, not the default
# minute, so that the tests' layout moves (a changed routing map reaching the clients) take seconds.
syncFrequency: 10s
# Images here cannot be pulled again: never garbage-collect them.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1%}
YAML
}

start_containerd() {
  local from=1 log=$RUN/logs/containerd.log   # from: the first line of this start's log, appended to across starts
  if ! alive containerd && [ -f "$log" ]; then from=$(( $(wc -l < "$log") + 1 )); fi
  start_proc containerd containerd --config "$RUN/containerd/config.toml"
  wait_for 30 containerd ctr --address "$CONTAINERD_SOCK" version
  # its CRI plugin serves the kubelet only once it has recovered its state, which takes seconds after ctr answers on
  # a busy machine; a kubelet started before exits ("server is not initialized yet")
  wait_for 60 "containerd's CRI plugin" cri_serving "$from"
}

cri_serving() {
  awk -v from="$1" 'NR >= from && /Start streaming server/ { found = 1 } END { exit !found }' \
    "$RUN/logs/containerd.log"
}

start_kubelet() {
  start_proc kubelet "$K8S_BIN/kubelet" --config "$RUN/kubelet.yaml" \
    --kubeconfig "$RUN/kubelet.kubeconfig" --root-dir "$RUN/kubelet" \
    --hostname-override "$NODE_NAME" --node-ip "$NODE_IP" \
    --node-labels "$BROKER_LABEL=true"
}

start_kube_proxy() {
  # NodePorts only on the node IP, not on the machine's own interfaces; no
  # localhost NodePorts (that would set route_localnet) and no conntrack
  # tuning: kube-proxy changes nothing on the host beyond its own rules.
  start_proc kube-proxy "$K8S_BIN/kube-proxy" --kubeconfig "$RUN/kube-proxy.kubeconfig" \
    --hostname-override "$NODE_NAME" --proxy-mode iptables --cluster-cidr "$POD_CIDR" \
    --nodeport-addresses "$NODE_IP/32" --iptables-localhost-nodeports=false --conntrack-max-per-core 0 \
    --conntrack-tcp-timeout-established 0 --conntrack-tcp-timeout-close-wait 0 \
    --metrics-bind-address 127.0.0.1:10249 --healthz-bind-address 127.0.0.1:10256
}

start_coredns() {
  # cluster.local only and no `forward` plugin: names outside the cluster are
  # refused, never sent to the machine's resolver.
  cat > "$RUN/Corefile" <<EOF2
cluster.local:53 {
    bind $NODE_IP
    errors
    ready 127.0.0.1:8181
    kubernetes cluster.local {
        kubeconfig $RUN/coredns.kubeconfig brokerwise
    }
    cache 30
}
EOF2
  start_proc coredns "$COREDNS_BIN/coredns" -conf "$RUN/Corefile"
}

node_ready() {
  kctl get node "$NODE_NAME" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' | grep -q True
}

node_up() {
  write_containerd_config
  registry_hosts
  registry_up
  write_kubelet_config
  start_containerd
  images_load_pause
  start_kubelet
  start_kube_proxy
  start_coredns
  wait_for 60 "node $NODE_NAME Ready" node_ready
  wait_for 30 coredns curl -fsS http://127.0.0.1:8181/ready
}
