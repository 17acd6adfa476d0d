// Package browsertest starts Debian's headless chromium for the tests that
// drive a game page in a real browser (package web's and the bot's).
// Production code never imports it.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path is chromium's path. Without chromium the test skips, unless
// BERMUDA_REQUIRE_CHROMIUM is set (CI installs it and sets it): then it
// fails, so CI never skips a browser test.
func Path(t testing.TB) string {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("BERMUDA_REQUIRE_CHROMIUM") != "" {
			t.Fatal("no chromium, and BERMUDA_REQUIRE_CHROMIUM is set: apt-get install -y chromium")
		}
		t.Skip("no chromium: apt-get install -y chromium (CI installs it and sets BERMUDA_REQUIRE_CHROMIUM)")
	}
	return path
}

// Start launches the headless chromium at path and returns its context
// and a function that stops it.
func Start(path string) (context.Context, context.CancelFunc, error) {
	// A slow first start on a loaded machine is not a failure: the
	// DevTools address may take a while to be printed.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path),
		chromedp.WSURLReadTimeout(90*time.Second), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("hide-scrollbars", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	stop := func() { cancelCtx(); cancelAlloc() }
	return ctx, stop, chromedp.Do(ctx) // Do with no actions starts the browser
}
