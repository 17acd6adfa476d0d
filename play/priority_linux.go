package play

import "syscall"

// searchNice is the nice value of a search's thread (0 normal, 19 lowest).
const searchNice = 10

// lowerThreadPriority lowers the calling OS thread's scheduling priority
// (Linux applies setpriority to one thread when given its id). Best effort:
// the search runs the same if it fails.
func lowerThreadPriority() {
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), searchNice)
}
