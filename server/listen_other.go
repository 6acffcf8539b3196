//go:build !unix

package server

import "net"

func listenPrivate(path string) (net.Listener, error) { return net.Listen("unix", path) }
