//go:build tools

// Package tools pins helm, which lints and renders the Brokerwise chart in tests.
package tools

import _ "helm.sh/helm/v3/cmd/helm"
