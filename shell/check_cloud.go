package shell

import (
	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"slices"
	"strings"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// cloudVerbDestroys reports an API operation name that deletes or stops.
func cloudVerbDestroys(op string) bool {
	op = strings.ToLower(op)
	for _, p := range []string{"delete", "terminate", "remove", "deregister", "destroy", "purge", "detach", "disable", "revoke", "cancel", "stop", "reset", "rb", "drop", "deprovision", "evict", "abandon", "unsubscribe", "untag", "undeploy"} {
		if strings.HasPrefix(op, p) {
			return true
		}
	}
	return op == "rm" || op == "rb" || strings.HasPrefix(op, "batch-delete")
}

func checkAWS(a *analyzer, c *call) {
	ops := c.operands()
	a.cloudFileParams(c, "file://", "fileb://")
	// The service and the operation as the entry reads them, the global
	// options skipped wherever they stand (aws --profile p s3 rm, aws s3
	// --region x rm); what an operation is by name alone (secretsmanager
	// get-secret-value, cloudtrail stop-logging) is its entry's Raises.
	res := a.entryParse(c)
	subs := res.SubIndexes()
	if len(subs) < 2 || subs[1] >= len(ops) || res.Spec != nil && len(res.Spec.Raises) > 0 {
		return
	}
	svc, op := ops[subs[0]].Value, ops[subs[1]].Value
	if res.Has("--dryrun", "--dry-run") {
		return
	}
	prod := a.optionValueIs(c, checks.ProdName)
	for _, x := range ops {
		if checks.ProdName(x.Value) {
			prod = true
		}
	}
	switch {
	case svc == "s3" && (op == "rm" || op == "rb"):
		if op == "rb" || res.Has("--recursive") || prod {
			a.flag(c, danger.CloudDestructive, "deletes S3 objects or buckets")
		} else {
			a.flagAt(c, danger.CloudDestructive, "deletes an S3 object", medium)
		}
	case svc == "s3" && (op == "sync" || op == "mv") && res.Has("--delete") || svc == "s3" && op == "mv":
		if !res.Has("--dryrun") {
			a.flag(c, danger.CloudDestructive, "aws s3 "+op+" deletes objects at the destination")
		}
	case svc == "s3" && (op == "cp" || op == "sync"):
		for _, x := range a.entryOperands(c) {
			p := a.resolve(x, c.cwd)
			if p != "" && (a.credentialFile(p) || p == a.opts.Home || fspath.Within(p, a.opts.Home+"/.ssh")) {
				a.flag(c, danger.Exfiltration, "uploads "+p+" to S3")
			}
		}
	case svc == "ssm" && (op == "get-parameter" || op == "get-parameters" || op == "get-parameters-by-path") && res.Has("--with-decryption"),
		svc == "configure" && op == "get" && len(res.Operands()) > 0 && strings.Contains(res.Operands()[0], "secret"):
		a.flag(c, danger.CredentialAccess, "aws "+svc+" "+op+" prints secret values")
	case svc == "route53" && op == "change-resource-record-sets" && strings.Contains(c.text, "DELETE"):
		a.flag(c, danger.CloudDestructive, "aws route53 change-resource-record-sets deletes DNS records")
	case svc == "iam" && (strings.HasPrefix(op, "attach-") || strings.HasPrefix(op, "put-") || op == "add-user-to-group" || op == "update-assume-role-policy" || op == "create-login-profile" || op == "update-login-profile"):
		a.flag(c, danger.Privilege, "aws iam "+op+" grants permissions")
	case svc == "logs" && strings.HasPrefix(op, "delete"):
		a.flag(c, danger.LogTampering, "aws "+svc+" "+op+" deletes or stops audit logs")
	case (svc == "rds" || svc == "ec2" || svc == "redshift" || svc == "dynamodb" || svc == "backup" || svc == "lightsail") && strings.Contains(op, "snapshot") && strings.HasPrefix(op, "delete"),
		svc == "backup" && strings.HasPrefix(op, "delete"):
		a.flag(c, danger.BackupDestruction, "aws "+svc+" "+op+" deletes backups")
	case cloudVerbDestroys(op):
		a.flag(c, danger.CloudDestructive, "aws "+svc+" "+op+" destroys or stops cloud resources")
	case prod && (strings.HasPrefix(op, "update") || strings.HasPrefix(op, "put") || strings.HasPrefix(op, "modify") || strings.HasPrefix(op, "create") || strings.HasPrefix(op, "run") || strings.HasPrefix(op, "reboot") || strings.HasPrefix(op, "set")):
		a.flag(c, danger.CloudDestructive, "aws "+svc+" "+op+" changes production resources")
	}
}

// cloudFileParams flags a credential file handed to a cloud CLI as a
// parameter's value: aws reads file://PATH and fileb://PATH, az reads
// @PATH, and the content goes to the provider (and into error messages).
func (a *analyzer) cloudFileParams(c *call, prefixes ...string) {
	for _, x := range c.operands() {
		v := x.Value
		if i := strings.IndexByte(v, '='); i > 0 && strings.HasPrefix(v, "--") {
			v = v[i+1:]
		}
		for _, pre := range prefixes {
			if p, ok := strings.CutPrefix(v, pre); ok && p != "" {
				if r := a.resolve(arg{Value: p, Lit: x.Lit, Raw: p}, c.cwd); r != "" && (a.credentialFile(r) || secretEnvFile(r)) {
					a.flag(c, danger.CredentialAccess, c.prog+" reads the credential file "+r+" as a parameter ("+pre+")")
				}
			}
		}
	}
}

// cloudUploads flags a copy to a bucket whose local source is a
// credential file: the part's operands read it and talk to a URL.
func (a *analyzer) cloudUploads(c *call) {
	url := ""
	for _, e := range c.fx {
		if e.Kind == programs.Network && strings.Contains(e.Target, "://") {
			url = e.Target
		}
	}
	for _, e := range c.fx {
		if url != "" && e.Kind == programs.Read && e.Option == "" && e.Target != "" && (a.credentialFile(e.Target) || secretEnvFile(e.Target)) {
			a.flag(c, danger.Exfiltration, c.prog+" uploads "+e.Target+" to "+url)
			return
		}
	}
}

func checkGcloud(a *analyzer, c *call) {
	a.cloudUploads(c)
	res := a.entryParse(c)
	if c.prog == "gsutil" {
		// The command after gsutil's own options (-m, -h HEADER, -o
		// OPTION); rsync's -d, not gsutil's own -d (debug), deletes.
		sub, subs := res.Sub(), res.SubIndexes()
		deletes := false
		for _, o := range res.Option("-d") {
			deletes = deletes || sub == "rsync" && o.Index > subs[0]
		}
		if sub == "rm" || sub == "rb" || deletes {
			a.flag(c, danger.CloudDestructive, "gsutil deletes objects or buckets")
		}
		return
	}
	if res.Spec != nil && len(res.Spec.Raises) > 0 {
		// secrets versions access, auth print-access-token, storage rm:
		// the entry's Raises.
		return
	}
	// The command's words as the entry reads them (gcloud --project p
	// compute instances delete vm --zone z: compute instances delete vm),
	// the global options and their values skipped in every spelling.
	words := cloudWords(c, res)
	if len(words) > 2 && words[0] == "logging" && slices.Contains(words[1:3], "delete") {
		a.flag(c, danger.LogTampering, "deletes cloud logs")
		return
	}
	for _, w := range words {
		if w == "delete" || w == "destroy" || w == "stop" || w == "reset" || w == "disable" || w == "remove-iam-policy-binding" || w == "undeploy" {
			a.flag(c, danger.CloudDestructive, "gcloud "+w+" destroys or stops cloud resources")
			return
		}
	}
}

// cloudWords returns a call's words in subcommand position and its
// operands, as its entry reads them: for gcloud and az, whose groups and
// commands no entry lists whole, the command path and the names after it.
func cloudWords(c *call, res *programs.Result) []string {
	ops := c.operands()
	var out []string
	for _, i := range res.SubIndexes() {
		if i < len(ops) {
			out = append(out, ops[i].Value)
		}
	}
	return append(out, res.Operands()...)
}

func checkAz(a *analyzer, c *call) {
	if c.prog != "az" {
		return
	}
	a.cloudFileParams(c, "@")
	res := a.entryParse(c)
	if res.Spec != nil && len(res.Spec.Raises) > 0 {
		// keyvault secret show, account get-access-token: the entry's
		// Raises.
		return
	}
	for _, w := range cloudWords(c, res) {
		if strings.HasPrefix(w, "delete") || w == "purge" || w == "stop" || w == "deallocate" || w == "remove" || w == "untag" {
			a.flag(c, danger.CloudDestructive, "az "+w+" destroys or stops cloud resources")
			return
		}
	}
}

func checkKubectl(a *analyzer, c *call) {
	ops := c.operands()
	res := a.entryParse(c)
	path := res.Sub() // "delete", "config use-context", "rollout status"
	sub, _, _ := strings.Cut(path, " ")
	prod := a.optionValueIs(c, checks.ProdName)
	for _, x := range ops {
		if checks.ProdName(x.Value) {
			prod = true
		}
	}
	if res.Spec == nil || res.Sub() == "" && len(res.Spec.Subcommands) == 0 {
		// kubectx: its operand is the context it switches to.
		if prod {
			a.flag(c, danger.CloudDestructive, "points kubectl at a production cluster: the commands after it change production")
		}
		return
	}
	if (path == "config use-context" || path == "config use" || path == "config set-context") && prod {
		a.flag(c, danger.CloudDestructive, "points kubectl at a production cluster: the commands after it change production")
		return
	}
	if res.Tried("--dry-run") {
		// --dry-run, --dry-run=client, --dry-run=server; =none is a run.
		if v, _ := res.Value("--dry-run"); v != "none" && v != "false" {
			return
		}
	}
	// The operands after the subcommand: delete's resource kind first.
	var kind string
	if o := res.Operands(); len(o) > 0 {
		kind = strings.ToLower(o[0])
	}
	switch sub {
	case "delete":
		switch {
		case res.Tried("--all", "--all-namespaces") || kind == "all" || strings.HasPrefix(kind, "namespace") || kind == "ns" || strings.HasPrefix(kind, "pv") || strings.HasPrefix(kind, "persistentvolume") ||
			strings.HasPrefix(kind, "node") || strings.HasPrefix(kind, "crd") || strings.HasPrefix(kind, "customresourcedefinition") || strings.HasPrefix(kind, "deploy") || strings.HasPrefix(kind, "statefulset") || strings.HasPrefix(kind, "sts") || strings.HasPrefix(kind, "secret") || strings.HasPrefix(kind, "service") || strings.HasPrefix(kind, "svc") || strings.HasPrefix(kind, "ingress") || strings.HasPrefix(kind, "daemonset") || strings.HasPrefix(kind, "configmap") || strings.HasPrefix(kind, "cm") || prod:
			a.flag(c, danger.CloudDestructive, "kubectl delete removes cluster resources ("+kind+")")
		case kind == "pod" || kind == "pods" || kind == "po" || strings.HasPrefix(kind, "pod/") || strings.HasPrefix(kind, "job"):
		default:
			a.flagAt(c, danger.CloudDestructive, "kubectl delete removes cluster resources", medium)
		}
	case "scale":
		if v, _ := res.Value("--replicas"); v == "0" || res.Tried("--all") || prod {
			a.flag(c, danger.CloudDestructive, "scales workloads down (to zero or in production)")
		}
	case "drain", "cordon", "taint":
		a.flag(c, danger.CloudDestructive, "kubectl "+sub+" takes nodes out of service")
	case "apply", "patch", "replace", "edit", "set", "rollout", "create", "label", "annotate", "autoscale", "expose":
		if path == "rollout status" || path == "rollout history" {
			return
		}
		if prod {
			a.flag(c, danger.CloudDestructive, "kubectl "+sub+" changes production resources")
		}
	case "exec", "run", "debug", "cp":
		if prod {
			a.flagAt(c, danger.CloudDestructive, "kubectl "+sub+" runs commands in production", medium)
		}
	case "get", "describe":
		if strings.HasPrefix(kind, "secret") && res.Has("--output") {
			a.flag(c, danger.CredentialAccess, "prints Kubernetes secret values")
		}
	case "config":
		if path == "config view" && res.Has("--raw", "--flatten") {
			a.flag(c, danger.CredentialAccess, "prints cluster credentials")
		}
		if path == "config delete-context" || path == "config delete-cluster" {
			a.flagAt(c, danger.CloudDestructive, "deletes cluster access configuration", medium)
		}
	}
}

func checkHelm(a *analyzer, c *call) {
	ops := c.operands()
	sub, _ := a.entrySub(c)
	res := a.entryParse(c)
	if res.Tried("--dry-run") {
		// --dry-run, --dry-run=client, --dry-run=server; =none is a run.
		if v, _ := res.Value("--dry-run"); v != "none" && v != "false" {
			return
		}
	}
	prod := a.optionValueIs(c, func(s string) bool { return checks.ProdName(s) || s == "kube-system" })
	for _, x := range ops {
		if checks.ProdName(x.Value) || x.Value == "kube-system" {
			prod = true
		}
	}
	switch sub {
	case "rollback":
		a.flagAt(c, danger.CloudDestructive, "helm rollback changes a running release", medium)
	case "upgrade", "install":
		if prod {
			a.flag(c, danger.PublishDeploy, "helm "+sub+" deploys to production")
		}
	}
}

func checkTerraform(a *analyzer, c *call) {
	ops := c.operands()
	res := a.entryParse(c)
	// The subcommand path as the entry reads it (terraform -chdir=infra
	// state rm, terragrunt run-all apply), global options skipped.
	path := strings.TrimPrefix(strings.TrimPrefix(res.Sub(), "run-all "), "run ")
	sub, next, _ := strings.Cut(path, " ")
	// The deploy platforms' command words and operands (doctl compute
	// droplet delete web, heroku apps:destroy), as their entries read
	// them: option values are not words.
	words := cloudWords(c, res)
	prod := a.optionValueIs(c, checks.ProdName)
	for _, x := range ops {
		if checks.ProdName(x.Value) {
			prod = true
		}
	}
	switch c.prog {
	case "terraform", "tofu", "terragrunt":
		// destroy (and terragrunt run-all destroy) is the entry's Raises.
		switch sub {
		case "apply":
			if res.Tried("-destroy") {
				a.flag(c, danger.CloudDestructive, c.prog+" apply -destroy deletes the infrastructure")
			} else if res.Tried("-auto-approve") {
				a.flag(c, danger.CloudDestructive, c.prog+" apply -auto-approve changes infrastructure without review")
			} else if prod {
				a.flag(c, danger.CloudDestructive, c.prog+" apply changes production infrastructure")
			}
		case "state":
			if next == "rm" || next == "push" || next == "replace-provider" {
				a.flagAt(c, danger.CloudDestructive, c.prog+" state "+next+" rewrites the state", medium)
			}
		case "workspace":
			if next == "delete" {
				a.flagAt(c, danger.CloudDestructive, "deletes a workspace", medium)
			}
		case "force-unlock", "taint", "import":
			a.flagAt(c, danger.CloudDestructive, c.prog+" "+sub+" changes state", medium)
		}
	case "pulumi":
		// destroy, down and stack rm are the entry's Raises.
		if (sub == "up" || sub == "update") && (res.Tried("--yes", "--skip-preview") || prod) {
			a.flag(c, danger.CloudDestructive, "pulumi up applies changes without review")
		}
	case "cdk":
		// destroy is the entry's Raises.
		if v, _ := res.Value("--require-approval"); sub == "deploy" && (v == "never" || prod) {
			a.flag(c, danger.PublishDeploy, "cdk deploy without approval")
		}
	case "serverless", "sls":
		// remove is the entry's Raises.
		if sub == "deploy" && prod {
			a.flag(c, danger.PublishDeploy, "deploys to production")
		}
	case "sam":
		// delete is the entry's Raises.
		if sub == "deploy" && (res.Tried("--no-confirm-changeset") || prod) {
			a.flag(c, danger.PublishDeploy, "sam deploy without confirmation")
		}
	case "eksctl", "doctl", "heroku", "fly", "flyctl", "railway", "render", "amplify", "copilot", "eb":
		if c.prog == "heroku" && (sub == "config" || sub == "config:get") {
			a.flag(c, danger.CredentialAccess, "heroku "+sub+" prints the app's config vars, its secrets among them")
			return
		}
		for _, w := range words {
			lw := strings.ToLower(w)
			if lw == "delete" || lw == "destroy" || strings.HasSuffix(lw, ":destroy") || strings.HasSuffix(lw, ":delete") || lw == "terminate" || lw == "remove" || lw == "rm" {
				a.flag(c, danger.CloudDestructive, c.prog+" "+w+" deletes cloud resources")
				return
			}
		}
		if sub == "deploy" || sub == "release" || sub == "up" {
			a.flag(c, danger.PublishDeploy, c.prog+" "+sub+" deploys the application")
		}
	case "vercel", "netlify", "firebase", "wrangler", "kamal":
		for _, w := range words {
			lw := strings.ToLower(w)
			if lw == "remove" || lw == "rm" || lw == "delete" || strings.HasSuffix(lw, ":delete") || lw == "destroy" {
				a.flag(c, danger.CloudDestructive, c.prog+" "+w+" deletes deployments or projects")
				return
			}
		}
		if res.Has("--prod") || sub == "deploy" && c.prog != "vercel" && c.prog != "netlify" || c.prog == "wrangler" && (sub == "deploy" || sub == "publish") || c.prog == "kamal" && sub == "deploy" {
			a.flag(c, danger.PublishDeploy, c.prog+" deploys to production")
		}
	}
}

func checkDocker(a *analyzer, c *call) {
	ops := c.operands()
	// The global options, as the entry reads them (-Hx, -H x, --host=x,
	// --host x alike).
	res := a.entryParse(c)
	for _, o := range res.Option("--host") {
		if !strings.HasPrefix(o.Target, "unix://") {
			a.flag(c, danger.ContainerDestructive, "points docker at another daemon ("+o.Target+")")
		}
	}
	for _, ctx := range res.Values("--context") {
		if checks.ProdName(ctx) {
			a.flag(c, danger.ContainerDestructive, "runs docker against the production context "+ctx)
		}
	}
	// The subcommand path as the entry reads it: "system prune", "compose
	// down" (compose's -f FILE and -p NAME skipped), "container run".
	subs := res.SubIndexes()
	if len(subs) == 0 || subs[len(subs)-1] >= len(ops) {
		return
	}
	sub := res.Sub()
	if top := programs.Lookup(baseName(c.prog)); top != nil && top.Subcommands["compose"] == nil {
		// The standalone compose: its subcommands are docker compose's.
		sub = "compose " + sub
	}
	rest := ops[subs[len(subs)-1]+1:]
	// A bool flag given a value (--all=true, cobra takes it) counts as
	// given: Tried.
	if res.Has("--dry-run") {
		return
	}
	mass := false
	for _, x := range rest {
		if x.Subst && (strings.Contains(x.Raw, " ps") || strings.Contains(x.Raw, " images") || strings.Contains(x.Raw, "volume ls")) {
			mass = true
		}
	}
	switch sub {
	case "system prune":
		if res.Tried("--all", "--volumes") {
			a.flag(c, danger.ContainerDestructive, "docker system prune -a/--volumes removes every unused image and volume")
		}
	case "volume prune", "volume rm", "volume remove":
		a.flag(c, danger.ContainerDestructive, "removes docker volumes and their data")
	case "image prune":
		if res.Tried("--all") {
			a.flagAt(c, danger.ContainerDestructive, "removes every unused image", medium)
		}
	case "rm", "container rm", "rmi", "image rm", "kill", "container kill", "stop", "container stop", "container prune", "network prune", "network rm":
		if mass || res.Tried("--all") {
			a.flag(c, danger.ContainerDestructive, "docker "+sub+" on every container or image")
		}
	case "context use", "context rm", "context update":
		target := ""
		if t := a.entryOperands(c); len(t) > 0 {
			target = t[0].Value
		}
		if target != "default" && target != "desktop-linux" && target != "colima" && target != "orbstack" && target != "rootless" {
			a.flag(c, danger.ContainerDestructive, "switches docker to another daemon ("+target+")")
		}
	case "compose down", "compose rm":
		if res.Tried("--volumes", "--rmi") {
			a.flag(c, danger.ContainerDestructive, "docker compose down -v deletes the project's volumes")
		}
	case "push", "image push", "compose push":
		a.flag(c, danger.PublishDeploy, "pushes an image to a registry")
	case "buildx build", "build", "buildx bake":
		registry := false
		for _, v := range res.Values("--output") {
			registry = registry || strings.Contains(v, "type=registry") || strings.Contains(v, "push=true")
		}
		if res.Tried("--push") || registry {
			a.flag(c, danger.PublishDeploy, "pushes an image to a registry")
		}
	case "swarm leave", "stack rm", "service rm", "stack remove", "service remove", "node rm", "secret rm", "machine rm":
		a.flag(c, danger.ContainerDestructive, "docker "+sub+" removes running services")
	case "system reset":
		a.flag(c, danger.ContainerDestructive, c.prog+" system reset deletes every container, image and volume")
	case "run", "container run", "create", "exec", "container exec":
		a.dockerRun(c, sub, rest)
	}
}

// dockerRun flags privileged containers and host mounts, and judges the
// command the container runs.
func (a *analyzer) dockerRun(c *call, sub string, rest []arg) {
	// The options as the entry of docker run reads them (-v/:/mnt, -v
	// /:/mnt, --volume=/:/mnt alike); they end at the image.
	words := make([]programs.Word, len(rest))
	for j, x := range rest {
		words[j] = programs.Word{Text: x.Value, Literal: x.Lit}
	}
	res := programs.Parse(programs.Lookup("docker").Subcommands["run"], words)
	i := len(rest)
	if len(res.OperandIndexes) > 0 {
		i = res.OperandIndexes[0]
	}
	for _, o := range res.Options {
		s, v := o.Option, o.Target
		switch s {
		case "--privileged":
			if v != "false" {
				a.flag(c, danger.Privilege, "runs a privileged container, which is root on the host")
			}
		case "--volume", "--mount":
			host := v
			if strings.HasPrefix(v, "type=") || strings.Contains(v, "source=") || strings.Contains(v, "src=") {
				for _, kv := range strings.Split(v, ",") {
					if k, val, ok := strings.Cut(kv, "="); ok && (k == "source" || k == "src") {
						host = val
					}
				}
			} else if j := strings.IndexByte(v, ':'); j >= 0 {
				host = v[:j]
			}
			hp := a.resolveString(host, c.cwd)
			switch {
			case strings.HasSuffix(host, "docker.sock"):
				a.flag(c, danger.Privilege, "mounts the docker socket, which gives root on the host")
			case hp == "/" || hp != "" && (a.critical(hp) && hp != a.opts.Home || fspath.Within(hp, "/etc") || fspath.Within(hp, "/root") || fspath.Within(hp, "/var/run") || fspath.Within(hp, "/proc")):
				a.flag(c, danger.Privilege, "mounts the host's "+hp+" into the container")
			}
		case "--pid", "--network", "--ipc", "--userns", "--uts":
			if v == "host" && s != "--network" {
				a.flag(c, danger.Privilege, "shares the host's "+strings.TrimPrefix(s, "--")+" namespace")
			}
		case "--cap-add":
			if u := strings.ToUpper(v); u == "ALL" || u == "SYS_ADMIN" || u == "SYS_PTRACE" || u == "SYS_MODULE" || u == "DAC_READ_SEARCH" {
				a.flag(c, danger.Privilege, "gives the container the "+v+" capability")
			}
		case "--security-opt":
			if strings.Contains(v, "unconfined") || strings.Contains(v, "label=disable") || strings.Contains(v, "label:disable") {
				a.flag(c, danger.Privilege, "turns off the container's security profile")
			}
		case "--device":
			if blockDevice(v) || strings.HasPrefix(v, "/dev/sd") {
				a.flag(c, danger.Privilege, "gives the container a raw disk device")
			}
		}
	}
	// The image (or container), then the command it runs.
	if i+1 < len(rest) && c.ctx.depth+1 <= a.opts.MaxDepth {
		words := make([]string, 0, len(rest)-i-1)
		for _, x := range rest[i+1:] {
			words = append(words, shellQuote(x.Value))
		}
		a.remote(strings.Join(words, " "), c)
	}
}

// shellQuote quotes a word so that re-parsing it yields the same word.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>(){}*?[]#~!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// lifecycleScripts are the package scripts npm runs by itself.
func lifecycleScripts(s string) bool {
	switch s {
	case "preinstall", "install", "postinstall", "prepare", "prepublish", "prepublishOnly", "prepack", "postpack",
		"preuninstall", "uninstall", "postuninstall", "dependencies":
		return true
	}
	return false
}

// checkPublish covers what publishes or changes a published package and
// is not one subcommand of the program's entry, which declares those as
// its Raises (npm publish, cargo publish, twine upload, gem push, each
// unless its own dry-run option is on): a lifecycle script set in
// package.json, python running twine or setup.py upload, mvn's deploy
// goals and gradle's publishing tasks among the operands, goreleaser
// release without a snapshot or its publish skipped. Every word is read
// as the program's entry reads it.
func checkPublish(a *analyzer, c *call) {
	res := a.entryParse(c)
	flag := func(what string) { a.flag(c, danger.PublishDeploy, what) }
	switch c.prog {
	case "npm", "pnpm":
		// A lifecycle script runs on every install of the package:
		// npm pkg set scripts.NAME=CMD (npm pk set: npm takes a command's
		// prefix), npm set-script NAME CMD (npm 7-8).
		sub, ops := res.Sub(), res.Operands()
		for i, w := range ops {
			name := w
			switch {
			case (sub == "pkg set" || sub == "pk set") && strings.HasPrefix(w, "scripts."):
				name = strings.TrimPrefix(w, "scripts.")
			case sub == "set-script" && i == 0:
			default:
				continue
			}
			name, _, _ = strings.Cut(name, "=")
			if lifecycleScripts(name) {
				a.flag(c, danger.Persistence, "sets the package's "+name+" script, which runs on every install")
				return
			}
		}
	case "python", "python3":
		// python -m twine upload (-mtwine too), python setup.py upload:
		// the module or script and its words, as python's entry reads
		// them.
		args := res.Operands()
		mod, _ := res.Value("-m")
		if mod == "twine" && slices.Contains(args, "upload") || len(args) > 1 && path.Base(args[0]) == "setup.py" && slices.Contains(args[1:], "upload") {
			flag("uploads the package to an index")
		}
	case "mvn", "mvnw", "./mvnw":
		// mvnw is the project's wrapper around the same mvn.
		// The goals and phases, as mvn's entry reads them (-f FILE, -P
		// PROFILE, -D PROP skipped).
		for _, g := range res.Operands() {
			if g == "deploy" || g == "release:perform" || g == "deploy:deploy-file" {
				flag("mvn deploy publishes artifacts")
				break
			}
		}
	case "gradle", "./gradlew", "gradlew":
		// The tasks, as gradle's entry reads them; -m|--dry-run runs
		// none of them.
		if res.Has("--dry-run") {
			return
		}
		for _, w := range res.Operands() {
			if strings.HasPrefix(w, "publish") && w != "publishToMavenLocal" || w == "uploadArchives" {
				flag("gradle " + w + " publishes artifacts")
				return
			}
		}
	case "goreleaser":
		// release publishes unless --snapshot, --prepare or publish among
		// the --skip values (--skip=publish,announce, --skip publish, as
		// the entry reads them); publish, continue and announce are the
		// entry's Raises.
		if sub := res.Sub(); (sub == "release" || sub == "r") && !res.Has("--snapshot", "--prepare", "--skip-publish") && !skipsPublish(res.Values("--skip")) {
			flag("goreleaser release publishes a release")
		}
	}
}

// skipsPublish reports whether goreleaser --skip values name publish.
func skipsPublish(values []string) bool {
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			if strings.TrimSpace(s) == "publish" {
				return true
			}
		}
	}
	return false
}

// checkObjectStores covers object-storage clients other than the cloud
// CLIs, reading each call with its entry (programs/objectstores.go): the
// command after the global options, its dry-run and delete options in
// every spelling.
func checkObjectStores(a *analyzer, c *call) {
	res := a.entryParse(c)
	if res.Spec == nil || res.Has("--dry-run", "--fake") {
		return
	}
	first, _ := a.entrySub(c)
	switch c.prog {
	case "s3cmd":
		if first == "del" || first == "rm" || first == "rb" || first == "sync" && res.Has("--delete-removed") {
			a.flag(c, danger.CloudDestructive, "s3cmd "+first+" deletes objects or buckets")
		}
	case "rclone":
		switch first {
		case "purge", "delete", "deletefile", "rmdir", "rmdirs", "cleanup", "dedupe":
			a.flag(c, danger.CloudDestructive, "rclone "+first+" deletes remote files")
		case "sync", "move":
			a.flag(c, danger.CloudDestructive, "rclone "+first+" deletes files at the destination that are not in the source")
		}
		switch first {
		case "copy", "copyto", "sync", "move", "moveto":
			// The source, the first operand after the command.
			if src := a.entryOperands(c); len(src) > 0 {
				if p := a.resolve(src[0], c.cwd); p != "" && (a.sensitiveTree(p) || a.sensitiveFile(p)) {
					a.flag(c, danger.Exfiltration, "rclone "+first+" sends "+p+" to a remote")
				}
			}
		}
	case "mc":
		if first == "rm" || first == "rb" || first == "mirror" && res.Has("--remove") {
			a.flag(c, danger.CloudDestructive, "mc "+first+" deletes objects or buckets")
		}
	case "azcopy", "b2":
		del := res.Has("--delete")
		if v, ok := res.Value("--delete-destination"); ok && !strings.EqualFold(v, "false") {
			del = true
		}
		if first == "remove" || first == "rm" || first == "delete-bucket" || first == "sync" && del {
			a.flag(c, danger.CloudDestructive, c.prog+" "+first+" deletes remote objects")
		}
	}
}

func checkSecrets(a *analyzer, c *call) {
	ops := c.operands()
	first, second := "", ""
	if len(ops) > 0 {
		first = ops[0].Value
	}
	if len(ops) > 1 {
		second = ops[1].Value
	}
	flag := func(what string) {
		if !a.outputMasked(c) && !hasOutput(c.redirs) {
			a.flag(c, danger.CredentialAccess, what)
		}
	}
	switch c.prog {
	case "vault":
		if first == "read" || first == "kv" && second == "get" || first == "token" && second == "create" || first == "print" && second == "token" {
			flag("vault prints secret values")
		}
	case "op":
		if first == "read" || first == "item" && second == "get" || first == "document" && second == "get" || first == "inject" {
			flag("1Password CLI prints secrets")
		}
	case "doppler", "infisical", "chamber":
		if first == "secrets" && (len(ops) == 1 || second == "get" || second == "download") || first == "export" || first == "read" {
			flag(c.prog + " prints secret values")
		}
	case "security":
		// The subcommand after security's own options (-q, -p PROMPT);
		// -w and -g print the password, bundled or apart.
		res := a.entryParse(c)
		sub := res.Sub()
		if (sub == "find-generic-password" || sub == "find-internet-password") && res.Has("-w", "-g") || sub == "dump-keychain" || sub == "export" {
			flag("reads passwords from the macOS keychain")
		}
	case "secret-tool":
		if first == "lookup" || first == "search" {
			flag("reads secrets from the keyring")
		}
	case "pass", "gopass":
		// The subcommand as the entry reads it; a word that is none is the
		// name of a password, shown. pass ls NAME and pass list NAME are
		// pass show NAME, where gopass ls NAME lists a folder and gopass
		// pwgen prints new random passwords: the entry tells them apart.
		// A subcommand whose entry declares its danger (deleting a
		// password, overwriting one with mv -f) shows none.
		res := a.entryParse(c)
		switch sub := res.Sub(); {
		case res.Spec != nil && len(res.Spec.Raises) > 0:
		case sub == "", sub == "find", sub == "search", sub == "init", sub == "insert", sub == "generate", sub == "git", sub == "help", sub == "version":
		case sub == "ls", sub == "list", sub == "pwgen":
			if !res.ReadOnly() {
				flag(c.prog + " prints a password")
			}
		default:
			flag(c.prog + " prints a password")
		}
	case "bw", "lpass":
		if first == "get" || first == "show" || first == "export" {
			flag(c.prog + " prints vault secrets")
		}
	case "keyctl":
		if first == "print" || first == "pipe" || first == "read" {
			flag("prints a kernel keyring secret")
		}
	case "sops":
		// -d, -decrypt, --decrypt or the decrypt subcommand; -i writes the
		// plaintext back to the file instead.
		if res := a.entryParse(c); (res.Has("--decrypt") || res.Sub() == "decrypt") && !res.Has("--in-place") {
			flag(c.prog + " prints decrypted secrets")
		}
	case "age":
		// Decrypting to standard output; -o FILE writes the plaintext there.
		if res := a.entryParse(c); res.Has("--decrypt") && len(res.Values("--output")) == 0 {
			flag(c.prog + " prints decrypted secrets")
		}
	case "git-credential":
		flag("git credential prints stored credentials")
	case "kubeseal":
		// --recovery-unseal decrypts sealed secrets with the controller's
		// private keys, and prints them.
		if a.entryParse(c).Has("--recovery-unseal") {
			flag("kubeseal --recovery-unseal prints decrypted secrets")
		}
	case "gpg":
		// In any spelling gpg takes: --export-secret-k is a prefix.
		if a.entryParse(c).Has("--export-secret-keys", "--export-secret-subkeys") {
			flag("exports private keys")
		}
	}
}
