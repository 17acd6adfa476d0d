package interactions

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ParsePublicKey reads the application's public key as the developer
// portal shows it: 64 hexadecimal digits.
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(hexKey))
	if err != nil {
		return nil, fmt.Errorf("the public key must be hexadecimal, as the developer portal shows it: %w", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("the public key must be %d hexadecimal digits, not %d", 2*ed25519.PublicKeySize, len(hexKey))
	}
	return ed25519.PublicKey(b), nil
}

// Verify checks that body was signed by Discord: the X-Signature-Ed25519
// header must be a valid Ed25519 signature (hex) by key over the
// X-Signature-Timestamp header followed by body, and the timestamp (Unix
// seconds) must lie within maxSkew of now, so a captured request cannot be
// replayed later. The error says which check failed; it is for logs, never
// for the caller of the endpoint.
func Verify(key ed25519.PublicKey, h http.Header, body []byte, now time.Time, maxSkew time.Duration) error {
	sigHex, ts := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return errors.New("missing X-Signature-Ed25519 or X-Signature-Timestamp")
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return errors.New("X-Signature-Ed25519 is not a hex Ed25519 signature")
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("X-Signature-Timestamp is not Unix seconds")
	}
	if skew := now.Sub(time.Unix(secs, 0)); skew > maxSkew || skew < -maxSkew {
		return fmt.Errorf("timestamp is %s away from our clock (more than %s)", skew.Round(time.Second), maxSkew)
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if len(key) != ed25519.PublicKeySize || !ed25519.Verify(key, msg, sig) {
		return errors.New("signature does not match")
	}
	return nil
}
