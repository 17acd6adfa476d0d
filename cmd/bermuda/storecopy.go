package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"text/tabwriter"

	"github.com/bermudachess/bermuda/db"
)

func init() {
	commands["store-copy"] = command{"copy a SQLite database's whole history into PostgreSQL", runStoreCopy}
}

func runStoreCopy(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("store-copy", stderr)
	from := fs.String("from", "", "the SQLite file to copy (required; stop the bot that uses it first)")
	to := fs.String("to", "", "the PostgreSQL database to copy into, postgres://user:password@host:port/db (required; empty or an earlier copy)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return usagef("both -from SQLITE_FILE and -to postgres://… are required, e.g. bermuda store-copy -from bermuda.db -to postgres://bermuda@localhost/bermuda")
	}
	if db.IsPostgresURL(*from) {
		return usagef("-from must be a SQLite file; the copy goes from SQLite to PostgreSQL")
	}
	if !db.IsPostgresURL(*to) {
		return usagef("-to must be a postgres:// or postgresql:// URL, not %q", *to)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	report, err := db.CopyToPostgres(ctx, *from, *to)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\tin SQLite\tin PostgreSQL\tnew\t")
	for _, t := range report.Tables {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t\n", t.Table, t.Source, t.Target, t.Added)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "copied %s to %s: every table has the same rows on both sides; %d games replay to the same position\n",
		*from, db.Redact(*to), report.Replayed)
	if len(report.Corrupt) > 0 {
		fmt.Fprintf(stdout, "%d games do not replay in the SQLite file either and were copied as they are: %v\n", len(report.Corrupt), report.Corrupt)
	}
	return nil
}
