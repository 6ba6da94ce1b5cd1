# Shared settings for the local cluster scripts. Sourced, never executed.
set -euo pipefail
# A silent exit under `set -e` is hard to debug: say which command ended it.
trap 'rc=$?; [ $rc -eq 0 ] || [[ $BASH_COMMAND == exit* ]] ||
      echo "[$(date +%H:%M:%S)] error: exit $rc after: $BASH_COMMAND" >&2' EXIT

E2E_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Built binaries, the base root filesystem and containerd's image store live
# outside the repo and survive `down`, keyed by version, so a second `up` is fast.
CACHE=${BROKERWISE_CACHE:-$HOME/.cache/brokerwise}
# Everything a running cluster owns (PKI, etcd data, kubelet root, logs, pids).
# `down` removes it: each `up` starts a fresh cluster.
RUN=${BROKERWISE_RUN:-/var/lib/brokerwise}
# The user's copy of the admin kubeconfig, ignored by git.
STATE=$E2E_DIR/.state

# A program's version is the one the go.mod that builds it requires (tools/<program>/go.mod), the one
# source these scripts and the Java test support (BuiltTools) read.
required_version() {
  local v
  v=$(awk -v m="$2" '$1 == "require" && $2 == m { print $3 }' "$E2E_DIR/tools/$1/go.mod")
  [ -n "$v" ] || { echo "error: $E2E_DIR/tools/$1/go.mod has no line 'require $2 <version>'" >&2; return 1; }
  echo "$v"
}
K8S_VERSION=$(required_version kubernetes k8s.io/kubernetes)
ETCD_VERSION=$(required_version etcd go.etcd.io/etcd/server/v3)
COREDNS_VERSION=$(required_version coredns github.com/coredns/coredns)
KWOK_VERSION=$(required_version kwok sigs.k8s.io/kwok)
HELM_VERSION=$(required_version helm helm.sh/helm/v3)
REGISTRY_VERSION=$(required_version registry github.com/distribution/distribution/v3)
LOCAL_PATH_VERSION=$(required_version local-path github.com/rancher/local-path-provisioner)
PROMETHEUS_OPERATOR_VERSION=$(required_version prometheus-operator github.com/prometheus-operator/prometheus-operator)

K8S_BIN=$CACHE/bin/kubernetes-$K8S_VERSION
ETCD_BIN=$CACHE/bin/etcd-$ETCD_VERSION
COREDNS_BIN=$CACHE/bin/coredns-$COREDNS_VERSION
KWOK_BIN=$CACHE/bin/kwok-$KWOK_VERSION
PAUSE_BIN=$CACHE/bin/pause-1
HELM_BIN=$CACHE/bin/helm-$HELM_VERSION
REGISTRY_BIN=$CACHE/bin/registry-$REGISTRY_VERSION
LOCAL_PATH_BIN=$CACHE/bin/local-path-$LOCAL_PATH_VERSION
# Not a program: the prometheus-operator's CRDs of the monitors the chart renders, which the operator's tests install
# on their API server to check the rendered PodMonitor and PrometheusRule against the real schema.
MONITORING_CRDS=$CACHE/crds/prometheus-operator-$PROMETHEUS_OPERATOR_VERSION

# Addresses: the node IP sits on an empty bridge (the kernel has no dummy
# links and the node IP cannot be loopback); pods get their own bridge.
NODE_NAME=brokerwise-node
NODE_BRIDGE=bwnode0
NODE_IP=10.87.0.1
CNI_BRIDGE=bwcni0
POD_CIDR=10.88.0.0/16
NODE_POD_CIDR=10.88.0.0/24
SERVICE_CIDR=10.89.0.0/16
SIM_POD_CIDR=10.90.0.0/16      # the kwok nodes' pods: addresses no interface here has
API_SERVICE_IP=10.89.0.1
API_URL=https://$NODE_IP:6443

BROKER_LABEL=brokerwise.io/broker-node
CGROUP=brokerwise
CONTAINERD_SOCK=/run/brokerwise/containerd/containerd.sock
PAUSE_IMAGE=brokerwise.io/pause:1
# The image registry the node pulls from over plain HTTP on loopback (lib/registry.sh).
REGISTRY_ADDR=127.0.0.1:5000

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }
kctl() { "$K8S_BIN/kubectl" --kubeconfig "$RUN/kubeconfig" "$@"; }
ctr_k8s() { ctr --address "$CONTAINERD_SOCK" -n k8s.io "$@"; }
