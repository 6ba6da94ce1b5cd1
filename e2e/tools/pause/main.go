// Command pause holds a pod's namespaces open. The usual pause image lives in
// a registry this machine cannot reach, so the sandbox image is built here.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
}
