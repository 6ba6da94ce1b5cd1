# Images without a registry: docker-archive tars imported into containerd's k8s.io
# namespace, where the kubelet finds them (pods use imagePullPolicy Never or
# IfNotPresent). Jib builds the project's images (e2e/image) on the base made here;
# the pause image is packed here, its layer a plain tar with a config and a manifest.

IMAGES=$CACHE/images
DEBIAN_MIRROR=${BROKERWISE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE_PACKAGES=openjdk-17-jre-headless
BASE_LAYER=$IMAGES/base-bookworm-$(echo "$BASE_PACKAGES" | tr ' ' '+').tar
# The same root filesystem as a one-layer docker-archive, the form in which Jib
# reads a tar:// base image (the parent pom's image.from names this file).
BASE_IMAGE=${BASE_LAYER%.tar}.docker.tar

# layer_from_dir DIR OUT.tar: a reproducible layer (fixed owner, order, mtime),
# so unchanged inputs give the same digest and need no new import.
layer_from_dir() {
  tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf "$2" .
}

# The Debian root filesystem with a JRE, made once and cached.
base_layer() {
  [ -f "$BASE_LAYER" ] && return 0
  local root=$IMAGES/rootfs.tmp
  log "building base root filesystem (debootstrap bookworm + $BASE_PACKAGES)"
  mkdir -p "$IMAGES"; base_cleanup "$root"
  debootstrap --variant=minbase --include="${BASE_PACKAGES// /,}" bookworm "$root" "$DEBIAN_MIRROR" \
    > "$IMAGES/debootstrap.log" 2>&1 || { base_cleanup "$root"; die "debootstrap failed, see $IMAGES/debootstrap.log"; }
  # Package lists, docs and caches only make the layer bigger.
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/usr/share/doc \
         "$root"/usr/share/man "$root"/var/log/*
  layer_from_dir "$root" "$BASE_LAYER.tmp" && mv "$BASE_LAYER.tmp" "$BASE_LAYER"
  base_cleanup "$root"
}

base_image() {
  [ -f "$BASE_IMAGE" ] && return 0
  base_layer
  log "packing the base root filesystem as an image for Jib"
  pack_image "brokerwise.io/base:bookworm-$(echo "$BASE_PACKAGES" | tr ' ' '+')" "$BASE_IMAGE" \
    '{"Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]}' "$BASE_LAYER"
}

# debootstrap mounts /proc and /sys in the target; unmount before deleting.
base_cleanup() {
  local m; for m in $(findmnt -rn -o TARGET | grep "^$1/" | sort -r); do umount -l "$m" || true; done
  rm -rf --one-file-system "$1"
}

# pack_image NAME:TAG OUT.tar CONFIG_JSON LAYER...: a docker-archive of LAYERs.
pack_image() {
  local ref=$1 out=$2 conf=$3; shift 3
  local dir; dir=$(mktemp -d)
  local diff_ids=() paths=() l id
  for l in "$@"; do
    id=$(sha256sum "$l" | cut -d' ' -f1)
    mkdir -p "$dir/$id"; ln "$l" "$dir/$id/layer.tar" 2>/dev/null || cp "$l" "$dir/$id/layer.tar"
    diff_ids+=("sha256:$id"); paths+=("$id/layer.tar")
  done
  jq -n --argjson c "$conf" --args '{architecture: "amd64", os: "linux", config: $c,
      rootfs: {type: "layers", diff_ids: $ARGS.positional}}' "${diff_ids[@]}" > "$dir/config.json"
  id=$(sha256sum "$dir/config.json" | cut -d' ' -f1); mv "$dir/config.json" "$dir/$id.json"
  jq -n --arg c "$id.json" --arg r "$ref" --args '[{Config: $c, RepoTags: [$r], Layers: $ARGS.positional}]' \
    "${paths[@]}" > "$dir/manifest.json"
  # members named without a leading ./, which Jib refuses in a tar:// base image
  tar -C "$dir" -cf "$out.tmp" $(ls "$dir") && mv "$out.tmp" "$out"
  rm -rf "$dir"
}

# derive_image SRC.tar NAME:TAG OUT.tar JQ_FILTER: SRC's layers under a new name, its config changed by JQ_FILTER
# (applied to the image config's .config): a test's variant of a built image without a second build.
derive_image() {
  local src=$1 ref=$2 out=$3 filter=$4
  local dir; dir=$(mktemp -d)
  tar -C "$dir" -xf "$src"
  local conf; conf=$(jq -r '.[0].Config' "$dir/manifest.json")
  jq ".config |= ($filter)" "$dir/$conf" > "$dir/$conf.new" && mv "$dir/$conf.new" "$dir/$conf"
  jq --arg r "$ref" '.[0].RepoTags = [$r]' "$dir/manifest.json" > "$dir/manifest.new" && mv "$dir/manifest.new" "$dir/manifest.json"
  tar -C "$dir" -cf "$out.tmp" $(ls "$dir") && mv "$out.tmp" "$out"
  rm -rf "$dir"
}

# import_image TAR [--force]: into the node's containerd unless this exact tar
# is there. A fresh build forces it: the marker can outlive what the store
# holds (seen after a cluster was torn down mid-import), and containerd skips
# layers it already has, so a forced import costs a few seconds.
import_image() {
  local tar=$1 sum; sum=$(sha256sum "$tar" | cut -d' ' -f1)
  [ -S "$CONTAINERD_SOCK" ] || { log "containerd not running: $tar is imported by the next 'up'"; return 0; }
  [ "${2:-}" != --force ] && [ "$(cat "$tar.imported" 2>/dev/null)" = "$sum" ] &&
    ctr_k8s images ls -q | grep -qxF "$(tar_ref "$tar")" && return 0
  ctr_k8s images import "$tar" >/dev/null
  echo "$sum" > "$tar.imported"
}

# Jib's tars name the manifest manifest.json, pack_image's ./manifest.json.
tar_ref() { tar -xOf "$1" --wildcards '*manifest.json' | jq -r '.[0].RepoTags[0]'; }

images_load_pause() {
  local dir=$IMAGES/pause.d out=$IMAGES/pause.tar
  if [ ! -f "$out" ]; then
    mkdir -p "$dir" && cp "$PAUSE_BIN/pause" "$dir/pause"
    layer_from_dir "$dir" "$IMAGES/pause-layer.tar"
    pack_image "$PAUSE_IMAGE" "$out" '{"Entrypoint": ["/pause"]}' "$IMAGES/pause-layer.tar"
  fi
  import_image "$out"
}

# Every cached image tar goes into a fresh node.
images_load_cached() {
  local t; for t in "$IMAGES"/*.image.tar; do [ -f "$t" ] && import_image "$t"; done; return 0
}
