// Package bermuda implements Bermuda chess on two stacked boards (variant id "bermuda").
package bermuda
