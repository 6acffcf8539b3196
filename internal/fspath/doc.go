// Package fspath is the algebra of slash-separated absolute paths the
// analysis resolves operands to: cleaning and joining without a copy when
// the path is clean already, containment by components, and the shapes of
// paths no working directory resolves.
package fspath
