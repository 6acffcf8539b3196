package programs

import "github.com/wardenhq/warden/danger"

// Container and cluster CLIs. Listing and inspecting talk to the daemon or
// the cluster (network, known, low risk); running or exec'ing a container
// runs code; applying, deleting and pushing change lasting state.

var _ = family("containers", func(add func(...*Spec)) {
	talk := &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	runs := &Spec{Effect: Exec, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	change := &Spec{Effect: Config, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	remove := &Spec{Effect: Delete, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	// kubectl's and helm's global options may follow the subcommand. A
	// kubeconfig names programs kubectl runs to get credentials (exec
	// plugins), so it is loaded, not just read.
	kubeOpts := " -n= --namespace= --context= --kubeconfig=l --cluster= --user= -s=n --server=n --as= --as-group= --as-uid= --token= --certificate-authority=r " +
		"--client-certificate=r --client-key=r --insecure-skip-tls-verify --tls-server-name= --request-timeout= -v= --cache-dir= --profile= --profile-output=w"
	kube := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h" + kubeOpts}
	}
	ktalk, kruns, kchange := kube(Network), kube(Exec), kube(Config)
	// The options the danger check reads (checks/cloud.go), in
	// cobra's spellings (kubectl 1.2x): short flags bundle (-Ao yaml),
	// -oyaml and -o=yaml attach, no prefixes; --dry-run takes its mode
	// attached only (--dry-run=client; bare it is client).
	kubeWith := func(e Effect, o string) *Spec {
		k := kube(e)
		k.Options += " --dry-run? " + o
		return k
	}
	kremove := kubeWith(Delete, "--all -A|--all-namespaces -f|--filename= -l|--selector= -o|--output= --grace-period= --timeout= --field-selector= -k|--kustomize= -R|--recursive --force --now --wait? --cascade? --ignore-not-found? -i|--interactive --raw=")
	kscale := kubeWith(Config, "--replicas= --all --current-replicas= -l|--selector= -f|--filename= -o|--output= --timeout= -R|--recursive --resource-version= -k|--kustomize=")
	kget := kubeWith(Network, "-o|--output= -l|--selector= -A|--all-namespaces -w|--watch --show-labels --field-selector= --sort-by= --no-headers --chunk-size= -L|--label-columns= -f|--filename= -R|--recursive --show-kind --raw= --template=")
	kapply := kubeWith(Config, "-f|--filename= -k|--kustomize= -R|--recursive -l|--selector= -o|--output= --all --prune --force --server-side --field-manager=")
	krollout := kube(Config)
	krollout.OtherSubcommand, krollout.Subcommands = Config, subs("status", ktalk, "history", ktalk)
	// version --client asks no server.
	kversion := &Spec{Effect: Network, ReadWith: "--client", Permute: true, Options: "--client -o= --output= -h:h --help:h" + kubeOpts,
		ReadOnly: []string{"kubectl version --client", "kubectl version --client -o json"}, Flagged: []string{"kubectl version", "kubectl version --client --kubeconfig /tmp/kc.yaml"}}
	// config's reading subcommands print the kubeconfig; view --raw
	// prints its credentials too.
	kread := &Spec{Permute: true, Options: "-o= --output= --no-headers --minify --flatten --raw:u -h:h --help:h" + kubeOpts, Operands: "-*"}
	kconfig := &Spec{Effect: Config, Permute: true, Loose: true, OtherSubcommand: Config, Options: "-h:h --help:h" + kubeOpts,
		Subcommands: subs("current-context", kread, "get-contexts", kread, "get-clusters", kread, "get-users", kread, "view", kread),
		ReadOnly:    []string{"kubectl config current-context", "kubectl config get-contexts", "kubectl config view --minify"},
		Flagged:     []string{"kubectl config use-context prod", "kubectl config view --raw", "kubectl config set-context dev"}}
	// helm's post-renderer is a program it runs on the rendered manifests.
	helmOpts := " --dry-run? -n= --namespace= --kube-context= --kubeconfig=l --kube-apiserver=n --kube-token= --post-renderer=x --post-renderer-args= --registry-config=r --repository-config=r"
	helm := func(e Effect) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h" + helmOpts}
	}
	htalk, hchange, hremove := helm(Network), helm(Config), helm(Delete)
	// uninstall's --dry-run is a pflag bool: --dry-run=false uninstalls.
	hremove.Raises = []Raise{{Kind: danger.CloudDestructive, Why: "helm uninstall removes a release and its resources", Unless: "--dry-run",
		Flagged: []string{"helm uninstall api", "helm delete api -n prod", "helm un api", "helm --kube-context prod del api", "helm uninstall api --dry-run=false"},
		Passes:  []string{"helm uninstall api --dry-run", "helm delete api --dry-run=server", "helm list", "helm uninstall --help"}}}
	// helm push (OCI registries, helm 3.8 on) publishes the chart.
	hpush := helm(Network)
	hpush.Raises = []Raise{{Kind: danger.PublishDeploy, Why: "helm push publishes a chart",
		Flagged: []string{"helm push chart-1.0.0.tgz oci://registry.example/charts", "helm --kube-context prod push c.tgz oci://r/c"},
		Passes:  []string{"helm package ./chart", "helm push --help"}}}
	// docker run, create and exec: the options stop at the image (or the
	// container), after which the words are the command it runs inside.
	// Every option that takes a value is declared, so that the image is
	// found where docker finds it; the check (shell) reads the mounts,
	// namespaces, capabilities and devices given.
	dockerRunOpts := "-h:h --help:h -v|--volume= --mount= -e|--env= --env-file= -p|--publish= -P|--publish-all --name= -w|--workdir= -u|--user= --network|--net= -l|--label= " +
		"--entrypoint= --platform= --cap-add= --cap-drop= --security-opt= --device= --pid= --ipc= --uts= --userns= -m|--memory= --cpus= --restart= --add-host= --dns= " +
		"--hostname= --log-driver= --log-opt= --tmpfs= --ulimit= --gpus= --runtime= --cidfile= --label-file= --health-cmd= --stop-signal= --volumes-from= --link= " +
		"--mac-address= --ip= --shm-size= -a|--attach= --detach-keys= -c|--cpu-shares= --group-add= --init-path= --isolation= --kernel-memory= --pull= --sysctl= --cgroupns= " +
		"--privileged? -d|--detach -i|--interactive -t|--tty --rm? --init? --read-only? -q|--quiet --no-healthcheck? --oom-kill-disable? --sig-proxy?"
	dockerRun := &Spec{Effect: Exec, Operands: "-*", Loose: true, Options: dockerRunOpts}
	// The options the danger checks read (checks/cloud.go), for
	// docker, podman and nerdctl alike: cobra (docker 24–27, podman 4,
	// nerdctl 1) bundles short flags (-af) and takes --all=true, but no
	// prefixes of long names; options may follow operands.
	opts := func(e Effect, o string) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h " + o}
	}
	group := func(e Effect, sub map[string]*Spec) *Spec {
		return &Spec{Effect: e, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h", OtherSubcommand: e, Subcommands: sub}
	}
	pruneAll := "-a|--all -f|--force --filter="
	// -a/--all is podman's and nerdctl's (podman rm -a, podman stop --all).
	rmOpts := "-a|--all -f|--force -v|--volumes -l|--link -t|--time= --depend -i|--ignore --cidfile= --filter="
	rmiOpts := "-a|--all -f|--force --no-prune -i|--ignore"
	stopOpts := "-a|--all -t|--time= -s|--signal= -i|--ignore --cidfile= --filter="
	buildOpts := "--push -o|--output= -t|--tag= -f|--file= --build-arg= --platform= --target= --load -q|--quiet --no-cache --pull --progress= --builder= " +
		"--secret= --ssh= --cache-from= --cache-to= --label= --network= --iidfile= --metadata-file= --provenance= --sbom= --allow= --add-host= --shm-size= --ulimit= --build-context= --annotation="
	// docker compose's own options come before its subcommand; the
	// standalone docker-compose takes the same ones.
	composeOpts := "-f|--file= -p|--project-name= --profile= --env-file= --project-directory= --ansi= --progress= --parallel= --dry-run --compatibility --all-resources"
	compose := &Spec{Effect: RunsProject, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h -v:h --version:h " + composeOpts, OtherSubcommand: RunsProject,
		Subcommands: subs("down", opts(RunsProject, "-v|--volumes --rmi= --remove-orphans -t|--timeout="), "rm", opts(RunsProject, "-v|--volumes -f|--force -s|--stop"),
			"push", opts(RunsProject, "--ignore-push-failures --include-deps -q|--quiet"))}
	dockerSystem := group(Config, subs("prune", opts(Config, pruneAll+" --volumes"), "reset", opts(Config, "-f|--force")))
	docker := subs("ps", talk, "images", talk, "logs", talk, "inspect", talk, "version", talk, "info", talk, "top", talk, "stats", talk, "port", talk, "history", talk, "diff", talk, "events", talk, "search", talk,
		"run", dockerRun, "exec", dockerRun, "create", dockerRun, "start", runs, "attach", runs, "cp", runs,
		"build", opts(RunsProject, buildOpts), "compose", compose, "buildx", group(RunsProject, subs("build", opts(RunsProject, buildOpts), "bake", opts(RunsProject, "--push -f|--file= --set= --load --print --progress= --builder= --no-cache --pull"))),
		"pull", talk, "login", change, "logout", change,
		"context", group(Config, subs("use", change, "rm", opts(Config, "-f|--force"), "update", change)),
		"network", group(Config, subs("prune", opts(Config, pruneAll), "rm", opts(Config, "-f|--force"))),
		"volume", group(Config, subs("prune", opts(Config, pruneAll), "rm", opts(Config, "-f|--force"), "remove", opts(Config, "-f|--force"))),
		"image", group(Config, subs("prune", opts(Config, pruneAll), "rm", opts(Config, rmiOpts), "remove", opts(Config, rmiOpts), "push", opts(Config, "-a|--all-tags -q|--quiet --platform="))),
		"container", group(Config, subs("run", dockerRun, "create", dockerRun, "exec", dockerRun, "rm", opts(Delete, rmOpts), "remove", opts(Delete, rmOpts), "kill", opts(Config, stopOpts), "stop", opts(Config, stopOpts), "prune", opts(Config, pruneAll))),
		"system", dockerSystem, "builder", group(Config, subs("prune", opts(Config, pruneAll))),
		"stack", group(Config, subs("rm", change, "remove", change)), "swarm", group(Config, subs("leave", opts(Config, "-f|--force"))),
		"service", group(Config, subs("rm", change, "remove", change)), "node", group(Config, subs("rm", opts(Config, "-f|--force"))),
		"secret", group(Config, subs("rm", change)), "machine", group(Config, subs("rm", opts(Config, "-f|--force -y"))),
		"push", opts(Config, "-a|--all-tags -q|--quiet --platform="), "tag", change, "commit", change, "save", change, "load", change, "import", change, "export", change,
		"stop", opts(Config, stopOpts), "restart", change, "kill", opts(Config, stopOpts), "pause", change, "unpause", change, "update", change, "rename", change,
		"rm", opts(Delete, rmOpts), "rmi", opts(Delete, rmiOpts), "prune", remove)
	add(
		&Spec{Names: n("docker", "podman", "nerdctl"), Lasting: Lasting{Does: Publishes, Subs: "push", Examples: []string{"docker push img => publishes a package or release", "podman push img => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "builder buildx compose container context image network system volume", ExactSubs: "exec kill rm rmi run system volume", Offers: []string{"docker build x => Bash(docker build:*)", "docker builder dev --x => Bash(docker builder dev:*)", "docker exec x => Bash(docker exec x)"}}, Options: "-v:h --version:h -h:h --help:h -D --debug -l|--log-level= --config= -c|--context= -H|--host=n --tls --tlsverify --tlscacert=r --tlscert=r --tlskey=r", Subcommands: docker,
			Flagged: []string{"docker run -v /:/mnt --rm -it alpine chroot /mnt sh", "docker exec -it web sh", "docker ps", "docker system prune -af --volumes", "docker image prune --all --force",
				"docker compose -f prod.yml -p app down --volumes --rmi all", "podman rm -af", "docker buildx build --push -t r/x .", "docker stack rm web"}},
		// The standalone compose (v1 in Python, v2 the same cobra tree as
		// docker compose).
		&Spec{Names: n("docker-compose"), Effect: compose.Effect, Permute: true, Operands: "-*", Loose: true, Options: compose.Options,
			OtherSubcommand: RunsProject, Subcommands: compose.Subcommands,
			Flagged: []string{"docker-compose up -d", "docker-compose -f prod.yml down -v", "docker-compose --project-name app rm -fsv"}},
		&Spec{Names: n("kubectl", "oc"), Code: Code{ShellSetup: "completion"}, Lasting: Lasting{Does: DeletesCloud, Examples: []string{"kubectl delete pod x => deletes cloud resources"}}, Talk: Talk{API: true, Examples: []string{"kubectl get pods => allow", "oc get pods => allow", "kubectl delete pod x => undecided", "kubectl --help => allow"}}, Grant: Grant{Depth: 1, Deeper: "auth certificate config rollout", ExactSubs: "apply cp debug delete drain exec patch replace run", Offers: []string{"kubectl build x => Bash(kubectl build:*)", "kubectl auth dev --x => Bash(kubectl auth dev:*)", "kubectl apply x => Bash(kubectl apply x)"}}, Options: "-h:h --help:h" + kubeOpts,
			Subcommands: subs("get", kget, "describe", kget, "logs", ktalk, "top", ktalk, "version", kversion, "explain", ktalk, "api-resources", ktalk, "api-versions", ktalk, "cluster-info", ktalk, "events", ktalk, "auth", ktalk, "diff", ktalk,
				"exec", kruns, "run", kruns, "debug", kruns, "attach", kruns, "cp", kruns, "edit", kruns, "port-forward", ktalk,
				// proxy --www serves a local directory to whoever reaches
				// the address.
				"proxy", &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h -w=u --www=u -P= --www-prefix= --address=u --accept-hosts= -p= --port= -u= --unix-socket=" + kubeOpts},
				"apply", kapply, "create", kapply, "patch", kapply, "replace", kapply, "scale", kscale, "rollout", krollout, "set", kchange, "label", kchange, "annotate", kchange, "expose", kchange, "autoscale", kchange,
				"config", kconfig, "cordon", kchange, "uncordon", kchange, "drain", kchange, "taint", kchange, "delete", kremove),
			Flagged: []string{"kubectl exec -it pod -- sh", "kubectl delete ns prod", "kubectl get pods", "kubectl get pods --kubeconfig=/tmp/kc.yaml", "kubectl --kubeconfig /tmp/kc.yaml get pods",
				"kubectl proxy --address=0.0.0.0 --port=8001 --www=/home/dev --www-prefix=/f/", "kubectl cp pod:/etc/shadow ./shadow", "kubectl port-forward svc/db 5432"}},
		&Spec{Names: n("helm"), Code: Code{ShellSetup: "completion"}, Talk: Talk{API: true, Examples: []string{"helm list => allow", "helm install x ./chart => undecided"}}, Grant: Grant{Depth: 1, ExactSubs: "delete install uninstall upgrade", Offers: []string{"helm build x => Bash(helm build:*)", "helm delete x => Bash(helm delete x)"}}, Options: "-h:h --help:h -n= --namespace= --kube-context= --kubeconfig=l",
			Subcommands: subs("list", htalk, "ls", htalk, "status", htalk, "get", htalk, "history", htalk, "show", htalk, "search", htalk, "template", htalk,
				// version prints the client's; lint reads the chart.
				"version", &Spec{Options: "--short --template= -h:h --help:h", ReadOnly: []string{"helm version", "helm version --short"}},
				"lint", &Spec{Permute: true, Operands: "r*", Options: "--strict --quiet --with-subcharts -f|--values=r --set= --set-string= --set-file=r --set-json= --kube-version= -n|--namespace= -h:h --help:h",
					ReadOnly: []string{"helm lint ./chart", "helm lint --strict ./chart -f values.yaml"}, Flagged: []string{"helm lint ./chart --kubeconfig /tmp/kc"}},
				"install", hchange, "upgrade", hchange, "rollback", hchange, "repo", hchange, "plugin", runs, "uninstall", hremove, "delete", hremove, "del", hremove, "un", hremove, "push", hpush),
			Flagged: []string{"helm install x ./chart", "helm install x ./chart --post-renderer ./render.sh", "helm template x ./chart --post-renderer /tmp/x", "helm list --kubeconfig /tmp/kc.yaml", "helm plugin install https://example.com/p"}},
	)
})
