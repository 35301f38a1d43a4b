package main

import (
	"encoding/binary"
	"fmt"
	"net"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// allowOnly has the kernel drop, before any answer, every packet to the listening socket that does
// not come from ip: a classic BPF socket filter (SO_ATTACH_FILTER), inherited by the accepted
// connections. The attach needs CAP_NET_ADMIN (without it: "operation not permitted", as the
// swarm task first met it); the process gives up every capability once listening (dropCapabilities). A SYN from anywhere else gets no SYN-ACK, so to a port scan the
// port is closed (filtered) as a firewall rule would make it, with no rule on the host.
func allowOnly(ip net.IP) (func(network, address string, c syscall.RawConn) error, error) {
	v4 := ip.To4()
	if v4 == nil {
		return nil, fmt.Errorf("-api-allow %s: an IPv4 address", ip)
	}
	const skfNetOff = 0xfff00000 // SKF_NET_OFF: offsets from the IP header, wherever the socket's data starts
	prog := []unix.SockFilter{
		{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: skfNetOff + 12}, // the IPv4 source address
		{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, Jt: 0, Jf: 1, K: binary.BigEndian.Uint32(v4)},
		{Code: unix.BPF_RET | unix.BPF_K, K: 0xffffffff}, // the whole packet
		{Code: unix.BPF_RET | unix.BPF_K, K: 0},          // dropped
	}
	return func(network, address string, c syscall.RawConn) error {
		var err error
		if cerr := c.Control(func(fd uintptr) {
			err = unix.SetsockoptSockFprog(int(fd), unix.SOL_SOCKET, unix.SO_ATTACH_FILTER,
				&unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]})
		}); cerr != nil {
			return cerr
		}
		return err
	}, nil
}

// dropCapabilities: every thread of the process gives up all its capabilities (CAP_NET_ADMIN was for
// the filter's attach alone) and can never gain any again (no_new_privs). Capabilities are per
// thread: AllThreadsSyscall (a static build, no cgo) applies it to each.
func dropCapabilities() error {
	if _, _, errno := syscall.AllThreadsSyscall(unix.SYS_PRCTL, unix.PR_SET_NO_NEW_PRIVS, 1, 0); errno != 0 {
		return fmt.Errorf("no_new_privs: %w", errno)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData // effective, permitted and inheritable: empty
	if _, _, errno := syscall.AllThreadsSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&none[0])), 0); errno != 0 {
		return fmt.Errorf("capset: %w", errno)
	}
	return nil
}
