package main

import (
	"math/rand"
	"time"

	"github.com/Shopify/toxiproxy/v2/toxics"
)

// LatencyUsToxic is upstream's latency toxic (toxics/latency.go) in microseconds, for links
// below a millisecond (the lab's `lan`, 0.19 ms RTT) that the millisecond toxic cannot express.
// Each chunk leaves at its own arrival + latency (± jitter): chunks that arrive back to back
// while one waits leave back to back, one delay later, not one delay each.
type LatencyUsToxic struct {
	// Times in microseconds
	Latency int64 `json:"latency"`
	Jitter  int64 `json:"jitter"`
}

// As upstream's: chunks queue here while earlier ones wait.
func (t *LatencyUsToxic) GetBufferSize() int {
	return 1024
}

func (t *LatencyUsToxic) delay() time.Duration {
	delay := t.Latency
	if t.Jitter > 0 {
		//#nosec
		delay += rand.Int63n(t.Jitter*2) - t.Jitter
	}
	return time.Duration(delay) * time.Microsecond
}

func (t *LatencyUsToxic) Pipe(stub *toxics.ToxicStub) {
	for {
		select {
		case <-stub.Interrupt:
			return
		case c := <-stub.Input:
			if c == nil {
				stub.Close()
				return
			}
			delay := t.delay()
			select {
			case <-after(delay - time.Since(c.Timestamp)):
				// The chunk reaches the next toxic as if it had arrived now: its arrival + delay.
				c.Timestamp = c.Timestamp.Add(delay)
				stub.Output <- c
			case <-stub.Interrupt:
				// Removed or changed: as upstream, this chunk goes on at once, and the chunks
				// still buffered are passed on by Toxiproxy (ToxicLink.RemoveToxic) or by the
				// toxic's next run, which delays them from their own arrival.
				stub.Output <- c
				return
			}
		}
	}
}

func init() {
	toxics.Register("latency_us", new(LatencyUsToxic))
}
