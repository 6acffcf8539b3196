package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/grant"
	"github.com/wardenhq/warden/rule"
	"github.com/wardenhq/warden/settings"
)

const grantsUsage = "grants list [--json] [--cwd DIR] [--session ID]\n" +
	"       warden grants add --scope session|always [--session ID] [--cwd DIR] (RULE | --category SLUG)\n" +
	"       warden grants revoke [--cwd DIR] ID|RULE|CATEGORY"

func init() {
	addCommand(&command{
		name:    "grants",
		summary: "list, add and revoke remembered approvals (session and always)",
		run:     runGrants,
	})
}

func runGrants(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(env.stderr, "usage: warden %s\n", grantsUsage)
		return exitUsage
	}
	switch args[0] {
	case "list":
		return grantsList(ctx, env, args[1:])
	case "add":
		return grantsAdd(ctx, env, args[1:])
	case "revoke":
		return grantsRevoke(ctx, env, args[1:])
	case "-h", "--help", "help":
		fmt.Fprintf(env.stderr, "usage: warden %s\n", grantsUsage)
		return exitOK
	}
	fmt.Fprintf(env.stderr, "warden: grants: unknown subcommand %q (want list, add or revoke)\n", args[0])
	return exitUsage
}

// grantPlaces are where the grants of one project live: the session state
// files and the project's local settings file.
type grantPlaces struct {
	store     *grant.FileStore
	localFile string
}

// openGrantPlaces finds the grant stores for cwd. Settings give the local
// file and the idle time; settings that cannot be read are reported and the
// defaults used, so grants can still be listed and revoked.
func openGrantPlaces(env *cliEnv, cwdFlag string) (grantPlaces, error) {
	cwd := cwdFlag
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return grantPlaces{}, err
		}
		cwd = wd
	}
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return grantPlaces{}, err
	}
	idle := time.Duration(settings.DefaultSessionIdleMinutes) * time.Minute
	local := grant.LocalSettingsPath(cwd)
	st, err := settings.Load(settings.LoadOptions{Cwd: cwd, Home: env.getenv("HOME"), Getenv: env.getenv})
	if err != nil {
		fmt.Fprintf(env.stderr, "warden: grants: settings: %s (using defaults)\n", oneLine(err))
	} else {
		if st.Grants.SessionIdleMinutes > 0 {
			idle = time.Duration(st.Grants.SessionIdleMinutes) * time.Minute
		}
		if st.LocalFile != "" {
			local = st.LocalFile
		}
	}
	return grantPlaces{store: grant.NewFileStore(grant.DefaultDir(env.getenv), idle, nil), localFile: local}, nil
}

func grantsList(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "grants list", "grants list [--json] [--cwd DIR] [--session ID]")
	asJSON := fs.Bool("json", false, "print the grants as a JSON array")
	cwd := fs.String("cwd", "", "project working directory (default: current directory)")
	session := fs.String("session", "", "only this session's grants (always grants are listed too)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	places, err := openGrantPlaces(env, *cwd)
	if err != nil {
		return fail(env, "grants: %v", err)
	}
	gs, err := places.store.List(ctx, *session)
	if err != nil {
		return fail(env, "grants: %s", oneLine(err))
	}
	always, err := grant.AlwaysGrants(places.localFile)
	if err != nil {
		return fail(env, "grants: %s", oneLine(err))
	}
	gs = append(gs, always...)
	if *asJSON {
		if gs == nil {
			gs = []grant.Grant{}
		}
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(gs); err != nil {
			return fail(env, "grants: %v", err)
		}
		return exitOK
	}
	if len(gs) == 0 {
		fmt.Fprintln(env.stdout, "no grants")
		return exitOK
	}
	tw := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSCOPE\tSESSION\tGRANT\tEXPIRES\tWHERE")
	for _, g := range gs {
		what := g.Rule
		if g.Category != "" {
			what = "category " + g.Category
		}
		expires, session := "-", "-"
		if !g.ExpiresAt.IsZero() {
			expires = g.ExpiresAt.Local().Format("2006-01-02 15:04")
		}
		if g.Session != "" {
			session = g.Session
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", g.ID, g.Scope, session, what, expires, g.Source)
	}
	if err := tw.Flush(); err != nil {
		return fail(env, "grants: %v", err)
	}
	return exitOK
}

func grantsAdd(ctx context.Context, env *cliEnv, args []string) int {
	usage := "grants add --scope session|always [--session ID] [--cwd DIR] (RULE | --category SLUG)"
	fs := newFlagSet(env, "grants add", usage)
	scopeFlag := fs.String("scope", "", "how long the grant lasts: session or always")
	session := fs.String("session", "", "the session a session grant belongs to")
	cwd := fs.String("cwd", "", "project working directory for always grants (default: current directory)")
	category := fs.String("category", "", "grant a danger category (e.g. git-destructive) instead of a rule")
	risk := fs.String("risk", "", "risk of the finding being approved, for category grants: LOW, MEDIUM or HIGH")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	scope, err := api.ParseScope(*scopeFlag)
	if err != nil || scope == api.ScopeOnce {
		fmt.Fprintln(env.stderr, "warden: grants add: --scope must be session or always (a once approval is not stored)")
		return exitUsage
	}
	var text string
	switch {
	case *category != "" && fs.NArg() == 0:
		if !danger.Known(*category) {
			var slugs []string
			for _, c := range danger.All() {
				slugs = append(slugs, c.Slug)
			}
			fmt.Fprintf(env.stderr, "warden: grants add: unknown category %q; the categories are: %s\n", *category, strings.Join(slugs, ", "))
			return exitUsage
		}
		text = danger.Canonical(*category)
	case *category == "" && fs.NArg() == 1:
		text = fs.Arg(0)
		if _, err := rule.Parse(text, api.Allow, rule.Origin{Source: rule.SourceSession}); err != nil {
			return fail(env, "grants add: %s", oneLine(err))
		}
	default:
		fs.Usage()
		return exitUsage
	}
	if scope == api.ScopeSession && *session == "" {
		fmt.Fprintln(env.stderr, "warden: grants add: a session grant needs --session ID")
		return exitUsage
	}
	places, err := openGrantPlaces(env, *cwd)
	if err != nil {
		return fail(env, "grants: %v", err)
	}
	if *category != "" {
		if err := grant.CheckScope(*category, api.Risk(strings.ToUpper(*risk)), scope); err != nil {
			return fail(env, "grants add: %v", err)
		}
	}
	switch scope {
	case api.ScopeSession:
		g := grant.Grant{Scope: api.ScopeSession, Session: *session, Person: env.getenv("USER")}
		if *category != "" {
			g.Category = text
		} else {
			g.Rule = text
		}
		added, err := places.store.Add(ctx, g)
		if err != nil {
			return fail(env, "grants add: %s", oneLine(err))
		}
		fmt.Fprintf(env.stdout, "%s\tsession %s\t%s%s\n", added.ID, added.Session, added.Rule, added.Category)
	case api.ScopeAlways:
		var changed bool
		if *category != "" {
			changed, err = grant.AddAlwaysCategory(ctx, places.localFile, text, api.Risk(strings.ToUpper(*risk)))
			text = grant.CanonicalCategory(text)
		} else {
			changed, err = grant.AddAlwaysRule(ctx, places.localFile, text)
		}
		if err != nil {
			return fail(env, "grants add: %s", oneLine(err))
		}
		note := ""
		if !changed {
			note = " (already granted)"
		}
		id := grant.AlwaysID(text)
		if *category != "" {
			id = grant.AlwaysID("category:" + text)
		}
		fmt.Fprintf(env.stdout, "%s\talways\t%s\t%s%s\n", id, text, places.localFile, note)
	}
	return exitOK
}

func grantsRevoke(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "grants revoke", "grants revoke [--cwd DIR] ID|RULE|CATEGORY")
	cwd := fs.String("cwd", "", "project working directory for always grants (default: current directory)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	target := fs.Arg(0)
	places, err := openGrantPlaces(env, *cwd)
	if err != nil {
		return fail(env, "grants: %v", err)
	}
	n, err := places.store.Revoke(ctx, target)
	if err != nil {
		return fail(env, "grants revoke: %s", oneLine(err))
	}
	always, err := grant.AlwaysGrants(places.localFile)
	if err != nil {
		return fail(env, "grants revoke: %s", oneLine(err))
	}
	for _, g := range always {
		if g.ID != target && g.Rule != target && (g.Category == "" || grant.CanonicalCategory(g.Category) != grant.CanonicalCategory(target)) {
			continue
		}
		var removed bool
		if g.Rule != "" {
			removed, err = grant.RemoveAlwaysRule(ctx, places.localFile, g.Rule)
		} else {
			removed, err = grant.RemoveAlwaysCategory(ctx, places.localFile, g.Category)
		}
		if err != nil {
			return fail(env, "grants revoke: %s", oneLine(err))
		}
		if removed {
			n++
		}
	}
	if n == 0 {
		return fail(env, "grants revoke: no grant matches %q", target)
	}
	plural := "s"
	if n == 1 {
		plural = ""
	}
	fmt.Fprintf(env.stdout, "revoked %d grant%s\n", n, plural)
	return exitOK
}
