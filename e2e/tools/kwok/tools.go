//go:build tools

// Package tools pins kwok, which simulates the dedicated broker nodes used by
// placement tests at a scale one machine cannot run for real.
package tools

import _ "sigs.k8s.io/kwok/cmd/kwok"
