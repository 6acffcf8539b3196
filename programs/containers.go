package programs

import "github.com/wardenhq/warden/danger"

// Container and cluster CLIs. Listing and inspecting talk to the daemon or
// the cluster (network, known, low risk); running or exec'ing a container
// runs code; applying, deleting and pushing change lasting state.

var _ = family("containers", func(add func(...*Spec)) {
	talk := &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	runs := &Spec{Effect: Exec, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	project := &Spec{Effect: RunsProject, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
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
	ktalk, kruns, kchange, kremove := kube(Network), kube(Exec), kube(Config), kube(Delete)
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
	hremove.Raises = []Raise{{Kind: danger.CloudDestructive, Why: "helm uninstall removes a release and its resources", Unless: "--dry-run",
		Flagged: []string{"helm uninstall api", "helm delete api -n prod", "helm un api", "helm --kube-context prod del api"},
		Passes:  []string{"helm uninstall api --dry-run", "helm delete api --dry-run=server", "helm list", "helm uninstall --help"}}}
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
	docker := subs("ps", talk, "images", talk, "logs", talk, "inspect", talk, "version", talk, "info", talk, "top", talk, "stats", talk, "port", talk, "history", talk, "diff", talk, "events", talk, "search", talk,
		"run", dockerRun, "exec", dockerRun, "create", dockerRun, "start", runs, "attach", runs, "cp", runs,
		"build", project, "compose", project, "buildx", project, "pull", talk, "login", change, "logout", change, "context", change, "network", change, "volume", change, "image", change, "container", &Spec{Effect: Config, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h", OtherSubcommand: Config,
			Subcommands: subs("run", dockerRun, "create", dockerRun, "exec", dockerRun)}, "system", change, "builder", change,
		"push", change, "tag", change, "commit", change, "save", change, "load", change, "import", change, "export", change, "stop", change, "restart", change, "kill", change, "pause", change, "unpause", change, "update", change, "rename", change,
		"rm", remove, "rmi", remove, "prune", remove)
	add(
		&Spec{Names: n("docker", "podman", "nerdctl"), Lasting: Lasting{Does: Publishes, Subs: "push", Examples: []string{"docker push img => publishes a package or release", "podman push img => publishes a package or release"}}, Grant: Grant{Depth: 1, Deeper: "builder buildx compose container context image network system volume", ExactSubs: "exec kill rm rmi run system volume", Offers: []string{"docker build x => Bash(docker build:*)", "docker builder dev --x => Bash(docker builder dev:*)", "docker exec x => Bash(docker exec x)"}}, Options: "-v:h --version:h -h:h --help:h -D --debug -l|--log-level= --config= -c|--context= -H|--host=n --tls --tlsverify --tlscacert=r --tlscert=r --tlskey=r", Subcommands: docker,
			Flagged: []string{"docker run -v /:/mnt --rm -it alpine chroot /mnt sh", "docker exec -it web sh", "docker ps"}},
		&Spec{Names: n("kubectl", "oc"), Lasting: Lasting{Does: DeletesCloud, Examples: []string{"kubectl delete pod x => deletes cloud resources"}}, Talk: Talk{API: true, Examples: []string{"kubectl get pods => allow", "oc get pods => allow", "kubectl delete pod x => undecided", "kubectl --help => allow"}}, Grant: Grant{Depth: 1, Deeper: "auth certificate config rollout", ExactSubs: "apply cp debug delete drain exec patch replace run", Offers: []string{"kubectl build x => Bash(kubectl build:*)", "kubectl auth dev --x => Bash(kubectl auth dev:*)", "kubectl apply x => Bash(kubectl apply x)"}}, Options: "-h:h --help:h" + kubeOpts,
			Subcommands: subs("get", ktalk, "describe", ktalk, "logs", ktalk, "top", ktalk, "version", kversion, "explain", ktalk, "api-resources", ktalk, "api-versions", ktalk, "cluster-info", ktalk, "events", ktalk, "auth", ktalk, "diff", ktalk,
				"exec", kruns, "run", kruns, "debug", kruns, "attach", kruns, "cp", kruns, "edit", kruns, "port-forward", ktalk,
				// proxy --www serves a local directory to whoever reaches
				// the address.
				"proxy", &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h -w=u --www=u -P= --www-prefix= --address=u --accept-hosts= -p= --port= -u= --unix-socket=" + kubeOpts},
				"apply", kchange, "create", kchange, "patch", kchange, "replace", kchange, "scale", kchange, "rollout", kchange, "set", kchange, "label", kchange, "annotate", kchange, "expose", kchange, "autoscale", kchange,
				"config", kconfig, "cordon", kchange, "uncordon", kchange, "drain", kchange, "taint", kchange, "delete", kremove),
			Flagged: []string{"kubectl exec -it pod -- sh", "kubectl delete ns prod", "kubectl get pods", "kubectl get pods --kubeconfig=/tmp/kc.yaml", "kubectl --kubeconfig /tmp/kc.yaml get pods",
				"kubectl proxy --address=0.0.0.0 --port=8001 --www=/home/dev --www-prefix=/f/", "kubectl cp pod:/etc/shadow ./shadow", "kubectl port-forward svc/db 5432"}},
		&Spec{Names: n("helm"), Talk: Talk{API: true, Examples: []string{"helm list => allow", "helm install x ./chart => undecided"}}, Grant: Grant{Depth: 1, ExactSubs: "delete install uninstall upgrade", Offers: []string{"helm build x => Bash(helm build:*)", "helm delete x => Bash(helm delete x)"}}, Options: "-h:h --help:h -n= --namespace= --kube-context= --kubeconfig=l",
			Subcommands: subs("list", htalk, "ls", htalk, "status", htalk, "get", htalk, "history", htalk, "show", htalk, "search", htalk, "template", htalk,
				// version prints the client's; lint reads the chart.
				"version", &Spec{Options: "--short --template= -h:h --help:h", ReadOnly: []string{"helm version", "helm version --short"}},
				"lint", &Spec{Permute: true, Operands: "r*", Options: "--strict --quiet --with-subcharts -f|--values=r --set= --set-string= --set-file=r --set-json= --kube-version= -n|--namespace= -h:h --help:h",
					ReadOnly: []string{"helm lint ./chart", "helm lint --strict ./chart -f values.yaml"}, Flagged: []string{"helm lint ./chart --kubeconfig /tmp/kc"}},
				"install", hchange, "upgrade", hchange, "rollback", hchange, "repo", hchange, "plugin", runs, "uninstall", hremove, "delete", hremove, "del", hremove, "un", hremove),
			Flagged: []string{"helm install x ./chart", "helm install x ./chart --post-renderer ./render.sh", "helm template x ./chart --post-renderer /tmp/x", "helm list --kubeconfig /tmp/kc.yaml", "helm plugin install https://example.com/p"}},
	)
})
