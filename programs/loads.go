package programs

import "strings"

// Loads declares what a program loads from where it runs — configuration
// and code found in the working directory (and its parents), the
// repository it discovers — and the options and environment variables
// through which a command line makes it run code or read configuration
// from elsewhere. It is the data behind two rules of the analysis
// (docs/effects.md, "Configuration that runs code"):
//
//   - a call of a program that imports code from where it runs, even to
//     print its version (Code), is unknown, never read-only: that code is
//     the project's, and nobody judged it;
//   - a call that uses one of Beyond is not covered by an allow rule on
//     the program (Bash(make:*) does not allow make --eval=…): only a rule
//     naming the word does.
//
// A program that works on a git repository (Repository) has the
// repository's configuration and hooks judged as code it runs
// (GitConfigKeys).
type Loads struct {
	// Code are files the program imports as code on every call, help and
	// version included, found from the working directory up.
	Code []string
	// Config are configuration files it reads from where it runs, which
	// can name programs or plugins it then runs.
	Config []string
	// Repository marks git: the repository it works on is found from -C,
	// --git-dir, GIT_DIR and the working directory.
	Repository bool
	// Beyond are the option names (as the entry spells them: -p,
	// --eval), the NAME= operands (make SHELL=…) and the environment
	// variables (PYTEST_ADDOPTS) that make the program run code, load a
	// plugin or read configuration the command line names.
	Beyond []string
	// GlobalOnly says Beyond are the program's global options: they count
	// only before its subcommand (docker -c is a context, docker run -c
	// a CPU share).
	GlobalOnly bool
	// HelpSkipsCode says the program's help and version options end it
	// before it imports Code (make --version reads no makefile; pytest
	// --version still imports conftest.py).
	HelpSkipsCode bool
	// Flagged are command lines an allow rule on the program does not
	// cover; Covered are look-alikes it does (both run as tests).
	Flagged, Covered []string
}

// loads is the table. It is a slice, not a map, so that the linker lays
// it out and no warden process builds it at start-up; LoadsOf reads it in
// order (it is a few dozen names).
var loads = [...]namedLoads{
	{Names: []string{"git"}, Loads: Loads{Repository: true, Config: []string{".git/config", ".git/config.worktree", ".git/hooks/", ".gitattributes", ".gitmodules"},
		Beyond:  []string{"--exec-path", "--config-env"},
		Flagged: []string{"git --exec-path=. status"}, Covered: []string{"git log", "git -c user.name=A commit -m x"}}},
	{Names: []string{"pytest", "py.test"}, Loads: Loads{Code: []string{"conftest.py"}, Config: []string{"pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"},
		Beyond:  []string{"-p", "-c", "--config-file", "--rootdir", "--confcutdir", "-o", "--override-ini", "--pyargs", "PYTEST_ADDOPTS", "PYTEST_PLUGINS"},
		Flagged: []string{"pytest -p evil", "pytest -c /tmp/x.ini", "pytest --rootdir=/tmp/x", "PYTEST_ADDOPTS='-p x' pytest", "pytest -o addopts='-p x'"},
		Covered: []string{"pytest", "pytest -k smoke -x tests/", "pytest --version"}}},
	{Names: []string{"make", "gmake"}, Loads: Loads{Code: []string{"GNUmakefile", "makefile", "Makefile"}, HelpSkipsCode: true,
		Beyond:  []string{"-f", "--file", "--makefile", "-E", "--eval", "-I", "--include-dir", "SHELL=", ".SHELLFLAGS=", "MAKEFLAGS=", "MAKEFILES=", "MAKEFLAGS", "MAKEFILES", "MFLAGS"},
		Flagged: []string{"make -f /dev/stdin", "make --eval='$(shell id)'", "make SHELL=/tmp/x all", "MAKEFLAGS=--eval=x make", "make -I /tmp/inc"},
		Covered: []string{"make", "make build", "make -n test", "make -j4 CFLAGS=-O2"}}},
	{Names: []string{"npm"}, Loads: Loads{Config: []string{".npmrc", "package.json"},
		// --prefix (-C) runs the scripts of another directory's package.json.
		Beyond: []string{"--script-shell", "--node-options", "--userconfig", "--globalconfig", "--prefix", "-C", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL",
			"npm_config_node_options", "NPM_CONFIG_NODE_OPTIONS", "npm_config_userconfig", "NPM_CONFIG_USERCONFIG", "npm_config_prefix", "NPM_CONFIG_PREFIX"},
		Flagged: []string{"npm run test --script-shell=/tmp/x", "npm run build --node-options='--require /tmp/x.js'", "npm run x --prefix ~", "npm run x -C /tmp/other"},
		Covered: []string{"npm run test", "npm run build -- --watch"}}},
	{Names: []string{"yarn", "yarnpkg"}, Loads: Loads{Config: []string{".yarnrc", ".yarnrc.yml", "package.json"}, Beyond: []string{"YARN_RC_FILENAME", "--use-yarnrc", "--cwd"},
		Flagged: []string{"yarn --use-yarnrc /tmp/rc test", "yarn --cwd ~/other test"}, Covered: []string{"yarn test"}}},
	{Names: []string{"pnpm"}, Loads: Loads{Config: []string{".npmrc", "pnpm-workspace.yaml", "package.json"},
		Beyond:  []string{"--script-shell", "--node-options", "npm_config_script_shell", "--dir", "-C", "--prefix"},
		Flagged: []string{"pnpm --script-shell=/tmp/x test", "pnpm -C ~/other test", "pnpm test --dir=/tmp/x"}, Covered: []string{"pnpm test"}}},
	{Names: []string{"cargo"}, Loads: Loads{Config: []string{"Cargo.toml", "build.rs", ".cargo/config.toml", ".cargo/config", "rust-toolchain.toml", "rust-toolchain"},
		Beyond:  []string{"--config", "-Z", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC", "RUSTDOC"},
		Flagged: []string{"cargo --config build.rustc-wrapper='/tmp/x' build", "RUSTC_WRAPPER=/tmp/x cargo build"},
		Covered: []string{"cargo build --release", "cargo test"}}},
	{Names: []string{"go"}, Loads: Loads{Config: []string{"go.mod", "go.work", "go.env"},
		Beyond:  []string{"-toolexec", "-exec", "-vettool", "-overlay", "-modfile", "GOFLAGS", "GOTOOLCHAIN", "CC", "CXX", "GOENV"},
		Flagged: []string{"go vet -vettool=/tmp/x ./...", "go test -exec /tmp/x ./...", "GOTOOLCHAIN=go1.99.9 go build"},
		Covered: []string{"go test ./...", "go build -o bin/app ./cmd/app"}}},
	{Names: []string{"gradle", "gradlew"}, Loads: Loads{Config: []string{"settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts", "gradle.properties", "gradle/wrapper/gradle-wrapper.properties"},
		Beyond: []string{"-I", "--init-script", "-c", "--settings-file", "-b", "--build-file", "GRADLE_OPTS", "JAVA_OPTS"}, Flagged: []string{"gradle -I /tmp/x.gradle build"}, Covered: []string{"gradle build"}}},
	{Names: []string{"mvn", "mvnw"}, Loads: Loads{Config: []string{"pom.xml", ".mvn/maven.config", ".mvn/jvm.config", ".mvn/extensions.xml"},
		Beyond: []string{"-s", "--settings", "-gs", "--global-settings", "-f", "--file", "MAVEN_OPTS", "MAVEN_ARGS"}, Flagged: []string{"mvn -s /tmp/s.xml package"}, Covered: []string{"mvn package"}}},
	{Names: []string{"tox"}, Loads: Loads{Config: []string{"tox.ini", "pyproject.toml", "setup.cfg"}, Beyond: []string{"-c", "--conf", "TOX_CONFIG_FILE"}, Flagged: []string{"tox -c /tmp/t.ini"}, Covered: []string{"tox -e py311"}}},
	{Names: []string{"nox"}, Loads: Loads{Code: []string{"noxfile.py"}, Beyond: []string{"-f", "--noxfile"}, Flagged: []string{"nox -f /tmp/n.py"}, Covered: []string{"nox -s tests"}}},
	{Names: []string{"rake"}, Loads: Loads{Code: []string{"Rakefile", "rakefile", "Rakefile.rb"}, Beyond: []string{"-f", "--rakefile", "-r", "--require", "-e", "--execute", "-E", "--execute-continue", "-I", "--libdir", "RUBYOPT"}, Flagged: []string{"rake -f /tmp/R"}, Covered: []string{"rake test"}}},
	{Names: []string{"direnv"}, Loads: Loads{Config: []string{".envrc", ".env"}}},
	{Names: []string{"docker", "podman", "nerdctl"}, Loads: Loads{Config: []string{"~/.docker/config.json"}, GlobalOnly: true,
		// Another daemon, or the host itself through the container.
		Beyond:  []string{"-H", "--host", "--context", "-c", "--config", "DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG"},
		Flagged: []string{"docker -H tcp://10.0.0.9:2375 ps", "docker --context prod ps"}, Covered: []string{"docker ps", "docker build -t app ."}}},
}

// namedLoads is one row of loads: a program's names and its declaration.
type namedLoads struct {
	Names []string
	Loads Loads
}

// LoadsOf returns what the program loads from where it runs, or nil.
func LoadsOf(name string) *Loads {
	return loadsByName[name]
}

// loadsByName is each row of loads by each of its names: LoadsOf is asked
// of every call, and most programs have no row.
var loadsByName = func() map[string]*Loads {
	m := map[string]*Loads{}
	for i := range loads {
		for _, n := range loads[i].Names {
			if _, ok := m[n]; !ok { // the first row with the name, as a scan finds
				m[n] = &loads[i].Loads
			}
		}
	}
	return m
}()

// LoadsNames returns the programs with a Loads declaration.
func LoadsNames() []string {
	var out []string
	for i := range loads {
		out = append(out, loads[i].Names...)
	}
	return out
}

// BeyondWords returns the words of a command line (the program's
// arguments, before a "--") and the names of its assignments that use one
// of l.Beyond: a rule on the program does not cover them.
func (l *Loads) BeyondWords(args []string, assigns []string) []string {
	if l == nil || len(l.Beyond) == 0 {
		return nil
	}
	var out []string
	for _, a := range assigns {
		name, _, _ := strings.Cut(a, "=")
		for _, b := range l.Beyond {
			if b == name {
				out = append(out, a)
			}
		}
	}
	for i, w := range args {
		if w == "--" {
			break
		}
		if l.GlobalOnly && !strings.HasPrefix(w, "-") && (i == 0 || !strings.HasPrefix(args[i-1], "-") || strings.Contains(args[i-1], "=")) {
			break // the subcommand
		}
		for _, b := range l.Beyond {
			if beyondWord(b, w) {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

func beyondWord(b, w string) bool {
	switch {
	case strings.HasSuffix(b, "="): // NAME= operand
		return strings.HasPrefix(w, b)
	case strings.HasPrefix(b, "--"):
		return nameOrValue(w, b)
	case strings.HasPrefix(b, "-") && len(b) == 2:
		// -p, -pVALUE; not a long option that starts with the letter.
		return strings.HasPrefix(w, b) && !strings.HasPrefix(w, "--")
	case strings.HasPrefix(b, "-"): // a single-dash long name (go's -toolexec)
		return nameOrValue(w, b) || strings.HasPrefix(w, "-") && nameOrValue(w[1:], b)
	}
	return false // an environment variable
}

// nameOrValue reports whether w is the option b or b=VALUE (without
// building b+"=": this runs for every word of every call).
func nameOrValue(w, b string) bool {
	return strings.HasPrefix(w, b) && (len(w) == len(b) || w[len(b)] == '=')
}
