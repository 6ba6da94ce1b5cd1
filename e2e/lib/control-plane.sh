# etcd, kube-apiserver, kube-controller-manager and kube-scheduler as local
# processes, authenticated with the certificates from pki.sh.

start_etcd() {
  local u=http://127.0.0.1
  # Loopback only, so plain HTTP is not reachable from pods or other hosts.
  start_proc etcd "$ETCD_BIN/etcd" --name brokerwise --data-dir "$RUN/etcd" \
    --listen-client-urls $u:2379 --advertise-client-urls $u:2379 \
    --listen-peer-urls $u:2380 --initial-advertise-peer-urls $u:2380 \
    --initial-cluster brokerwise=$u:2380 --unsafe-no-fsync --log-level warn
}

start_apiserver() {
  start_proc kube-apiserver "$K8S_BIN/kube-apiserver" \
    --etcd-servers http://127.0.0.1:2379 \
    --bind-address "$NODE_IP" --advertise-address "$NODE_IP" --secure-port 6443 \
    --authorization-mode Node,RBAC --enable-admission-plugins NodeRestriction \
    --client-ca-file "$PKI/ca.crt" \
    --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" \
    --kubelet-client-key "$PKI/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority "$PKI/ca.crt" \
    --kubelet-preferred-address-types InternalIP \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" --allow-privileged=true --profiling=false
}

start_controller_manager() {
  local kc=$RUN/controller-manager.kubeconfig
  start_proc kube-controller-manager "$K8S_BIN/kube-controller-manager" \
    --kubeconfig "$kc" --authentication-kubeconfig "$kc" --authorization-kubeconfig "$kc" \
    --bind-address 127.0.0.1 --leader-elect=false --use-service-account-credentials \
    --service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt" \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" --profiling=false
}

start_scheduler() {
  local kc=$RUN/scheduler.kubeconfig
  start_proc kube-scheduler "$K8S_BIN/kube-scheduler" \
    --kubeconfig "$kc" --authentication-kubeconfig "$kc" --authorization-kubeconfig "$kc" \
    --bind-address 127.0.0.1 --leader-elect=false --profiling=false
}

# Identities the API server does not know by default.
apply_rbac() {
  kctl apply -f - >/dev/null <<YAML
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: "brokerwise:coredns"}
rules:
- {apiGroups: [""], resources: [endpoints, services, pods, namespaces], verbs: [list, watch]}
- {apiGroups: [discovery.k8s.io], resources: [endpointslices], verbs: [list, watch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "brokerwise:coredns"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "brokerwise:coredns"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "brokerwise:coredns"}]
---
# kwok plays the kubelet of every simulated node, and writes node and pod
# status across the cluster.
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "brokerwise:kwok"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "brokerwise:kwok"}]
YAML
}

control_plane_up() {
  start_etcd
  wait_for 30 etcd curl -fsS http://127.0.0.1:2379/health
  start_apiserver
  wait_for 60 kube-apiserver kctl get --raw /readyz
  start_controller_manager
  start_scheduler
  apply_rbac
}
