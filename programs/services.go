package programs

import "github.com/wardenhq/warden/danger"

// Services: web servers and proxies run as daemons. Called with no mode
// they start the server; their signal options (nginx -s, haproxy -sf and
// -st, httpd -k) act on the one running, and the shell package's
// daemon-signal check judges which signal; a configuration test or a
// version only reads.

var _ = family("services", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// httpd and apache2 (Apache 2.4.71, apr_getopt, tried here): short
	// flags bundle (-vt), values attach or follow (-kstop, -k stop), no
	// long options, no operands. -k signals the running server.
	httpdOpts := "-D= -d= -f=r -C= -c= -e= -E=w -k=u -R= -v:h -V:h -h:h -l -L -t -T -S -M -X -w"
	apacheStop := func() *Spec {
		return &Spec{Effect: Unknown, Options: httpdOpts,
			Raises: []Raise{{Kind: danger.ProcessKill, Why: "{prog} stops the running server",
				Flagged: []string{"apachectl stop", "apache2ctl graceful-stop", "/usr/sbin/apachectl stop", "sudo apache2ctl stop"},
				Passes:  []string{"apachectl configtest", "apachectl graceful", "apache2ctl -t", "apachectl status"}}}}
	}
	add(
		// nginx 1.22.1 (tried here): short flags bundle (-tq), values
		// attach or follow (-sreload, -s reload), no long options and no
		// operands. -t and -T test the configuration and exit before any
		// signal is sent. -T also prints the configuration files: a read
		// of system configuration, benign by POLICY.md's R8 as cat of the
		// same files is (and as apachectl -S, haproxy -c -V, sshd -T and
		// postconf are); the secrets a configuration names are paths
		// (ssl_certificate_key, auth_basic_user_file), which it does not
		// print. Without -c every mode but -h, -v and -V reads the
		// compiled-in configuration (nginx -V: --conf-path=/etc/nginx/nginx.conf;
		// nginx -t names it).
		&Spec{Names: n("nginx"), Grant: exact("nginx -s reload"), Effect: Unknown, ReadWith: "-t -T", Defaults: "-c=/etc/nginx/nginx.conf",
			Options:  "-h:h -v:h -V:h -t -T -q -s=u -p= -e=w -c=r -g=",
			ReadOnly: []string{"nginx -v", "nginx -V", "nginx -t", "nginx -tq", "nginx -T -c /etc/nginx/nginx.conf", "nginx -T", "nginx -qT", "/usr/sbin/nginx -T -c/etc/nginx/nginx.conf"},
			Flagged:  []string{"nginx -s stop", "nginx -squit", "nginx -s reload", "nginx", "nginx -e /tmp/err.log"}},
		// haproxy 2.6.12 (tried here): each option its own word (-cf and
		// -f/path are refused), values follow; -sf and -st take the PIDs
		// after them, every one, and stop those processes once the new
		// one runs. -c checks the configuration and exits.
		&Spec{Names: n("haproxy"), Grant: exact("haproxy -c -f x"), Effect: Unknown, LongDash: true, ReadWith: "-c", Operands: "-*",
			Options:  "-v:h -vv:h -h:h -V -q -c -d -db -dM? -dV -dW -dr -de -dp -dk -ds -dS -dG -dR -dZ -dL -dD -dF -D -W -Ws -f=r -C= -L= -p=w -m= -n= -N= -x= -S= -sf= -st=",
			ReadOnly: []string{"haproxy -v", "haproxy -vv", "haproxy -c -f /etc/haproxy/haproxy.cfg", "haproxy -c -V -f /etc/haproxy/haproxy.cfg"},
			Flagged:  []string{"haproxy -f /etc/haproxy/haproxy.cfg -sf 123", "haproxy -st 1 2 3", "haproxy -f /etc/haproxy/haproxy.cfg"}},
		&Spec{Names: n("httpd", "apache2"), Grant: exact("httpd -t"), Effect: Unknown, ReadWith: "-t -S -M -l -L", Options: httpdOpts,
			ReadOnly: []string{"httpd -v", "apache2 -V", "httpd -t", "apache2 -tS", "httpd -M"},
			Flagged:  []string{"httpd -k stop", "apache2 -kgraceful-stop", "httpd", "httpd -k restart"}},
		// apachectl and apache2ctl (Apache's and Debian's scripts): the
		// first word is the script's command, else the words go to httpd
		// as they are (apachectl -k stop, apachectl -t).
		&Spec{Names: n("apachectl", "apache2ctl"), Grant: exact("apachectl configtest"), Options: httpdOpts, OtherSubcommand: Unknown,
			Subcommands: subs("stop", apacheStop(), "graceful-stop", apacheStop(),
				"start", &Spec{Effect: Unknown, Options: httpdOpts}, "restart", &Spec{Effect: Unknown, Options: httpdOpts}, "graceful", &Spec{Effect: Unknown, Options: httpdOpts},
				"configtest", &Spec{Options: httpdOpts}, "status", &Spec{Effect: Network}, "fullstatus", &Spec{Effect: Network}),
			ReadOnly: []string{"apachectl configtest", "apache2ctl -v", "apachectl -S", "apache2ctl -t -D DUMP_VHOSTS"},
			Flagged:  []string{"apachectl stop", "apachectl -k stop", "apache2ctl restart"}},
	)
})

// Queues and streams: their command-line clients act on the broker. The
// shell package's service-cli check judges the verbs and options that
// delete or reset what the broker holds.
var _ = family("queues", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// The Kafka tools (Apache Kafka 3, jopt-simple: long options only,
	// --name=value or --name value, unique prefixes of long options
	// taken: --bootstrap is --bootstrap-server; an option is the command:
	// --delete, --alter, --reset-offsets with --execute).
	kafkaCommon := "--bootstrap-server=n --bootstrap-controller=n --command-config=r --zookeeper=n --help:h --version:h "
	kafka := func(name, opts string, flagged ...string) *Spec {
		return &Spec{Names: n(name, name+".sh"), Grant: exact(name + " --list"), Effect: Network, Abbrev: true, Permute: true, Options: kafkaCommon + opts, Flagged: flagged}
	}
	add(
		kafka("kafka-topics", "--create --delete --alter --list --describe --topic= --partitions= --replication-factor= --config= --delete-config= --if-exists --if-not-exists "+
			"--exclude-internal --at-min-isr-partitions --under-replicated-partitions --under-min-isr-partitions --unavailable-partitions --topics-with-overrides "+
			"--replica-assignment= --disable-rack-aware --topic-id=",
			"kafka-topics --bootstrap-server b:9092 --delete --topic t", "kafka-topics --list --bootstrap-server b:9092"),
		kafka("kafka-configs", "--alter --describe --add-config= --add-config-file=r --delete-config= --entity-type= --entity-name= --entity-default --topic= --broker= "+
			"--broker-defaults --broker-logger= --client= --client-metrics= --user= --ip= --group= --all --force",
			"kafka-configs --bootstrap-server b:9092 --alter --entity-type topics --entity-name t --delete-config retention.ms"),
		kafka("kafka-consumer-groups", "--list --describe --delete --delete-offsets --reset-offsets --execute --dry-run --export --group= --all-groups --topic= --all-topics "+
			"--to-earliest --to-latest --to-current --to-offset= --shift-by= --to-datetime= --by-duration= --from-file=r --members --offsets --state? --verbose --timeout=",
			"kafka-consumer-groups --bootstrap-server b:9092 --group g --reset-offsets --to-earliest --all-topics --execute"),
		kafka("kafka-acls", "--add --remove --list --force --allow-principal= --deny-principal= --allow-host= --deny-host= --operation= --topic= --group= --cluster "+
			"--transactional-id= --delegation-token= --resource-pattern-type= --producer --consumer --idempotent --principal= --user-principal= --authorizer-properties= --authorizer=",
			"kafka-acls --bootstrap-server b:9092 --remove --allow-principal User:alice --topic t --force"),
		kafka("kafka-delete-records", "--offset-json-file=r", "kafka-delete-records --bootstrap-server b:9092 --offset-json-file offsets.json"),
		// rabbitmqctl (RabbitMQ 3, its Elixir CLI): global options before
		// or after the command word (delete_queue, purge_queue, reset …).
		&Spec{Names: n("rabbitmqctl"), Grant: exact("rabbitmqctl list_queues"), Options: "-n|--node= -q|--quiet -s|--silent -l|--longnames -t|--timeout= --erlang-cookie= --formatter= -p|--vhost= --help:h --version:h",
			Effect: Network, Permute: true, Operands: "-*", Flagged: []string{"rabbitmqctl list_queues", "rabbitmqctl -n rabbit@h delete_queue jobs"}},
		// rabbitmqadmin (Python optparse: bundles, prefixes): VERB
		// [OBJECT] [name=value …].
		&Spec{Names: n("rabbitmqadmin"), Grant: exact("rabbitmqadmin list queues"), Abbrev: true,
			Options: "-c|--config=r -N|--node= -H|--host=n -P|--port= --path-prefix= -V|--vhost= -u|--username= -p|--password= -U|--base-uri=n -q|--quiet -s|--ssl " +
				"--ssl-key-file=r --ssl-cert-file=r --ssl-ca-cert-file=r --ssl-disable-hostname-verification -k|--ssl-insecure -t|--request-timeout= -f|--format= -S|--sort= -R|--sort-reverse " +
				"-d|--depth= --bash-completion -h|--help:h --version:h",
			Effect: Network, Permute: true, Operands: "-*", Flagged: []string{"rabbitmqadmin list queues", "rabbitmqadmin -H mq delete queue name=jobs"}},
		// nats (fisk, kingpin's fork: long options whole, -s server,
		// options after the command words) and rpk (cobra): commands are
		// words, judged by the service-cli check.
		&Spec{Names: n("nats"), Grant: exact("nats stream ls"), Effect: Network, Loose: true, Options: "-s|--server=n --user= --password= --creds=r --nkey=r --tlscert=r --tlskey=r --tlsca=r --context= --timeout= --js-domain= -h|--help:h --version:h",
			Permute: true, Operands: "-*", Flagged: []string{"nats stream ls", "nats kv del CONFIG key"}},
		&Spec{Names: n("rpk"), Grant: exact("rpk topic list"), Effect: Network, Loose: true, Options: "-X= --config=r --profile= -v|--verbose -h|--help:h",
			Permute: true, Operands: "-*", Flagged: []string{"rpk topic list", "rpk topic delete t"}},
		// kcat (kafkacat, getopt: bundles, values attach or follow): a
		// mode flag (-C consume, -P produce, -L list, -Q query) and the
		// broker; it deletes nothing.
		&Spec{Names: n("kcat", "kafkacat"), Grant: exact("kcat -L -b x"), Effect: Network, Permute: true, Operands: "r*",
			Options: "-C -P -L -Q -G= -b=n -t= -p= -o= -e -E -c= -f= -K= -k= -H= -D= -u -X= -F=r -q -v -J -s= -r= -d= -l -T -Z -O -V:h -h:h",
			Flagged: []string{"kcat -b b:9092 -L", "kcat -P -b b:9092 -t t"}},
	)
})

// Process managers: pm2 and supervisorctl start, stop and remove the
// processes they manage; the shell package's services check judges which
// stop every one of them.
var _ = family("supervisors", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// pm2 7.0.4 (commander.js, tried here: options before or after the
	// command, --name=v or --name v; each command takes its own, so
	// undeclared ones pass; a command is its whole name or alias: pm2 kil
	// is no command). stop, delete and restart act on each operand in
	// turn, and the operand all is every managed process; kill stops them
	// all and the daemon.
	pm2Acts := &Spec{Effect: Unknown, Loose: true, Permute: true, Operands: "-*", Options: "-s|--silent -h|--help:h"}
	pm2All := func(verb string) *Spec {
		return &Spec{Effect: Unknown, Loose: true, Permute: true, Operands: "-*", Options: "-s|--silent --watch -h|--help:h",
			Raises: []Raise{{Kind: danger.ProcessKill, Operand: "all", Why: "{prog} " + verb + " all stops every managed process",
				Flagged: []string{"pm2 " + verb + " all", "pm2 " + verb + " api all", "pm2 -s " + verb + " all", "pm2 " + verb + " all --silent", "/usr/local/bin/pm2 " + verb + " all", "sudo pm2 " + verb + " all", "npx pm2 " + verb + " all", "'pm2' " + verb + " 'all'"},
				Passes:  []string{"pm2 " + verb + " api", "pm2 " + verb + " 0 1", "pm2 " + verb + " --help", "pm2 list"}}}}
	}
	pm2Kill := &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: "-s|--silent -h|--help:h",
		Raises: []Raise{{Kind: danger.ProcessKill, Why: "{prog} kill stops every managed process and the daemon",
			Flagged: []string{"pm2 kill", "pm2 -s kill", "pm2 kill --silent", "/usr/bin/pm2 kill", "command pm2 kill", "env pm2 kill", "sudo pm2 kill"},
			Passes:  []string{"pm2 kill --help", "pm2 list", "pm2 stop api"}}}}
	pm2Reads := &Spec{Permute: true, Operands: "-*", Options: "-s|--silent -m|--mini-list --sort= -h|--help:h"}
	add(&Spec{Names: n("pm2"), Grant: exact("pm2 list"), Options: "-s|--silent -m|--mini-list -v|--version:h -h|--help:h", OtherSubcommand: Unknown,
		Subcommands: subs("start", pm2Acts, "stop", pm2All("stop"), "restart", pm2Acts, "reload", pm2Acts, "delete", pm2All("delete"), "del", pm2All("del"), "kill", pm2Kill,
			"list", pm2Reads, "ls", pm2Reads, "l", pm2Reads, "status", pm2Reads, "jlist", pm2Reads, "show", pm2Reads, "info", pm2Reads, "describe", pm2Reads, "prettylist", pm2Reads),
		ReadOnly: []string{"pm2 list", "pm2 ls", "pm2 show api", "pm2 --version"},
		Flagged:  []string{"pm2 kill", "pm2 stop all", "pm2 delete api", "pm2 start app.js"}})
	// supervisorctl (supervisor 4.2.5, read and tried here: Python getopt:
	// short flags bundle, values attach or follow, unique prefixes of long
	// options, options only before the command). status, avail, pid, tail
	// and version only ask supervisord. The words after the options are
	// joined and read as one command line (main: onecmd(" ".join(args)));
	// stop, restart and signal act on every process when any of their
	// names is all ('all' in names), and shutdown stops supervisord and
	// every process with it. A command is its whole name, in lower case.
	svReads := &Spec{Permute: true, Operands: "-*", Options: "-f -h|--help:h"}
	svActs := &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: "-f -h|--help:h"}
	svAll := func(verb string) *Spec {
		return &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: "-f -h|--help:h",
			Raises: []Raise{{Kind: danger.ProcessKill, Operand: "all", Why: "{prog} " + verb + " all affects every supervised process",
				Flagged: []string{"supervisorctl " + verb + " all", "supervisorctl " + verb + " web all", "supervisorctl -c /etc/supervisord.conf " + verb + " all", "supervisorctl -s unix:///run/s.sock " + verb + " all",
					"supervisorctl --configuration=/etc/s.conf " + verb + " all", "/usr/bin/supervisorctl " + verb + " all", "sudo supervisorctl " + verb + " all"},
				Passes: []string{"supervisorctl " + verb + " web", "supervisorctl " + verb + " web:*", "supervisorctl status all"}}}}
	}
	svShutdown := &Spec{Effect: Unknown, Permute: true, Operands: "-*", Options: "-f -h|--help:h",
		Raises: []Raise{{Kind: danger.ProcessKill, Why: "{prog} shutdown stops supervisord and every supervised process",
			Flagged: []string{"supervisorctl shutdown", "supervisorctl -c /etc/supervisord.conf shutdown", "supervisorctl --serverurl http://127.0.0.1:9001 shutdown", "sudo /usr/bin/supervisorctl shutdown"},
			Passes:  []string{"supervisorctl status", "supervisorctl reread"}}}}
	add(&Spec{Names: n("supervisorctl"), Grant: exact("supervisorctl status"), Abbrev: true, OtherSubcommand: Unknown,
		Options: "-c|--configuration=r -i|--interactive -s|--serverurl=n -u|--username= -p|--password= -r|--history-file=w -h|--help:h -v|--version:h",
		Subcommands: subs("status", svReads, "avail", svReads, "pid", svReads, "tail", svReads, "maintail", svReads, "version", svReads,
			"start", svActs, "stop", svAll("stop"), "restart", svAll("restart"), "remove", svActs, "shutdown", svShutdown, "reread", svActs, "update", svActs, "add", svActs,
			"signal", svActs, "clear", svActs, "reload", svActs),
		ReadOnly: []string{"supervisorctl status", "supervisorctl -c /etc/supervisord.conf status web", "supervisorctl avail"},
		Flagged:  []string{"supervisorctl stop all", "supervisorctl -c /etc/supervisord.conf shutdown", "supervisorctl restart web"}})
})
