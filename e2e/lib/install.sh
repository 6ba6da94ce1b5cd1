# Debian packages the cluster needs; a fresh CI machine has none of them.
PACKAGES=(containerd runc containernetworking-plugins iptables debootstrap
          openssl iproute2 conntrack procps util-linux curl jq
          prometheus)  # promtool checks the chart's alert rules (AlertRulesTest); policy-rc.d keeps its daemon off

# install_packages [PACKAGE...]: those given, or all the cluster needs, unless installed.
install_packages() {
  local wanted=("$@") missing=() p
  [ $# -gt 0 ] || wanted=("${PACKAGES[@]}")
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  # policy-rc.d stops the packages from starting their own daemons: the
  # cluster runs containerd with its own config, socket and state.
  local policy=/usr/sbin/policy-rc.d added=
  if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' > $policy; chmod +x $policy; added=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ -n "$added" ] && rm -f $policy
  return 0
}
