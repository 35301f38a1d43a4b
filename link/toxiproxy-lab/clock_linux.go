package main

import (
	"container/heap"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Go's own timers wake a sleeping runtime a millisecond late at best (its poller waits in whole
// milliseconds), which would turn 95 µs into more than 1 ms. A timerfd wakes at the microsecond,
// and read through os.File it sits in the runtime's poller: no thread blocks on it.

type waiter struct {
	at int64 // CLOCK_MONOTONIC, ns
	ch chan struct{}
}

type waiters []waiter

func (w waiters) Len() int           { return len(w) }
func (w waiters) Less(i, j int) bool { return w[i].at < w[j].at }
func (w waiters) Swap(i, j int)      { w[i], w[j] = w[j], w[i] }
func (w *waiters) Push(x any)        { *w = append(*w, x.(waiter)) }
func (w *waiters) Pop() any {
	old := *w
	x := old[len(old)-1]
	*w = old[:len(old)-1]
	return x
}

type hrClock struct {
	mu      sync.Mutex
	fd      int
	pending waiters
	armed   int64 // deadline the timerfd is set to; 0 = disarmed
}

var clock = newClock()

func newClock() *hrClock {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		panic("timerfd_create: " + err.Error())
	}
	c := &hrClock{fd: fd}
	go c.run(os.NewFile(uintptr(fd), "timerfd"))
	return c
}

func monoNow() int64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return ts.Nano()
}

// after returns a channel closed once d has passed (at once when d <= 0).
func after(d time.Duration) <-chan struct{} {
	ch := make(chan struct{})
	if d <= 0 {
		close(ch)
		return ch
	}
	at := monoNow() + int64(d)
	clock.mu.Lock()
	heap.Push(&clock.pending, waiter{at, ch})
	if clock.armed == 0 || at < clock.armed {
		clock.arm(at)
	}
	clock.mu.Unlock()
	return ch
}

// arm sets the timerfd to fire at the absolute time at; called with mu held.
func (c *hrClock) arm(at int64) {
	spec := unix.ItimerSpec{Value: unix.NsecToTimespec(at)}
	if err := unix.TimerfdSettime(c.fd, unix.TFD_TIMER_ABSTIME, &spec, nil); err != nil {
		panic("timerfd_settime: " + err.Error())
	}
	c.armed = at
}

// run wakes the waiters that are due each time the timerfd fires, then arms it for the next.
func (c *hrClock) run(f *os.File) {
	buf := make([]byte, 8)
	for {
		if _, err := f.Read(buf); err != nil {
			panic("timerfd read: " + err.Error())
		}
		now := monoNow()
		c.mu.Lock()
		for len(c.pending) > 0 && c.pending[0].at <= now {
			close(heap.Pop(&c.pending).(waiter).ch)
		}
		c.armed = 0
		if len(c.pending) > 0 {
			c.arm(c.pending[0].at)
		}
		c.mu.Unlock()
	}
}
