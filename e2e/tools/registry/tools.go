//go:build tools

// Package tools pins the CNCF distribution registry, which serves the images on loopback when the
// local cluster tries the install path: pushed by Jib, pulled by containerd.
package tools

import _ "github.com/distribution/distribution/v3/cmd/registry"
