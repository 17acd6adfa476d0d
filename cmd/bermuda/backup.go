package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/bermudachess/bermuda/db"
)

func init() {
	commands["backup"] = command{"copy a live database consistently (SQLite online backup)", runBackup}
}

func runBackup(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("backup", stderr)
	out := fs.String("o", "", "file to write the copy to (required; never overwritten)")
	defaultDB := "bermuda.db"
	if env := os.Getenv("BERMUDA_DB"); env != "" {
		defaultDB = env
	}
	path := fs.String("db", defaultDB, "database to copy (the environment variable BERMUDA_DB changes the default)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o FILE is required: where to write the copy, e.g. bermuda backup -o bermuda-backup.db")
	}
	if *path == "" {
		return usagef("-db must name the database to copy")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := db.BackupFile(ctx, *path, *out); err != nil {
		return err
	}
	size := ""
	if info, err := os.Stat(*out); err == nil {
		size = fmt.Sprintf(" (%d bytes)", info.Size())
	}
	fmt.Fprintf(stdout, "backed up %s to %s%s\n", *path, *out, size)
	return nil
}
