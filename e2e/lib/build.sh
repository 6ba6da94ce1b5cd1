# Builds the cluster's binaries from the Go module proxy, each module under
# e2e/tools pinned by its committed go.mod/go.sum. A version's output
# directory is written once, then reused until the version changes.

# go_build MODULE OUTDIR LDFLAGS PACKAGE...
go_build() {
  local mod=$1 out=$2 ldflags=$3; shift 3
  [ -d "$out" ] && return 0
  log "building $(basename "$out") from the Go module proxy (cached in $out)"
  rm -rf "$out.tmp" && mkdir -p "$out.tmp"
  # Static, reproducible binaries; -mod=readonly fails if go.sum is incomplete.
  (cd "$E2E_DIR/tools/$mod" && CGO_ENABLED=0 go build -mod=readonly -trimpath \
     -buildvcs=false -ldflags "-s -w $ldflags" -o "$out.tmp/" "$@")
  mv "$out.tmp" "$out"
}

build_kubernetes() {
  local v=k8s.io/component-base/version minor=${K8S_VERSION#v1.}
  # Without these the binaries report v0.0.0-master and kubectl/kwok complain.
  go_build kubernetes "$K8S_BIN" \
    "-X $v.gitVersion=$K8S_VERSION -X $v.gitMajor=1 -X $v.gitMinor=${minor%%.*}" \
    k8s.io/kubernetes/cmd/{kube-apiserver,kube-controller-manager,kube-scheduler,kubelet,kube-proxy,kubectl}
}

build_kwok() {
  go_build kwok "$KWOK_BIN" "" sigs.k8s.io/kwok/cmd/kwok
  [ -f "$KWOK_BIN/stages.yaml" ] && return 0
  # kwok needs Stage objects to move simulated nodes and pods through their
  # lifecycle; take the ones its own release ships, from the module cache.
  local src
  src=$(cd "$E2E_DIR/tools/kwok" && go mod download -json sigs.k8s.io/kwok | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
  local s; for s in node/fast/node-initialize node/heartbeat/node-heartbeat \
                 pod/fast/pod-ready pod/fast/pod-complete pod/fast/pod-delete; do
    cat "$src/kustomize/stage/$s.yaml"; echo '---'
  done > "$KWOK_BIN/stages.yaml"
}

# What the operator's tests on the JVM need: the API server, etcd and kubectl for kube-api-test, and helm,
# which lints and renders the operator's chart.
build_api_tools() {
  command -v go >/dev/null || die "Go is needed to build the cluster binaries"
  build_kubernetes
  go_build etcd "$ETCD_BIN" "" .
  go_build helm "$HELM_BIN" "-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" helm.sh/helm/v3/cmd/helm
  fetch_monitoring_crds
  kube_api_test_layout
}

# The CRDs of the prometheus-operator's PodMonitor, ServiceMonitor and PrometheusRule, as its release ships them, from
# the module cache (the module is pinned by e2e/tools/prometheus-operator's go.sum; nothing is built).
fetch_monitoring_crds() {
  [ -d "$MONITORING_CRDS" ] && return 0
  log "fetching the prometheus-operator's CRDs from the Go module proxy (cached in $MONITORING_CRDS)"
  local src kind
  src=$(cd "$E2E_DIR/tools/prometheus-operator" && go mod download -json github.com/prometheus-operator/prometheus-operator \
        | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
  rm -rf "$MONITORING_CRDS.tmp" && mkdir -p "$MONITORING_CRDS.tmp"
  for kind in podmonitors servicemonitors prometheusrules; do
    cp "$src/example/prometheus-operator-crd/monitoring.coreos.com_$kind.yaml" "$MONITORING_CRDS.tmp/"
  done
  mv "$MONITORING_CRDS.tmp" "$MONITORING_CRDS"
}

build_all() {
  build_api_tools
  go_build coredns "$COREDNS_BIN" "" github.com/coredns/coredns
  build_kwok
  go_build pause "$PAUSE_BIN" "" .
  # the CNCF distribution registry: the install path pushes the images to it and the node pulls them
  go_build registry "$REGISTRY_BIN" "-X github.com/distribution/distribution/v3/version.version=$REGISTRY_VERSION" \
    github.com/distribution/distribution/v3/cmd/registry
  # Rancher's local-path-provisioner: PersistentVolumes for PersistentVolumeClaims, directories on the real node
  go_build local-path "$LOCAL_PATH_BIN" "-X main.VERSION=$LOCAL_PATH_VERSION" github.com/rancher/local-path-provisioner
}

# Fabric8 kube-api-test (the operator's light integration tests) looks for
# etcd, kube-apiserver and kubectl in <dir>/k8s/<version>-<os>-<arch>; in
# offline mode it never downloads, so it runs these binaries built here.
kube_api_test_layout() {
  local dir=$CACHE/kube-api-test/k8s/${K8S_VERSION#v}-linux-amd64
  mkdir -p "$dir"
  ln -sf "$ETCD_BIN/etcd" "$dir/etcd"
  ln -sf "$K8S_BIN/kube-apiserver" "$dir/kube-apiserver"
  ln -sf "$K8S_BIN/kubectl" "$dir/kubectl"
}
