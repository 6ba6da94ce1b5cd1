# An image registry on loopback: the CNCF distribution registry, so that the install path a team
# follows on its own cluster (push the images, install the chart with `registry` set, let the nodes
# pull) runs here too. Plain HTTP on 127.0.0.1 only; its storage lives in $RUN, which `down` removes.

registry_config() {
  mkdir -p "$RUN/registry/storage"
  cat > "$RUN/registry/config.yml" <<YAML
version: 0.1
log:
  level: info
storage:
  filesystem:
    rootdirectory: $RUN/registry/storage
  delete:
    enabled: true
http:
  addr: $REGISTRY_ADDR
YAML
}

# containerd (CRI) resolves $REGISTRY_ADDR through its hosts directory: plain HTTP, pull and resolve.
registry_hosts() {
  local dir=$RUN/containerd/certs.d/$REGISTRY_ADDR
  mkdir -p "$dir"
  cat > "$dir/hosts.toml" <<TOML
server = "http://$REGISTRY_ADDR"

[host."http://$REGISTRY_ADDR"]
  capabilities = ["pull", "resolve"]
TOML
}

registry_up() {
  registry_config
  # No tracing exporter: the registry would otherwise try to send spans.
  OTEL_TRACES_EXPORTER=none start_proc registry "$REGISTRY_BIN/registry" serve "$RUN/registry/config.yml"
  wait_for 30 "registry on $REGISTRY_ADDR" curl -fsS "http://$REGISTRY_ADDR/v2/"
}
