// Command bermuda runs the Discord bot and the tools around it: perft,
// a terminal game, rendering and database backup. Each subcommand lives in
// its own file and registers itself in init.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	_ "github.com/bermudachess/bermuda/games/all"
)

// command is one subcommand. run returns an error to print; a usageError
// exits 2, anything else exits 1.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// usageError marks a mistake in how the command was called (exit code 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand; no subcommand means "serve".
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		printUsage(stdout)
		return 0
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "bermuda: unknown command %q\n", name)
		printUsage(stderr)
		return 2
	}
	err := cmd.run(args, stdin, stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "bermuda %s: %v\n", name, err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: bermuda <command> [flags]   (no command: serve)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "run 'bermuda <command> -h' for a command's flags")
}
