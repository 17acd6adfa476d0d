// Package bede implements Bede Chess (variant id "bede").
package bede
