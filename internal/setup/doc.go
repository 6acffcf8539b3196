// Package setup builds, from one project's settings, the parts every
// front end of Warden wires into its engine: the automated deciders (its
// PermissionRequest hooks, its classifier, its explainer) and the audit
// sink. The CLI's subcommands and the daemon build them the same way.
package setup
