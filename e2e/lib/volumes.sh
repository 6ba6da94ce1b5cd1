# PersistentVolumes for PersistentVolumeClaims: Rancher's local-path-provisioner (built from the Go module
# proxy like the other programs) runs on the host with a client certificate of its own and makes each
# claim a volume under $RUN/volumes on the real node, which `down` unmounts and removes with $RUN. Its helper
# pods run the broker image, already on the node: no pull.
#
# A volume holds what its claim asks for and no more, as a cloud disk does: each is an ext4 file system of
# the claim's size in a sparse image file beside its directory, loop-mounted there, so a broker can fill
# its journal volume and Artemis's disk check sees that volume's usage, not the host disk's. The helper
# pods mount it (privileged, the volumes directory mounted Bidirectional) and the mount propagates to the
# host because `up` makes the volumes directory a shared mount; the kubelet then binds that mount into the
# broker pod.
VOLUMES_NS=brokerwise-volumes
VOLUMES_DIR=$RUN/volumes
STORAGE_CLASS=brokerwise-local
VOLUMES_PROVISIONER=brokerwise.io/local-path
VOLUMES_HELPER_IMAGE=brokerwise.io/artemis:2.56.0

# The provisioner's rights: upstream's ClusterRole and Role (deploy/local-path-storage.yaml), for the user
# of its client certificate; a ServiceAccount for the helper pods, which use no API.
volumes_rbac() {
  cat <<YAML
apiVersion: v1
kind: Namespace
metadata:
  name: $VOLUMES_NS
  labels: {pod-security.kubernetes.io/enforce: privileged}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: local-path-helper, namespace: $VOLUMES_NS}
automountServiceAccountToken: false
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: "brokerwise:local-path"}
rules:
  - apiGroups: [""]
    resources: [nodes, persistentvolumeclaims, configmaps, pods, pods/log]
    verbs: [get, list, watch]
  - apiGroups: [""]
    resources: [persistentvolumes]
    verbs: [get, list, watch, create, patch, update, delete]
  - apiGroups: [""]
    resources: [events]
    verbs: [create, patch]
  - apiGroups: [storage.k8s.io]
    resources: [storageclasses]
    verbs: [get, list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "brokerwise:local-path"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "brokerwise:local-path"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "brokerwise:local-path"}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: "brokerwise:local-path", namespace: $VOLUMES_NS}
rules:
  - apiGroups: [""]
    resources: [pods]
    verbs: [get, list, watch, create, patch, update, delete]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: "brokerwise:local-path", namespace: $VOLUMES_NS}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: "brokerwise:local-path"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "brokerwise:local-path"}]
---
YAML
}

# The provisioner's configuration (it reads config.json and helperPod.yaml from this ConfigMap at start;
# its helper pods mount setup and teardown from it) and the default StorageClass.
volumes_config() {
  cat <<YAML
apiVersion: v1
kind: ConfigMap
metadata: {name: local-path-config, namespace: $VOLUMES_NS}
data:
  config.json: |-
    {"nodePathMap": [{"node": "$NODE_NAME", "paths": ["$VOLUMES_DIR"]}]}
  setup: |-
    #!/bin/sh
    set -eu
    truncate -s "\$VOL_SIZE_BYTES" "\$VOL_DIR.img"
    # -m 0: no blocks kept for root, whom the broker is not
    mkfs.ext4 -q -F -m 0 "\$VOL_DIR.img"
    mkdir -p "\$VOL_DIR"
    mount -o loop "\$VOL_DIR.img" "\$VOL_DIR"
    rmdir "\$VOL_DIR/lost+found"
    chmod 0777 "\$VOL_DIR"
  teardown: |-
    #!/bin/sh
    set -eu
    if mountpoint -q "\$VOL_DIR"; then umount "\$VOL_DIR"; fi
    rm -rf "\$VOL_DIR" "\$VOL_DIR.img"
  helperPod.yaml: |-
    apiVersion: v1
    kind: Pod
    metadata:
      name: helper-pod
    spec:
      automountServiceAccountToken: false
      securityContext: {runAsUser: 0, runAsGroup: 0}
      containers:
      - name: helper-pod
        image: $VOLUMES_HELPER_IMAGE
        imagePullPolicy: Never
        securityContext: {privileged: true}
        volumeMounts:
        - {name: data, mountPath: $VOLUMES_DIR, mountPropagation: Bidirectional}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: $STORAGE_CLASS
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: $VOLUMES_PROVISIONER
volumeBindingMode: WaitForFirstConsumer
reclaimPolicy: Delete
YAML
}

volumes_up() {
  mkdir -p "$VOLUMES_DIR"
  if ! mountpoint -q "$VOLUMES_DIR"; then
    mount --bind "$VOLUMES_DIR" "$VOLUMES_DIR" && mount --make-rshared "$VOLUMES_DIR"
  fi
  { volumes_rbac; volumes_config; } | kctl apply -f - >/dev/null
  start_proc local-path "$LOCAL_PATH_BIN/local-path-provisioner" --debug start \
    --kubeconfig "$RUN/local-path.kubeconfig" --namespace "$VOLUMES_NS" --configmap-name local-path-config \
    --provisioner-name "$VOLUMES_PROVISIONER" --service-account-name local-path-helper \
    --helper-image "$VOLUMES_HELPER_IMAGE"
  ctr_k8s images ls -q 2>/dev/null | grep -qxF "$VOLUMES_HELPER_IMAGE" ||
    log "note: $VOLUMES_HELPER_IMAGE is not on the node; claims stay Pending until it is (e2e/image broker)"
  return 0
}
