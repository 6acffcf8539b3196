// Package dangertest reads danger categories out of Go source, for the
// tests that walk the places which make findings: each names its category
// by a constant of package danger, and these helpers tell which.
package dangertest
