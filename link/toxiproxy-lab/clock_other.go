//go:build !linux

package main

import "time"

// after returns a channel that receives once d has passed (Go's timers: about a millisecond
// late on most systems; the lab's precise clock is Linux's timerfd, clock_linux.go).
func after(d time.Duration) <-chan time.Time {
	return time.After(d)
}
