package render

import (
	"os"
	"testing"
)

func TestDumpScratch(t *testing.T) {
	b, _ := legend(120)
	os.WriteFile("/tmp/rt/legend120.png", b, 0o644)
	b, _ = legend(48)
	os.WriteFile("/tmp/rt/legend48.png", b, 0o644)
}
