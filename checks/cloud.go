package checks

import (
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/pathclass"
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

func AWS(c Call) {
	ops := c.Args()
	cloudFileParams(c, "file://", "fileb://")
	// The service and the operation as the entry reads them, the global
	// options skipped wherever they stand (aws --profile p s3 rm, aws s3
	// --region x rm); what an operation is by name alone (secretsmanager
	// get-secret-value, cloudtrail stop-logging) is its entry's Raises.
	res := c.Parse()
	subs := res.SubIndexes()
	if len(subs) < 2 || subs[1] >= len(ops) || res.Spec != nil && len(res.Spec.Raises) > 0 {
		return
	}
	svc, op := ops[subs[0]].Value, ops[subs[1]].Value
	if res.Has("--dryrun", "--dry-run") {
		return
	}
	prod := anyValue(c, ProdName)
	for _, x := range ops {
		if ProdName(x.Value) {
			prod = true
		}
	}
	switch {
	case svc == "s3" && (op == "rm" || op == "rb"):
		if op == "rb" || res.Has("--recursive") || prod {
			c.Flag(danger.CloudDestructive, "deletes S3 objects or buckets")
		} else {
			c.FlagAt(danger.CloudDestructive, "deletes an S3 object", medium)
		}
	case svc == "s3" && (op == "sync" || op == "mv") && res.Has("--delete") || svc == "s3" && op == "mv":
		if !res.Has("--dryrun") {
			c.Flag(danger.CloudDestructive, "aws s3 "+op+" deletes objects at the destination")
		}
	case svc == "s3" && (op == "cp" || op == "sync"):
		for _, x := range c.Operands() {
			p := c.Resolve(x)
			if p != "" && (c.Credential(p) || p == c.Home() || fspath.Within(p, c.Home()+"/.ssh")) {
				c.Flag(danger.Exfiltration, "uploads "+p+" to S3")
			}
		}
	case svc == "ssm" && (op == "get-parameter" || op == "get-parameters" || op == "get-parameters-by-path") && res.Has("--with-decryption"),
		svc == "configure" && op == "get" && len(res.Operands()) > 0 && strings.Contains(res.Operands()[0], "secret"):
		c.Flag(danger.CredentialAccess, "aws "+svc+" "+op+" prints secret values")
	case svc == "route53" && op == "change-resource-record-sets" && strings.Contains(c.Text(), "DELETE"):
		c.Flag(danger.CloudDestructive, "aws route53 change-resource-record-sets deletes DNS records")
	case svc == "iam" && (strings.HasPrefix(op, "attach-") || strings.HasPrefix(op, "put-") || op == "add-user-to-group" || op == "update-assume-role-policy" || op == "create-login-profile" || op == "update-login-profile"):
		c.Flag(danger.Privilege, "aws iam "+op+" grants permissions")
	case svc == "logs" && strings.HasPrefix(op, "delete"):
		c.Flag(danger.LogTampering, "aws "+svc+" "+op+" deletes or stops audit logs")
	case (svc == "rds" || svc == "ec2" || svc == "redshift" || svc == "dynamodb" || svc == "backup" || svc == "lightsail") && strings.Contains(op, "snapshot") && strings.HasPrefix(op, "delete"),
		svc == "backup" && strings.HasPrefix(op, "delete"):
		c.Flag(danger.BackupDestruction, "aws "+svc+" "+op+" deletes backups")
	case cloudVerbDestroys(op):
		c.Flag(danger.CloudDestructive, "aws "+svc+" "+op+" destroys or stops cloud resources")
	case prod && (strings.HasPrefix(op, "update") || strings.HasPrefix(op, "put") || strings.HasPrefix(op, "modify") || strings.HasPrefix(op, "create") || strings.HasPrefix(op, "run") || strings.HasPrefix(op, "reboot") || strings.HasPrefix(op, "set")):
		c.Flag(danger.CloudDestructive, "aws "+svc+" "+op+" changes production resources")
	}
}

// cloudFileParams flags a credential file handed to a cloud CLI as a
// parameter's value: aws reads file://PATH and fileb://PATH, az reads
// @PATH, and the content goes to the provider (and into error messages).
func cloudFileParams(c Call, prefixes ...string) {
	for _, x := range c.Args() {
		v := x.Value
		if i := strings.IndexByte(v, '='); i > 0 && strings.HasPrefix(v, "--") {
			v = v[i+1:]
		}
		for _, pre := range prefixes {
			if p, ok := strings.CutPrefix(v, pre); ok && p != "" {
				if r := c.Resolve(Word{Value: p, Lit: x.Lit, Raw: p}); r != "" && (c.Credential(r) || pathclass.SecretEnv.Is(r, "")) {
					c.Flag(danger.CredentialAccess, c.Program()+" reads the credential file "+r+" as a parameter ("+pre+")")
				}
			}
		}
	}
}

// cloudUploads flags a copy to a bucket whose local source is a
// credential file: the part's operands read it and talk to a URL.
func cloudUploads(c Call) {
	url := ""
	for _, e := range c.Effects() {
		if e.Kind == programs.Network && strings.Contains(e.Target, "://") {
			url = e.Target
		}
	}
	for _, e := range c.Effects() {
		if url != "" && e.Kind == programs.Read && e.Option == "" && e.Target != "" && (c.Credential(e.Target) || pathclass.SecretEnv.Is(e.Target, "")) {
			c.Flag(danger.Exfiltration, c.Program()+" uploads "+e.Target+" to "+url)
			return
		}
	}
}

func Gcloud(c Call) {
	cloudUploads(c)
	res := c.Parse()
	if c.Program() == "gsutil" {
		// The command after gsutil's own options (-m, -h HEADER, -o
		// OPTION); rsync's -d, not gsutil's own -d (debug), deletes.
		sub, subs := res.Sub(), res.SubIndexes()
		deletes := false
		for _, o := range res.Option("-d") {
			deletes = deletes || sub == "rsync" && o.Index > subs[0]
		}
		if sub == "rm" || sub == "rb" || deletes {
			c.Flag(danger.CloudDestructive, "gsutil deletes objects or buckets")
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
		c.Flag(danger.LogTampering, "deletes cloud logs")
		return
	}
	for _, w := range words {
		if w == "delete" || w == "destroy" || w == "stop" || w == "reset" || w == "disable" || w == "remove-iam-policy-binding" || w == "undeploy" {
			c.Flag(danger.CloudDestructive, "gcloud "+w+" destroys or stops cloud resources")
			return
		}
	}
}

// cloudWords returns a call's words in subcommand position and its
// operands, as its entry reads them: for gcloud and az, whose groups and
// commands no entry lists whole, the command path and the names after it.
func cloudWords(c Call, res *programs.Result) []string {
	ops := c.Args()
	var out []string
	for _, i := range res.SubIndexes() {
		if i < len(ops) {
			out = append(out, ops[i].Value)
		}
	}
	return append(out, res.Operands()...)
}

func Az(c Call) {
	if c.Program() != "az" {
		return
	}
	cloudFileParams(c, "@")
	res := c.Parse()
	if res.Spec != nil && len(res.Spec.Raises) > 0 {
		// keyvault secret show, account get-access-token: the entry's
		// Raises.
		return
	}
	for _, w := range cloudWords(c, res) {
		if strings.HasPrefix(w, "delete") || w == "purge" || w == "stop" || w == "deallocate" || w == "remove" || w == "untag" {
			c.Flag(danger.CloudDestructive, "az "+w+" destroys or stops cloud resources")
			return
		}
	}
}

func Kubectl(c Call) {
	ops := c.Args()
	res := c.Parse()
	path := res.Sub() // "delete", "config use-context", "rollout status"
	sub, _, _ := strings.Cut(path, " ")
	prod := anyValue(c, ProdName)
	for _, x := range ops {
		if ProdName(x.Value) {
			prod = true
		}
	}
	if res.Spec == nil || res.Sub() == "" && len(res.Spec.Subcommands) == 0 {
		// kubectx: its operand is the context it switches to.
		if prod {
			c.Flag(danger.CloudDestructive, "points kubectl at a production cluster: the commands after it change production")
		}
		return
	}
	if (path == "config use-context" || path == "config use" || path == "config set-context") && prod {
		c.Flag(danger.CloudDestructive, "points kubectl at a production cluster: the commands after it change production")
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
			c.Flag(danger.CloudDestructive, "kubectl delete removes cluster resources ("+kind+")")
		case kind == "pod" || kind == "pods" || kind == "po" || strings.HasPrefix(kind, "pod/") || strings.HasPrefix(kind, "job"):
		default:
			c.FlagAt(danger.CloudDestructive, "kubectl delete removes cluster resources", medium)
		}
	case "scale":
		if v, _ := res.Value("--replicas"); v == "0" || res.Tried("--all") || prod {
			c.Flag(danger.CloudDestructive, "scales workloads down (to zero or in production)")
		}
	case "drain", "cordon", "taint":
		c.Flag(danger.CloudDestructive, "kubectl "+sub+" takes nodes out of service")
	case "apply", "patch", "replace", "edit", "set", "rollout", "create", "label", "annotate", "autoscale", "expose":
		if path == "rollout status" || path == "rollout history" {
			return
		}
		if prod {
			c.Flag(danger.CloudDestructive, "kubectl "+sub+" changes production resources")
		}
	case "exec", "run", "debug", "cp":
		if prod {
			c.FlagAt(danger.CloudDestructive, "kubectl "+sub+" runs commands in production", medium)
		}
	case "get", "describe":
		if strings.HasPrefix(kind, "secret") && res.Has("--output") {
			c.Flag(danger.CredentialAccess, "prints Kubernetes secret values")
		}
	case "config":
		if path == "config view" && res.Has("--raw", "--flatten") {
			c.Flag(danger.CredentialAccess, "prints cluster credentials")
		}
		if path == "config delete-context" || path == "config delete-cluster" {
			c.FlagAt(danger.CloudDestructive, "deletes cluster access configuration", medium)
		}
	}
}

func Helm(c Call) {
	ops := c.Args()
	sub, _ := c.Sub()
	res := c.Parse()
	if res.Tried("--dry-run") {
		// --dry-run, --dry-run=client, --dry-run=server; =none is a run.
		if v, _ := res.Value("--dry-run"); v != "none" && v != "false" {
			return
		}
	}
	prod := anyValue(c, func(s string) bool { return ProdName(s) || s == "kube-system" })
	for _, x := range ops {
		if ProdName(x.Value) || x.Value == "kube-system" {
			prod = true
		}
	}
	switch sub {
	case "rollback":
		c.FlagAt(danger.CloudDestructive, "helm rollback changes a running release", medium)
	case "upgrade", "install":
		if prod {
			c.Flag(danger.PublishDeploy, "helm "+sub+" deploys to production")
		}
	}
}

func Terraform(c Call) {
	ops := c.Args()
	res := c.Parse()
	// The subcommand path as the entry reads it (terraform -chdir=infra
	// state rm, terragrunt run-all apply), global options skipped.
	path := strings.TrimPrefix(strings.TrimPrefix(res.Sub(), "run-all "), "run ")
	sub, next, _ := strings.Cut(path, " ")
	// The deploy platforms' command words and operands (doctl compute
	// droplet delete web, heroku apps:destroy), as their entries read
	// them: option values are not words.
	words := cloudWords(c, res)
	prod := anyValue(c, ProdName)
	for _, x := range ops {
		if ProdName(x.Value) {
			prod = true
		}
	}
	switch c.Program() {
	case "terraform", "tofu", "terragrunt":
		// destroy (and terragrunt run-all destroy) is the entry's Raises.
		switch sub {
		case "apply":
			if res.Tried("-destroy") {
				c.Flag(danger.CloudDestructive, c.Program()+" apply -destroy deletes the infrastructure")
			} else if res.Tried("-auto-approve") {
				c.Flag(danger.CloudDestructive, c.Program()+" apply -auto-approve changes infrastructure without review")
			} else if prod {
				c.Flag(danger.CloudDestructive, c.Program()+" apply changes production infrastructure")
			}
		case "state":
			if next == "rm" || next == "push" || next == "replace-provider" {
				c.FlagAt(danger.CloudDestructive, c.Program()+" state "+next+" rewrites the state", medium)
			}
		case "workspace":
			if next == "delete" {
				c.FlagAt(danger.CloudDestructive, "deletes a workspace", medium)
			}
		case "force-unlock", "taint", "import":
			c.FlagAt(danger.CloudDestructive, c.Program()+" "+sub+" changes state", medium)
		}
	case "pulumi":
		// destroy, down and stack rm are the entry's Raises.
		if (sub == "up" || sub == "update") && (res.Tried("--yes", "--skip-preview") || prod) {
			c.Flag(danger.CloudDestructive, "pulumi up applies changes without review")
		}
	case "cdk":
		// destroy is the entry's Raises.
		if v, _ := res.Value("--require-approval"); sub == "deploy" && (v == "never" || prod) {
			c.Flag(danger.PublishDeploy, "cdk deploy without approval")
		}
	case "serverless", "sls":
		// remove is the entry's Raises.
		if sub == "deploy" && prod {
			c.Flag(danger.PublishDeploy, "deploys to production")
		}
	case "sam":
		// delete is the entry's Raises.
		if sub == "deploy" && (res.Tried("--no-confirm-changeset") || prod) {
			c.Flag(danger.PublishDeploy, "sam deploy without confirmation")
		}
	case "eksctl", "doctl", "heroku", "fly", "flyctl", "railway", "render", "amplify", "copilot", "eb":
		if c.Program() == "heroku" && (sub == "config" || sub == "config:get") {
			c.Flag(danger.CredentialAccess, "heroku "+sub+" prints the app's config vars, its secrets among them")
			return
		}
		for _, w := range words {
			lw := strings.ToLower(w)
			if lw == "delete" || lw == "destroy" || strings.HasSuffix(lw, ":destroy") || strings.HasSuffix(lw, ":delete") || lw == "terminate" || lw == "remove" || lw == "rm" {
				c.Flag(danger.CloudDestructive, c.Program()+" "+w+" deletes cloud resources")
				return
			}
		}
		if sub == "deploy" || sub == "release" || sub == "up" {
			c.Flag(danger.PublishDeploy, c.Program()+" "+sub+" deploys the application")
		}
	case "vercel", "netlify", "firebase", "wrangler", "kamal":
		for _, w := range words {
			lw := strings.ToLower(w)
			if lw == "remove" || lw == "rm" || lw == "delete" || strings.HasSuffix(lw, ":delete") || lw == "destroy" {
				c.Flag(danger.CloudDestructive, c.Program()+" "+w+" deletes deployments or projects")
				return
			}
		}
		if res.Has("--prod") || sub == "deploy" && c.Program() != "vercel" && c.Program() != "netlify" || c.Program() == "wrangler" && (sub == "deploy" || sub == "publish") || c.Program() == "kamal" && sub == "deploy" {
			c.Flag(danger.PublishDeploy, c.Program()+" deploys to production")
		}
	}
}

func Docker(c Call) {
	// The global options, as the entry reads them (-Hx, -H x, --host=x,
	// --host x alike).
	res := c.Parse()
	for _, o := range res.Option("--host") {
		if !strings.HasPrefix(o.Target, "unix://") {
			c.Flag(danger.ContainerDestructive, "points docker at another daemon ("+o.Target+")")
		}
	}
	for _, ctx := range res.Values("--context") {
		if ProdName(ctx) {
			c.Flag(danger.ContainerDestructive, "runs docker against the production context "+ctx)
		}
	}
	sub, rest, ok := dockerSub(c)
	if !ok {
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
			c.Flag(danger.ContainerDestructive, "docker system prune -a/--volumes removes every unused image and volume")
		}
	case "volume prune", "volume rm", "volume remove":
		c.Flag(danger.ContainerDestructive, "removes docker volumes and their data")
	case "image prune":
		if res.Tried("--all") {
			c.FlagAt(danger.ContainerDestructive, "removes every unused image", medium)
		}
	case "rm", "container rm", "rmi", "image rm", "kill", "container kill", "stop", "container stop", "container prune", "network prune", "network rm":
		if mass || res.Tried("--all") {
			c.Flag(danger.ContainerDestructive, "docker "+sub+" on every container or image")
		}
	case "context use", "context rm", "context update":
		target := ""
		if t := c.Operands(); len(t) > 0 {
			target = t[0].Value
		}
		if target != "default" && target != "desktop-linux" && target != "colima" && target != "orbstack" && target != "rootless" {
			c.Flag(danger.ContainerDestructive, "switches docker to another daemon ("+target+")")
		}
	case "compose down", "compose rm":
		if res.Tried("--volumes", "--rmi") {
			c.Flag(danger.ContainerDestructive, "docker compose down -v deletes the project's volumes")
		}
	case "push", "image push", "compose push":
		c.Flag(danger.PublishDeploy, "pushes an image to a registry")
	case "buildx build", "build", "buildx bake":
		registry := false
		for _, v := range res.Values("--output") {
			registry = registry || strings.Contains(v, "type=registry") || strings.Contains(v, "push=true")
		}
		if res.Tried("--push") || registry {
			c.Flag(danger.PublishDeploy, "pushes an image to a registry")
		}
	case "swarm leave", "stack rm", "service rm", "stack remove", "service remove", "node rm", "secret rm", "machine rm":
		c.Flag(danger.ContainerDestructive, "docker "+sub+" removes running services")
	case "system reset":
		c.Flag(danger.ContainerDestructive, c.Program()+" system reset deletes every container, image and volume")
	case "run", "container run", "create", "exec", "container exec":
		dockerRun(c, rest)
	}
}

// dockerSub returns the subcommand path of a docker (or compose) call as
// the entry reads it ("system prune", "compose down" with compose's -f
// FILE and -p NAME skipped, "container run") and the words after it;
// false when there is none, or when --dry-run says nothing is done.
func dockerSub(c View) (string, []Word, bool) {
	ops := c.Args()
	res := c.Parse()
	subs := res.SubIndexes()
	if len(subs) == 0 || subs[len(subs)-1] >= len(ops) {
		return "", nil, false
	}
	sub := res.Sub()
	if top := programs.Lookup(path.Base(c.Program())); top != nil && top.Subcommands["compose"] == nil {
		// The standalone compose: its subcommands are docker compose's.
		sub = "compose " + sub
	}
	// A bool flag given a value (--all=true, cobra takes it) counts as
	// given.
	if res.Has("--dry-run") {
		return "", nil, false
	}
	return sub, ops[subs[len(subs)-1]+1:], true
}

// dockerRunParse reads the words after docker run (or exec) with the
// entry of docker run (-v/:/mnt, -v /:/mnt, --volume=/:/mnt alike), and
// returns the parse and the index of the image (or container): the
// options end there.
func dockerRunParse(rest []Word) (programs.Result, int) {
	words := make([]programs.Word, len(rest))
	for j, x := range rest {
		words[j] = programs.Word{Text: x.Value, Literal: x.Lit}
	}
	res := programs.Parse(programs.Lookup("docker").Subcommands["run"], words)
	i := len(rest)
	if len(res.OperandIndexes) > 0 {
		i = res.OperandIndexes[0]
	}
	return res, i
}

// DockerCommand hands the walk the command a container runs (docker run
// IMAGE CMD, docker exec CONTAINER CMD), as run elsewhere.
func DockerCommand(c Finder) {
	sub, rest, ok := dockerSub(c)
	if !ok {
		return
	}
	switch sub {
	case "run", "container run", "create", "exec", "container exec":
	default:
		return
	}
	if _, i := dockerRunParse(rest); i+1 < len(rest) {
		words := make([]string, 0, len(rest)-i-1)
		for _, x := range rest[i+1:] {
			words = append(words, Quote(x.Value))
		}
		c.Remote(strings.Join(words, " "))
	}
}

// dockerRun flags privileged containers and host mounts.
func dockerRun(c Call, rest []Word) {
	res, _ := dockerRunParse(rest)
	for _, o := range res.Options {
		s, v := o.Option, o.Target
		switch s {
		case "--privileged":
			if v != "false" {
				c.Flag(danger.Privilege, "runs a privileged container, which is root on the host")
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
			hp := c.ResolveText(host)
			switch {
			case strings.HasSuffix(host, "docker.sock"):
				c.Flag(danger.Privilege, "mounts the docker socket, which gives root on the host")
			case hp == "/" || hp != "" && (c.Critical(hp) && hp != c.Home() || fspath.Within(hp, "/etc") || fspath.Within(hp, "/root") || fspath.Within(hp, "/var/run") || fspath.Within(hp, "/proc")):
				c.Flag(danger.Privilege, "mounts the host's "+hp+" into the container")
			}
		case "--pid", "--network", "--ipc", "--userns", "--uts":
			if v == "host" && s != "--network" {
				c.Flag(danger.Privilege, "shares the host's "+strings.TrimPrefix(s, "--")+" namespace")
			}
		case "--cap-add":
			if u := strings.ToUpper(v); u == "ALL" || u == "SYS_ADMIN" || u == "SYS_PTRACE" || u == "SYS_MODULE" || u == "DAC_READ_SEARCH" {
				c.Flag(danger.Privilege, "gives the container the "+v+" capability")
			}
		case "--security-opt":
			if strings.Contains(v, "unconfined") || strings.Contains(v, "label=disable") || strings.Contains(v, "label:disable") {
				c.Flag(danger.Privilege, "turns off the container's security profile")
			}
		case "--device":
			if blockDevice(v) || strings.HasPrefix(v, "/dev/sd") {
				c.Flag(danger.Privilege, "gives the container a raw disk device")
			}
		}
	}
}

// Quote quotes a word so that re-parsing it yields the same word.
func Quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>(){}*?[]#~!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// lifecycleScripts are the package scripts npm runs by itself.
func lifecycleScripts(s string) bool {
	switch s {
	case "preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare", "prepublish", "prepublishOnly", "prepack", "postpack",
		"preuninstall", "uninstall", "postuninstall", "dependencies":
		return true
	}
	return false
}

// checkPublish covers what publishes or changes a published package and
// is not one subcommand of the program's entry, which declares those as
// its Raises (npm publish, cargo publish, twine upload, gem push, each
// unless its own dry-run option is on): a lifecycle script set in
// package.json, python running twine or setup.py upload, gradle's
// publishing tasks among the operands, goreleaser release without a
// snapshot or its publish skipped (mvn's deploy goals are its entry's
// Raises). Every word is read as the program's entry reads it.
func Publish(c Call) {
	res := c.Parse()
	flag := func(what string) { c.Flag(danger.PublishDeploy, what) }
	switch c.Program() {
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
				c.Flag(danger.Persistence, "sets the package's "+name+" script, which runs on every install")
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
	// mvn's deploy goals are its entry's Raises.
	case "gradle", "./gradlew", "gradlew":
		// The tasks, as gradle's entry reads them, each by the name or
		// abbreviation Gradle selects it by (programs.GradlePublishes:
		// gradle pub, pubTo, :app:publish); -m|--dry-run runs none of
		// them.
		if res.Has("--dry-run") {
			return
		}
		for _, w := range res.Operands() {
			if programs.GradlePublishes(w) {
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
func ObjectStores(c Call) {
	res := c.Parse()
	if res.Spec == nil || res.Has("--dry-run", "--fake") {
		return
	}
	first, _ := c.Sub()
	// s3cmd's del, rm, rb and sync --delete-removed, mc's rm, rb and
	// mirror --remove, azcopy's remove, rm and sync
	// --delete-destination=true, and b2's rm, delete-bucket and sync
	// --delete are their entries' Raises.
	switch c.Program() {
	case "rclone":
		switch first {
		case "purge", "delete", "deletefile", "rmdir", "rmdirs", "cleanup", "dedupe":
			c.Flag(danger.CloudDestructive, "rclone "+first+" deletes remote files")
		case "sync":
			c.Flag(danger.CloudDestructive, "rclone sync deletes files at the destination that are not in the source")
		case "move", "moveto":
			// rclone 1.60 (rclone move --help): each file is copied, then
			// the original deleted from the source; the destination's
			// other files stay.
			c.Flag(danger.CloudDestructive, "rclone "+first+" deletes the source files once they are copied")
		}
		switch first {
		case "copy", "copyto", "sync", "move", "moveto":
			// The source, the first operand after the command.
			if src := c.Operands(); len(src) > 0 {
				if p := c.Resolve(src[0]); p != "" && (c.SensitiveTree(p) || c.Sensitive(p)) {
					c.Flag(danger.Exfiltration, "rclone "+first+" sends "+p+" to a remote")
				}
			}
		}
	}
}

// Secrets reads what a secret store's command prints: the command and its
// operands as the entry reads them (past options in every spelling: bw
// --session=S get, op --account A item get), unless its output goes to a
// file. A call that asks for help prints none.
func Secrets(c Call) {
	words := cloudWords(c, c.Parse())
	first, second := "", ""
	if len(words) > 0 {
		first = words[0]
	}
	if len(words) > 1 {
		second = words[1]
	}
	if c.Parse().Help {
		return
	}
	flag := func(what string) {
		if !c.Flow().OutputMasked && !hasOutput(c) {
			c.Flag(danger.CredentialAccess, what)
		}
	}
	switch c.Program() {
	case "vault":
		if first == "read" || first == "kv" && second == "get" || first == "token" && second == "create" || first == "print" && second == "token" {
			flag("vault prints secret values")
		}
	case "op":
		if first == "read" || first == "item" && second == "get" || first == "document" && second == "get" || first == "inject" {
			flag("1Password CLI prints secrets")
		}
	case "doppler", "infisical", "chamber":
		if first == "secrets" && (len(words) == 1 || second == "get" || second == "download") || first == "export" || first == "read" {
			flag(c.Program() + " prints secret values")
		}
	case "security":
		// The subcommand after security's own options (-q, -p PROMPT);
		// -w and -g print the password, bundled or apart.
		res := c.Parse()
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
		res := c.Parse()
		switch sub := res.Sub(); {
		case res.Spec != nil && len(res.Spec.Raises) > 0:
		case sub == "", sub == "find", sub == "search", sub == "init", sub == "insert", sub == "generate", sub == "git", sub == "help", sub == "version":
		case sub == "ls", sub == "list", sub == "pwgen":
			if !res.ReadOnly() {
				flag(c.Program() + " prints a password")
			}
		default:
			flag(c.Program() + " prints a password")
		}
	case "bw", "lpass":
		if first == "get" || first == "show" || first == "export" {
			flag(c.Program() + " prints vault secrets")
		}
	case "keyctl":
		if first == "print" || first == "pipe" || first == "read" {
			flag("prints a kernel keyring secret")
		}
	case "sops":
		// -d, -decrypt, --decrypt or the decrypt subcommand; -i writes the
		// plaintext back to the file instead.
		if res := c.Parse(); (res.Has("--decrypt") || res.Sub() == "decrypt") && !res.Has("--in-place") {
			flag(c.Program() + " prints decrypted secrets")
		}
	case "age":
		// Decrypting to standard output; -o FILE writes the plaintext there.
		if res := c.Parse(); res.Has("--decrypt") && len(res.Values("--output")) == 0 {
			flag(c.Program() + " prints decrypted secrets")
		}
	case "git-credential":
		flag("git credential prints stored credentials")
	case "kubeseal":
		// --recovery-unseal decrypts sealed secrets with the controller's
		// private keys, and prints them.
		if c.Parse().Has("--recovery-unseal") {
			flag("kubeseal --recovery-unseal prints decrypted secrets")
		}
	case "gpg":
		// In any spelling gpg takes: --export-secret-k is a prefix.
		if c.Parse().Has("--export-secret-keys", "--export-secret-subkeys") {
			flag("exports private keys")
		}
	}
}
