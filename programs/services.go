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
		// signal is sent.
		&Spec{Names: n("nginx"), Grant: exact("nginx -s reload"), Effect: Unknown, ReadWith: "-t -T",
			Options:  "-h:h -v:h -V:h -t -T -q -s=u -p= -e=w -c=r -g=",
			ReadOnly: []string{"nginx -v", "nginx -V", "nginx -t", "nginx -tq", "nginx -T -c /etc/nginx/nginx.conf"},
			Flagged:  []string{"nginx -s stop", "nginx -squit", "nginx -s reload", "nginx", "nginx -e /tmp/err.log"}},
		// haproxy 2.6.12 (tried here): each option its own word (-cf and
		// -f/path are refused), values follow; -sf and -st take the PIDs
		// after them, every one, and stop those processes once the new
		// one runs. -c checks the configuration and exits.
		&Spec{Names: n("haproxy"), Grant: exact("haproxy -c -f x"), Effect: Unknown, LongDash: true, ReadWith: "-c", Operands: "-*",
			Options:  "-v:h -vv:h -h:h -V -q -c -d -db -dM? -dV -dW -dr -de -dp -dk -ds -dS -dG -dR -dZ -dL -dD -dF -D -W -Ws -f=r -C= -L= -p=w -m= -n= -N= -x= -S= -sf= -st=",
			ReadOnly: []string{"haproxy -v", "haproxy -vv", "haproxy -c -f /etc/haproxy/haproxy.cfg"},
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
			ReadOnly: []string{"apachectl configtest", "apache2ctl -v"},
			Flagged:  []string{"apachectl stop", "apachectl -k stop", "apache2ctl restart"}},
	)
})
