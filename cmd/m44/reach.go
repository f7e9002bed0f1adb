package main

import (
	"fmt"
	"io"
	"net"
	"strconv"
)

// printReach tells where other players can reach the server: the public
// URL if one is set, else for a server listening on every interface its
// LAN addresses, else that links work on this machine only.
func printReach(w io.Writer, addr net.Addr, public string) {
	if public != "" {
		fmt.Fprintf(w, "m44: invite links point at %s\n", public)
		return
	}
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return
	}
	if tcp.IP.IsLoopback() {
		fmt.Fprintf(w, "m44: listening on this machine only; to play with friends see \"Play with friends over the internet\" in the README (--addr :%d, --public-url)\n", tcp.Port)
		return
	}
	if !tcp.IP.IsUnspecified() {
		return
	}
	for _, ip := range lanIPs() {
		fmt.Fprintf(w, "m44: on your network: http://%s/\n", net.JoinHostPort(ip, strconv.Itoa(tcp.Port)))
	}
}

// lanIPs are this machine's non-loopback unicast addresses, IPv4 first.
func lanIPs() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || !n.IP.IsGlobalUnicast() {
			continue
		}
		if n.IP.To4() != nil {
			v4 = append(v4, n.IP.String())
		} else {
			v6 = append(v6, n.IP.String())
		}
	}
	return append(v4, v6...)
}
