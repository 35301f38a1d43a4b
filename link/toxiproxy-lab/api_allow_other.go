//go:build !linux

package main

import (
	"errors"
	"net"
	"syscall"
)

// allowOnly: the socket filter is Linux's (api_allow_linux.go).
func allowOnly(ip net.IP) (func(network, address string, c syscall.RawConn) error, error) {
	return nil, errors.New("-api-allow needs Linux")
}

// dropCapabilities: nothing to drop where allowOnly cannot run.
func dropCapabilities() error {
	return nil
}
