// The lab's toxiproxy-server: upstream Toxiproxy v2 (the version go.mod pins) with one more toxic
// registered in its registry, latency_us (latency_us.go). Upstream's cmd/server is a main package
// and cannot be imported, so its few lines of start-up are repeated here, flags unchanged, and
// one P by default (GOMAXPROCS, below). One more option: the API over mutual TLS (api_tls.go).
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"
	"github.com/rs/zerolog/log"

	"github.com/Shopify/toxiproxy/v2"
	"github.com/Shopify/toxiproxy/v2/collectors"
)

func main() {
	host := flag.String("host", "localhost", "Host for toxiproxy's API to listen on")
	port := flag.String("port", "8474", "Port for toxiproxy's API to listen on")
	config := flag.String("config", "", "JSON file containing proxies to create on startup")
	seed := flag.Int64("seed", time.Now().UTC().UnixNano(), "Seed for randomizing toxics with")
	runtimeMetrics := flag.Bool("runtime-metrics", false, `enable runtime-related prometheus metrics (default "false")`)
	proxyMetrics := flag.Bool("proxy-metrics", false, `enable toxiproxy-specific prometheus metrics (default "false")`)
	printVersion := flag.Bool("version", false, `print the version (default "false")`)
	var tlsAPI apiTLS
	tlsAPI.flags()
	flag.Parse()

	if *printVersion {
		// build.sh sets toxiproxy.Version to upstream's version + the lab's source hash.
		fmt.Printf("toxiproxy-server version %s\n", toxiproxy.Version)
		return
	}

	// The lab's one change to start-up: one P unless GOMAXPROCS says otherwise. Each chunk
	// crosses three goroutines (reader, toxic, writer); with several Ps each hand-off wakes
	// another thread (a futex, a context switch) on cores the app, the databases and the load
	// tool share. On 2 cores, at 78 ms and 200 connections, one P cut the proxy's CPU per portal
	// page from 0.35 to 0.24 ms and gave the app 5-9 % more pages/s (link/README.md).
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}

	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM)
	go func() {
		<-signals
		os.Exit(0)
	}()

	logger := setupLogger()
	log.Logger = logger
	rand.Seed(*seed)

	server := toxiproxy.NewServer(toxiproxy.NewMetricsContainer(prometheus.NewRegistry()), logger)
	if *proxyMetrics {
		server.Metrics.ProxyMetrics = collectors.NewProxyMetricCollectors()
	}
	if *runtimeMetrics {
		server.Metrics.RuntimeMetrics = collectors.NewRuntimeMetricCollectors()
	}
	if *config != "" {
		server.PopulateConfig(*config)
	}
	if tlsAPI.on() {
		tlsAPI.serve(server, logger, *host, *port)
		return
	}
	server.Listen(*host, *port)
}

// As upstream's: JSON lines on stdout, UTC timestamps, short caller, LOG_LEVEL.
func setupLogger() zerolog.Logger {
	zerolog.TimestampFunc = func() time.Time { return time.Now().UTC() }
	zerolog.CallerMarshalFunc = func(pc uintptr, file string, line int) string {
		for i := len(file) - 1; i > 0; i-- {
			if file[i] == '/' {
				file = file[i+1:]
				break
			}
		}
		return file + ":" + strconv.Itoa(line)
	}
	logger := zerolog.New(os.Stdout).With().Caller().Timestamp().Logger()
	if val, ok := os.LookupEnv("LOG_LEVEL"); ok {
		if lvl, err := zerolog.ParseLevel(val); err == nil {
			logger = logger.Level(lvl)
		} else {
			logger.Err(err).Msgf("unknown LOG_LEVEL value: \"%s\"", val)
		}
	}
	return logger
}
