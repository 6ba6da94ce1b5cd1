module brokerwise.io/e2e/tools/prometheus-operator

go 1.24.0

require github.com/prometheus-operator/prometheus-operator v0.85.0
