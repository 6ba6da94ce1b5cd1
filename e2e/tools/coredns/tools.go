//go:build tools

// Package tools pins CoreDNS, which serves cluster.local for the local cluster.
package tools

import _ "github.com/coredns/coredns"
