module brokerwise.io/e2e/tools/pause

go 1.24.0
