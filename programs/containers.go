package programs

// Container and cluster CLIs. Listing and inspecting talk to the daemon or
// the cluster (network, known, low risk); running or exec'ing a container
// runs code; applying, deleting and pushing change lasting state.

var _ = family("containers", func(add func(...*Spec)) {
	talk := &Spec{Effect: Network, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	runs := &Spec{Effect: Exec, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	project := &Spec{Effect: RunsProject, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	change := &Spec{Effect: Config, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	remove := &Spec{Effect: Delete, Permute: true, Operands: "-*", Loose: true, Options: "-h:h --help:h"}
	docker := subs("ps", talk, "images", talk, "logs", talk, "inspect", talk, "version", talk, "info", talk, "top", talk, "stats", talk, "port", talk, "history", talk, "diff", talk, "events", talk, "search", talk,
		"run", runs, "exec", runs, "create", runs, "start", runs, "attach", runs, "cp", runs,
		"build", project, "compose", project, "buildx", project, "pull", talk, "login", change, "logout", change, "context", change, "network", change, "volume", change, "image", change, "container", change, "system", change, "builder", change,
		"push", change, "tag", change, "commit", change, "save", change, "load", change, "import", change, "export", change, "stop", change, "restart", change, "kill", change, "pause", change, "unpause", change, "update", change, "rename", change,
		"rm", remove, "rmi", remove, "prune", remove)
	add(
		&Spec{Names: n("docker", "podman", "nerdctl"), Options: "-v:h --version:h -h:h --help:h -D --debug -l= --log-level= --config= -c= --context= -H=n --host=n --tls --tlsverify --tlscacert=r --tlscert=r --tlskey=r", Subcommands: docker,
			Flagged: []string{"docker run -v /:/mnt --rm -it alpine chroot /mnt sh", "docker exec -it web sh", "docker ps"}},
		&Spec{Names: n("kubectl", "oc"), Options: "-h:h --help:h -n= --namespace= --context= --kubeconfig=r --cluster= --user= -s=n --server=n --as= --token= --request-timeout= -v=",
			Subcommands: subs("get", talk, "describe", talk, "logs", talk, "top", talk, "version", talk, "explain", talk, "api-resources", talk, "api-versions", talk, "cluster-info", talk, "events", talk, "auth", talk, "diff", talk,
				"exec", runs, "run", runs, "debug", runs, "attach", runs, "cp", runs, "port-forward", talk, "proxy", talk,
				"apply", change, "create", change, "edit", change, "patch", change, "replace", change, "scale", change, "rollout", change, "set", change, "label", change, "annotate", change, "expose", change, "autoscale", change,
				"config", change, "cordon", change, "uncordon", change, "drain", change, "taint", change, "delete", remove),
			Flagged: []string{"kubectl exec -it pod -- sh", "kubectl delete ns prod", "kubectl get pods"}},
		&Spec{Names: n("helm"), Options: "-h:h --help:h -n= --namespace= --kube-context= --kubeconfig=r",
			Subcommands: subs("list", talk, "ls", talk, "status", talk, "get", talk, "history", talk, "show", talk, "search", talk, "version", talk, "template", talk, "lint", talk,
				"install", change, "upgrade", change, "rollback", change, "repo", change, "plugin", runs, "uninstall", remove, "delete", remove),
			Flagged: []string{"helm install x ./chart"}},
	)
})
