package checks

import (
	"github.com/wardenhq/warden/danger"
	"path"
	"slices"
	"strings"
)

// ServiceCLIs are command-line clients of a remote service — secret
// stores, feature flags, queues and streams, CDNs, API gateways, CI
// systems, monitoring, payments, search — whose subcommands are words:
// SERVICE [GROUP...] VERB [NAME]. Deleting, purging, disabling, revoking,
// archiving, rolling a key or activating a version acts on the service
// itself, which the agent cannot take back; listing, reading, creating
// and updating are left to the rest of the catalogue.
var ServiceCLIs = []string{
	"vault", "op", "doppler", "infisical",
	"nats", "rabbitmqctl", "rabbitmqadmin", "rpk", "kcat",
	"kafka-topics", "kafka-topics.sh", "kafka-consumer-groups", "kafka-consumer-groups.sh", "kafka-configs", "kafka-configs.sh",
	"kafka-acls", "kafka-acls.sh", "kafka-delete-records", "kafka-delete-records.sh",
	"fastly", "apigeecli", "deck", "circleci", "glab", "gitlab-runner",
	"flipt", "ldcli", "split", "unleash", "algolia", "stripe", "square",
	"newrelic", "pd", "datadog-ci", "splunk", "mc", "wrangler",
}

// BackupCLIs are the backup tools: what they delete is a backup (R18).
var BackupCLIs = []string{"velero", "borg", "borgmatic", "restic", "kopia", "duplicity", "bacula", "tarsnap"}

// serviceVerbDestroys reports a subcommand word of a service CLI that
// destroys, disables or irreversibly changes something on the service.
func serviceVerbDestroys(prog, w string) bool {
	w = strings.ToLower(w)
	if strings.HasPrefix(w, "cancel") {
		return false // a run or job cancelled can be run again
	}
	switch prog {
	case "flipt", "ldcli", "split", "unleash", "gh", "glab":
		if w == "disable" || w == "kill" {
			return false // a feature flag or workflow toggle, turned back on with one command
		}
	}
	if cloudVerbDestroys(w) {
		return true
	}
	for _, p := range []string{"del", "archive", "kill", "unregister", "uninstall", "roll", "forget", "unsubscribe", "untag", "unset", "clear",
		"break-lock", "dedupe", "compact", "rdelete", "repo-delete", "force_reset", "force-reset", "prune", "wipe", "erase", "expire"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	switch prog {
	case "fastly":
		return w == "activate" // puts a service version in production
	case "deck":
		return w == "sync" // deletes every entity the file does not hold
	case "wrangler":
		return w == "rollback"
	case "splunk":
		return w == "clean" // splunk clean eventdata empties an index
	}
	return false
}

// serviceOptionsDestroy are option spellings of the same verbs
// (kafka-topics --delete, kafka-configs --delete-config, restic unlock
// --remove-all).
var serviceOptionsDestroy = []string{"--delete", "--delete-config", "--remove", "--remove-all", "--purge", "--force-delete"}

func ServiceCLI(c Call) {
	ops := c.Args()
	for i, x := range ops {
		if x.Value == "--" {
			ops = ops[:i] // what follows is a command the CLI runs (doppler run -- CMD), judged as such
			break
		}
	}
	// The entry reads the options in every spelling (kafka-topics
	// --del=, --dry-r).
	res := c.Parse()
	if res.Has("--dry-run") {
		return
	}
	backup := false
	for _, b := range BackupCLIs {
		backup = backup || c.Program() == b
	}
	if strings.Contains(c.Program(), "delete") {
		c.Flag(danger.CloudDestructive, c.Program()+" deletes data on the service")
		return
	}
	if res.Has(serviceOptionsDestroy...) || res.Has("--reset-offsets") && res.Has("--execute") {
		if backup {
			c.Flag(danger.BackupDestruction, c.Program()+" deletes backups or the means to restore them")
		} else {
			c.Flag(danger.CloudDestructive, c.Program()+" deletes or resets data on the service")
		}
		return
	}
	// glab api -X DELETE is its entry's Raises.
	words := ops
	if res.Spec != nil && res.Known() {
		// The command words and operands the entry finds, when it knows
		// the whole line: an option's value (--topic delete) is no verb.
		words = nil
		idx := append(slices.Clone(res.SubIndexes()), res.OperandIndexes...)
		slices.Sort(idx)
		for _, i := range idx {
			if i < len(ops) {
				words = append(words, ops[i])
			}
		}
	}
	n := 0
	for _, x := range words {
		if strings.HasPrefix(x.Value, "-") {
			continue
		}
		if n == 0 && (x.Value == "run" || x.Value == "exec") {
			return // op run, doppler run, infisical run: a command, judged as such
		}
		if n++; n > 4 {
			break
		}
		if serviceVerbDestroys(c.Program(), x.Value) {
			if backup {
				c.Flag(danger.BackupDestruction, c.Program()+" "+x.Value+" deletes backups or the means to restore them")
			} else {
				c.Flag(danger.CloudDestructive, c.Program()+" "+x.Value+" destroys, disables or replaces resources on the service")
			}
			return
		}
	}
}

// checkJenkinsCLI reads java -jar jenkins-cli.jar: a service CLI run by
// the JVM.
func JenkinsCLI(c Call) {
	ops := c.Args()
	for i := 0; i+1 < len(ops); i++ {
		if ops[i].Value != "-jar" || !strings.Contains(path.Base(ops[i+1].Value), "jenkins-cli") {
			continue
		}
		for _, x := range ops[i+2:] {
			if !strings.HasPrefix(x.Value, "-") && !strings.Contains(x.Value, "://") && serviceVerbDestroys("jenkins-cli", x.Value) {
				c.Flag(danger.CloudDestructive, "jenkins-cli "+x.Value+" destroys resources on the Jenkins server")
				return
			}
		}
	}
}

// checkDaemonSignal reads the signal options of web servers and proxies,
// as their entries parse them: nginx -s stop|quit, haproxy -sf/-st PID and
// httpd -k stop|graceful-stop (apachectl -k too) stop the running daemon
// (R9). apachectl stop is its entry's own danger.
func DaemonSignal(c Call) {
	res := c.Parse()
	if res.Help {
		return
	}
	if res.Has("-sf", "-st") {
		c.Flag(danger.ProcessKill, c.Program()+" -sf/-st terminates the running proxy's processes")
		return
	}
	for _, v := range values(c, "-s") {
		if v.Value == "stop" || v.Value == "quit" {
			c.Flag(danger.ProcessKill, c.Program()+" -s "+v.Value+" stops the running server")
			return
		}
	}
	for _, v := range values(c, "-k") {
		if v.Value == "stop" || v.Value == "graceful-stop" {
			c.Flag(danger.ProcessKill, c.Program()+" stops the running server")
			return
		}
	}
}

// adminSocketVerbs are the runtime API commands of HAProxy's (and
// similar proxies') admin socket that take servers out of service or drop
// their state.
var adminSocketVerbs = []string{"disable ", "shutdown ", "del ", "clear table", "clear map", "clear acl", "set server"}

// checkAdminStdin reads the commands a program takes on standard input
// when that input is literal: nsupdate's update delete, and the runtime
// commands written to a proxy's admin socket through socat or nc.
func AdminStdin(c Call) {
	text, ok := c.StdinText()
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		if c.Program() == "nsupdate" {
			if strings.HasPrefix(l, "delete ") || strings.HasPrefix(l, "update delete ") || strings.HasPrefix(l, "update del ") || strings.HasPrefix(l, "del ") {
				c.Flag(danger.CloudDestructive, "nsupdate deletes DNS records")
				return
			}
			continue
		}
		if !strings.Contains(c.Text(), ".sock") {
			return
		}
		for _, v := range adminSocketVerbs {
			if strings.HasPrefix(l, v) {
				c.Flag(danger.CloudDestructive, "tells a proxy's admin socket to "+strings.TrimSpace(v)+" a server or its state")
				return
			}
		}
	}
}

// AppCode hands the walk the Ruby code rails runner CODE (and
// gitlab-rails runner) runs against the application; a script by file
// name is not known here.
func AppCode(c Finder) {
	res := c.Parse()
	if res.Spec == nil || res.Help {
		return
	}
	if sub := res.Sub(); sub == "runner" || sub == "r" {
		if pos := res.Operands(); len(pos) > 0 && !strings.HasSuffix(pos[0], ".rb") {
			c.Code("ruby", pos[0])
		}
	}
}

// checkAppRunner reads an application's own runners: rails runner CODE
// (and GitLab's gitlab-rails) runs Ruby against the application's
// database, judged as interpreter code; a rake task that restores a backup
// (gitlab-rake gitlab:backup:restore) writes it over the live data.
func AppRunner(c Call) {
	res := c.Parse()
	if res.Spec == nil || res.Help {
		return
	}
	switch sub := res.Sub(); {
	case sub == "":
		// rake and gitlab-rake: the operands are tasks.
		for _, t := range res.Operands() {
			if strings.HasSuffix(t, ":restore") {
				c.Flag(danger.DBDestructive, c.Program()+" "+t+" restores a backup over the live data")
				return
			}
		}
	}
}
