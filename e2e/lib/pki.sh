# A throw-away PKI for one cluster run: a CA, serving certificates and one
# client certificate per component, so that authentication and RBAC are real.
PKI=$RUN/pki

pki_key() { openssl ecparam -name prime256v1 -genkey -noout -out "$1" 2>/dev/null; }

# pki_cert NAME SUBJECT EXTENDED_KEY_USAGE [SUBJECT_ALT_NAMES]
pki_cert() {
  local name=$1 subj=$2 eku=$3 sans=${4:-}
  [ -f "$PKI/$name.crt" ] && return 0
  pki_key "$PKI/$name.key"
  {
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$eku"
    [ -n "$sans" ] && echo "subjectAltName=$sans"
  } > "$PKI/$name.ext"
  openssl req -new -key "$PKI/$name.key" -subj "$subj" 2>/dev/null |
    openssl x509 -req -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial \
      -days 30 -extfile "$PKI/$name.ext" -out "$PKI/$name.crt" 2>/dev/null
}

# kubeconfig_for NAME: a kubeconfig using client certificate NAME.
kubeconfig_for() {
  local kc=$RUN/$1.kubeconfig k=$K8S_BIN/kubectl
  [ -f "$kc" ] && return 0
  $k config set-cluster brokerwise --server="$API_URL" --certificate-authority="$PKI/ca.crt" --embed-certs --kubeconfig="$kc" >/dev/null
  $k config set-credentials "$1" --client-certificate="$PKI/$1.crt" --client-key="$PKI/$1.key" --embed-certs --kubeconfig="$kc" >/dev/null
  $k config set-context brokerwise --cluster=brokerwise --user="$1" --kubeconfig="$kc" >/dev/null
  $k config use-context brokerwise --kubeconfig="$kc" >/dev/null
}

pki_up() {
  mkdir -p "$PKI"; chmod 700 "$PKI"
  if [ ! -f "$PKI/ca.crt" ]; then
    pki_key "$PKI/ca.key"
    openssl req -x509 -new -key "$PKI/ca.key" -subj /CN=brokerwise-ca -days 30 -out "$PKI/ca.crt" 2>/dev/null
  fi
  [ -f "$PKI/sa.key" ] || { pki_key "$PKI/sa.key"; openssl ec -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null; }
  pki_cert apiserver /CN=kube-apiserver serverAuth \
    "IP:$NODE_IP,IP:$API_SERVICE_IP,IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  pki_cert kubelet-serving "/O=system:nodes/CN=system:node:$NODE_NAME" serverAuth "IP:$NODE_IP,DNS:$NODE_NAME"
  pki_cert apiserver-kubelet-client /O=system:masters/CN=kube-apiserver-kubelet-client clientAuth
  pki_cert admin /O=system:masters/CN=brokerwise-admin clientAuth
  pki_cert controller-manager /CN=system:kube-controller-manager clientAuth
  pki_cert scheduler /CN=system:kube-scheduler clientAuth
  pki_cert kubelet "/O=system:nodes/CN=system:node:$NODE_NAME" clientAuth
  pki_cert kube-proxy /CN=system:kube-proxy clientAuth
  pki_cert coredns /CN=brokerwise:coredns clientAuth
  pki_cert kwok /CN=brokerwise:kwok clientAuth
  pki_cert local-path /CN=brokerwise:local-path clientAuth
  local c; for c in admin controller-manager scheduler kubelet kube-proxy coredns kwok local-path; do kubeconfig_for $c; done
  cp "$RUN/admin.kubeconfig" "$RUN/kubeconfig"
}
