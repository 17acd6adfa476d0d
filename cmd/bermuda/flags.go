package main

import (
	"errors"
	"flag"
	"io"
)

// newFlags makes a FlagSet that reports mistakes as usage errors instead of
// exiting, so every subcommand fails the same way.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bermuda "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args; -h gives a nil error after printing help.
func parseFlags(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return false, usagef("unexpected argument %q", fs.Arg(0))
	}
	return false, nil
}
