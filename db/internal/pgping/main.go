// Command pgping exits 0 if the PostgreSQL server at the URL given as its
// argument accepts a connection and answers a query within 5 seconds. .ci/run
// uses it where pg_isready is not installed.
package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pgping postgres://user@host:port/db")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := sql.Open("pgx", os.Args[1])
	if err == nil {
		err = conn.PingContext(ctx)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgping:", err)
		os.Exit(1)
	}
}
