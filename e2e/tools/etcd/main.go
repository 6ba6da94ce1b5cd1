// Command etcd is etcd v3.6 built from the Go module proxy: Debian's etcd 3.4
// is too old for the watch-progress requests of current Kubernetes clients.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
