package main

import (
	"math/rand"
	"time"

	"github.com/Shopify/toxiproxy/v2/stream"
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
	// Taken from Input by mergeDue before its time, with the delay drawn for it then: it waits
	// next, by that same draw (a second one would skew the jitter).
	var next *stream.StreamChunk
	var nextDelay time.Duration
	for {
		c, delay := next, nextDelay
		next = nil
		if c == nil {
			select {
			case <-stub.Interrupt:
				return
			case c = <-stub.Input:
			}
			if c == nil {
				stub.Close()
				return
			}
			delay = t.delay()
		}
		select {
		case <-after(delay - time.Since(c.Timestamp)):
			// The chunk reaches the next toxic as if it had arrived now: its arrival + delay.
			c.Timestamp = c.Timestamp.Add(delay)
			var closed bool
			next, nextDelay, closed = t.mergeDue(c, stub)
			stub.Output <- c
			if closed {
				stub.Close()
				return
			}
		case <-stub.Interrupt:
			// Removed or changed: as upstream, this chunk goes on at once, and the chunks
			// still buffered are passed on by Toxiproxy (ToxicLink.RemoveToxic) or by the
			// toxic's next run, which delays them from their own arrival.
			stub.Output <- c
			return
		}
	}
}

// mergeDue appends to c the chunks already queued behind it whose own time to leave has come,
// and returns the first that is not due yet, with the delay drawn for it (or closed, when Input
// closed). Pipelined replies arrive as one chunk each, 20–40 µs apart; passing each on alone
// costs a timer wake-up, two hand-offs and a write, so a burst of 50 fell behind the server that
// produced it and left one after another, well after their time. Bytes that are due together
// leave together, as they would on a wire.
func (t *LatencyUsToxic) mergeDue(c *stream.StreamChunk, stub *toxics.ToxicStub) (next *stream.StreamChunk, delay time.Duration, closed bool) {
	for {
		select {
		case n := <-stub.Input:
			if n == nil {
				return nil, 0, true
			}
			if delay := t.delay(); time.Since(n.Timestamp) < delay {
				return n, delay, false
			}
			c.Data = append(c.Data, n.Data...)
		default:
			return nil, 0, false
		}
	}
}

func init() {
	toxics.Register("latency_us", new(LatencyUsToxic))
}
