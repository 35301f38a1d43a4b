package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"time"

	"github.com/rs/zerolog"

	"github.com/Shopify/toxiproxy/v2"
)

// Toxiproxy's API has no authentication, and whoever reaches it can make a proxy to any address.
// Across hosts (RUNTIME=swarm) the lab serves it with mutual TLS instead: at -host:-port only to a
// client whose certificate the lab's CA signed (the loadgen tasks hold the one such key), and with
// -api-allow from the load host's address alone (api_allow_linux.go: other hosts get no answer).
// Upstream's Listen builds its router and serves it in one call, so it serves on a free port of
// 127.0.0.1 and the TLS side is Go's own reverse proxy in front of it.
type apiTLS struct {
	cert, key, clientCA, allow *string
}

func (a *apiTLS) flags() {
	a.cert = flag.String("api-tls-cert", "", "serve the API at -host over TLS with this certificate (PEM), to clients with a certificate of -api-tls-client-ca only")
	a.key = flag.String("api-tls-key", "", "the key of -api-tls-cert (PEM)")
	a.clientCA = flag.String("api-tls-client-ca", "", "the CA (PEM) that must have signed a client's certificate")
	a.allow = flag.String("api-allow", "", "with -api-tls-cert: the one IPv4 address the API takes connections from (others: no answer at all)")
}

func (a *apiTLS) on() bool {
	return *a.cert != "" || *a.key != "" || *a.clientCA != "" || *a.allow != ""
}

func (a *apiTLS) serve(server *toxiproxy.ApiServer, logger zerolog.Logger, host, port string) {
	if *a.cert == "" || *a.key == "" || *a.clientCA == "" {
		logger.Fatal().Msg("-api-tls-cert, -api-tls-key and -api-tls-client-ca go together")
	}
	pem, err := os.ReadFile(*a.clientCA)
	if err != nil {
		logger.Fatal().Err(err).Msg("reading -api-tls-client-ca")
	}
	cas := x509.NewCertPool()
	if !cas.AppendCertsFromPEM(pem) {
		logger.Fatal().Str("file", *a.clientCA).Msg("no certificate in -api-tls-client-ca")
	}
	loopback, err := freeLoopbackAddress()
	if err != nil {
		logger.Fatal().Err(err).Msg("no free port on 127.0.0.1 for the API behind TLS")
	}
	lh, lp, _ := net.SplitHostPort(loopback)
	go server.Listen(lh, lp)
	front := &http.Server{
		Addr:         net.JoinHostPort(host, port),
		Handler:      httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: loopback}),
		TLSConfig:    &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: cas, MinVersion: tls.VersionTLS13},
		ReadTimeout:  10 * time.Second,
		WriteTimeout: 30 * time.Second,
	}
	var listen net.ListenConfig
	if *a.allow != "" {
		ip := net.ParseIP(*a.allow)
		if ip == nil {
			logger.Fatal().Str("api-allow", *a.allow).Msg("-api-allow: not an IP address")
		}
		if listen.Control, err = allowOnly(ip); err != nil {
			logger.Fatal().Err(err).Msg("-api-allow")
		}
	}
	ln, err := listen.Listen(context.Background(), "tcp", front.Addr)
	if err != nil {
		logger.Fatal().Err(err).Msg("the TLS API cannot listen")
	}
	if *a.allow != "" {
		if err := dropCapabilities(); err != nil {
			logger.Fatal().Err(err).Msg("-api-allow: could not give up the capabilities the filter needed")
		}
	}
	logger.Info().Str("host", host).Str("port", port).Str("allow", *a.allow).Msg("API over TLS, client certificates of -api-tls-client-ca only")
	logger.Fatal().Err(front.ServeTLS(ln, *a.cert, *a.key)).Msg("the TLS API ended")
}

// freeLoopbackAddress is a port of 127.0.0.1 free a moment ago (taken again at once by Listen).
func freeLoopbackAddress() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}
