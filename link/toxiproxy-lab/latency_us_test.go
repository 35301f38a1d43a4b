package main

import (
	"sort"
	"testing"
	"time"

	"github.com/Shopify/toxiproxy/v2/stream"
	"github.com/Shopify/toxiproxy/v2/toxics"
)

// 100 chunks sent back to back through a 200 µs toxic all leave within a few delays of the
// first one's arrival: each waits from its own arrival, none waits for the others. Those due
// together leave as one chunk, in order.
func TestPipelinedChunksAreNotSerialised(t *testing.T) {
	input, output, _, done := piped(200, 1024)

	start := time.Now()
	for i := 0; i < 100; i++ {
		input <- &stream.StreamChunk{Data: []byte{byte(i)}, Timestamp: time.Now()}
	}
	var got []byte
	chunks := 0
	for len(got) < 100 {
		c := <-output
		if chunks == 0 && time.Since(start) < 200*time.Microsecond {
			t.Fatalf("first chunk left after %v, before its 200 µs", time.Since(start))
		}
		chunks++
		got = append(got, c.Data...)
	}
	if took := time.Since(start); took > 10*time.Millisecond { // serialised: 100 x 200 µs = 20 ms at least
		t.Fatalf("100 pipelined chunks took %v", took)
	}
	for i, b := range got {
		if b != byte(i) {
			t.Fatalf("byte %d came out as %d", i, b)
		}
	}
	// all 100 arrive within microseconds, so once the first is due most of the others are too
	if chunks > 50 {
		t.Fatalf("100 chunks due together left as %d chunks, not merged", chunks)
	}
	close(input)
	<-done
}

// A chunk queued behind a due one but not due itself is not merged early: it waits its own delay.
func TestAChunkNotDueYetWaitsForItsOwnTime(t *testing.T) {
	input, output, _, done := piped(20_000, 4)

	first := time.Now()
	input <- &stream.StreamChunk{Data: []byte("a"), Timestamp: first}
	input <- &stream.StreamChunk{Data: []byte("b"), Timestamp: first.Add(10 * time.Millisecond)}
	a := <-output
	b := <-output
	if string(a.Data) != "a" || string(b.Data) != "b" {
		t.Fatalf("got %q then %q", a.Data, b.Data)
	}
	if left := time.Since(first); left < 30*time.Millisecond {
		t.Fatalf("the second chunk left %v after the first's arrival, before its own 10 + 20 ms", left)
	}
	close(input)
	<-done
}

// Removing the toxic while a chunk waits passes it on at once, as upstream's latency toxic does.
func TestInterruptPassesTheWaitingChunkOn(t *testing.T) {
	input, output, stub, done := piped(10_000_000, 1)
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

// piped runs a latency_us toxic of latencyUs between two channels of the given buffer; done
// closes when its Pipe returns.
func piped(latencyUs int64, buffer int) (chan *stream.StreamChunk, chan *stream.StreamChunk, *toxics.ToxicStub, chan struct{}) {
	input := make(chan *stream.StreamChunk, buffer)
	output := make(chan *stream.StreamChunk, buffer)
	stub := toxics.NewToxicStub(input, output)
	done := make(chan struct{})
	go func() { (&LatencyUsToxic{Latency: latencyUs}).Pipe(stub); close(done) }()
	return input, output, stub, done
}
