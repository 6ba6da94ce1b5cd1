//go:build tools

// Package tools pins Rancher's local-path-provisioner, which gives the local cluster's
// PersistentVolumeClaims a directory on the real node (under the cluster's state directory).
package tools

import _ "github.com/rancher/local-path-provisioner"
