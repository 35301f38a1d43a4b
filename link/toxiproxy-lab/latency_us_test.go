package main

import (
	"sort"
	"testing"
	"time"

	"github.com/Shopify/toxiproxy/v2/stream"
	"github.com/Shopify/toxiproxy/v2/toxics"
)

// 100 chunks sent back to back through a 200 µs toxic all leave within a few delays of the
// first one's arrival: each waits from its own arrival, none waits for the others.
func TestPipelinedChunksAreNotSerialised(t *testing.T) {
	input := make(chan *stream.StreamChunk, 1024)
	output := make(chan *stream.StreamChunk, 1024)
	stub := toxics.NewToxicStub(input, output)
	done := make(chan struct{})
	go func() { (&LatencyUsToxic{Latency: 200}).Pipe(stub); close(done) }()

	start := time.Now()
	for i := 0; i < 100; i++ {
		input <- &stream.StreamChunk{Data: []byte{byte(i)}, Timestamp: time.Now()}
	}
	for i := 0; i < 100; i++ {
		c := <-output
		if c.Data[0] != byte(i) {
			t.Fatalf("chunk %d came out as %d", i, c.Data[0])
		}
		if i == 0 && time.Since(start) < 200*time.Microsecond {
			t.Fatalf("first chunk left after %v, before its 200 µs", time.Since(start))
		}
	}
	if took := time.Since(start); took > 10*time.Millisecond { // serialised: 100 x 200 µs = 20 ms at least
		t.Fatalf("100 pipelined chunks took %v", took)
	}
	close(input)
	<-done
}

// Removing the toxic while a chunk waits passes it on at once, as upstream's latency toxic does.
func TestInterruptPassesTheWaitingChunkOn(t *testing.T) {
	input := make(chan *stream.StreamChunk, 1)
	output := make(chan *stream.StreamChunk, 1)
	stub := toxics.NewToxicStub(input, output)
	done := make(chan struct{})
	go func() { (&LatencyUsToxic{Latency: 10_000_000}).Pipe(stub); close(done) }()
	input <- &stream.StreamChunk{Data: []byte("x"), Timestamp: time.Now()}
	time.Sleep(10 * time.Millisecond)
	stub.Interrupt <- struct{}{}
	select {
	case c := <-output:
		if string(c.Data) != "x" {
			t.Fatalf("got %q", c.Data)
		}
	case <-time.After(time.Second):
		t.Fatal("the waiting chunk was dropped or held")
	}
	<-done
}

// The clock wakes within a fraction of a 95 µs delay (median), where Go's timers take a millisecond.
func TestClockWakesInMicroseconds(t *testing.T) {
	var late []time.Duration
	for i := 0; i < 200; i++ {
		t0 := time.Now()
		<-after(95 * time.Microsecond)
		late = append(late, time.Since(t0)-95*time.Microsecond)
	}
	sort.Slice(late, func(i, j int) bool { return late[i] < late[j] })
	t.Logf("95 µs: late by median %v, p90 %v, max %v", late[100], late[180], late[199])
	if late[0] < 0 {
		t.Fatalf("woke %v early", -late[0])
	}
	if late[100] > 500*time.Microsecond {
		t.Fatalf("median wake-up %v late", late[100])
	}
}
