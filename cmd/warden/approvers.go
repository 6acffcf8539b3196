package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/wardenhq/warden/approvers"
)

const approversUsage = "approvers add [--file FILE] NAME\n" +
	"       warden approvers list [--file FILE] [--json]\n" +
	"       warden approvers remove [--file FILE] NAME"

func init() {
	addCommand(&command{
		name:    "approvers",
		summary: "add, list and remove the named approvers of warden serve --approvers",
		run:     runApprovers,
	})
}

func runApprovers(_ context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(env.stderr, "usage: warden %s\n", approversUsage)
		return exitUsage
	}
	switch args[0] {
	case "add":
		return approversAdd(env, args[1:])
	case "list":
		return approversList(env, args[1:])
	case "remove":
		return approversRemove(env, args[1:])
	case "-h", "--help", "help":
		fmt.Fprintf(env.stdout, "usage: warden %s\n", approversUsage)
		return exitOK
	}
	fmt.Fprintf(env.stderr, "warden: approvers: unknown subcommand %q (want add, list or remove)\n", args[0])
	return exitUsage
}

// approversFlags is a subcommand's flag set with its --file.
type approversFlags struct {
	fs   *flag.FlagSet
	file *string
}

func approversFileFlag(env *cliEnv, name, usage string) approversFlags {
	fs := newFlagSet(env, name, usage)
	file := fs.String("file", approvers.DefaultPath(env.getenv), "the approvers `FILE` (created 0600), the one given to warden serve --approvers")
	return approversFlags{fs: fs, file: file}
}

func approversAdd(env *cliEnv, args []string) int {
	f := approversFileFlag(env, "approvers add", "approvers add [--file FILE] NAME")
	if code := parseFlags(f.fs, args); code >= 0 {
		return code
	}
	if f.fs.NArg() != 1 {
		f.fs.Usage()
		return exitUsage
	}
	name := f.fs.Arg(0)
	token, err := approvers.Add(*f.file, name, time.Now())
	if err != nil {
		return fail(env, "approvers add: %v", err)
	}
	fmt.Fprintln(env.stdout, token)
	fmt.Fprintf(env.stderr, "warden: approver %q added to %s; the token above is shown this once: give it to %s, whose browser it logs in (ADDRESS/?token=TOKEN). A daemon reads the file when it starts: warden serve --approvers %s\n",
		name, *f.file, name, *f.file)
	return exitOK
}

func approversList(env *cliEnv, args []string) int {
	f := approversFileFlag(env, "approvers list", "approvers list [--file FILE] [--json]")
	asJSON := f.fs.Bool("json", false, "print the approvers as a JSON array (names and when they were added, never tokens)")
	if code := parseFlags(f.fs, args); code >= 0 {
		return code
	}
	if f.fs.NArg() > 0 {
		f.fs.Usage()
		return exitUsage
	}
	list, err := approvers.List(*f.file)
	if err != nil {
		return fail(env, "approvers list: %v", err)
	}
	if *asJSON {
		type row struct {
			Name  string    `json:"name"`
			Added time.Time `json:"added"`
		}
		rows := make([]row, 0, len(list))
		for _, a := range list {
			rows = append(rows, row{a.Name, a.Added})
		}
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return fail(env, "approvers list: %v", err)
		}
		return exitOK
	}
	if len(list) == 0 {
		fmt.Fprintf(env.stdout, "no approvers in %s\n", *f.file)
		return exitOK
	}
	tw := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tADDED")
	for _, a := range list {
		fmt.Fprintf(tw, "%s\t%s\n", a.Name, a.Added.Local().Format("2006-01-02 15:04"))
	}
	if err := tw.Flush(); err != nil {
		return fail(env, "approvers list: %v", err)
	}
	return exitOK
}

func approversRemove(env *cliEnv, args []string) int {
	f := approversFileFlag(env, "approvers remove", "approvers remove [--file FILE] NAME")
	if code := parseFlags(f.fs, args); code >= 0 {
		return code
	}
	if f.fs.NArg() != 1 {
		f.fs.Usage()
		return exitUsage
	}
	if err := approvers.Remove(*f.file, f.fs.Arg(0)); err != nil {
		return fail(env, "approvers remove: %v", err)
	}
	fmt.Fprintf(env.stderr, "warden: approver %q removed from %s; daemons started with it stop accepting its token when they restart\n", f.fs.Arg(0), *f.file)
	return exitOK
}
