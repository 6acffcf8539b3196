package programs

// Compilers, linters, formatters and the small tools of a day's coding.
// A compiler writes its output (a.out, the -o file, .class files) unless a
// form that only checks is given (-fsyntax-only, --noEmit); a tool that
// loads the project's configuration as code (eslint.config.js, a prettier
// or mypy plugin, pylint's init-hook, javac's annotation processors on the
// class path) runs the project's own code.

// ccOpts are the options of the C and C++ drivers (gcc, clang) an agent
// gives: -fplugin loads a plugin, -wrapper runs a program around each
// tool, -B names where the tools it runs are taken from, -specs may name
// any program.
const ccOpts = "-c -S -E -o=w -fsyntax-only -M -MM -MD -MMD -MF=w -MT= -MP -v -### -pipe -Wall -Wextra -Werror -Wpedantic -pedantic -pedantic-errors -w " +
	"-Wno-unused -Wshadow -Wconversion -Wformat=2 -std= -ansi -x= -O0 -O1 -O2 -O3 -Os -Oz -Og -Ofast -g -g0 -g3 -ggdb -I= -iquote= -isystem= -include=r -D= -U= " +
	"-L= -l= -shared -static -fPIC -fpic -pthread -lm -march= -mtune= -m32 -m64 -fno-exceptions -fno-rtti -fsanitize= -fno-omit-frame-pointer " +
	"-fplugin=l -fplugin-arg= -wrapper=x -B=x -specs=u --specs=u -save-temps -print-search-dirs -print-prog-name= -print-file-name= " +
	"-dumpversion:h -dumpfullversion:h -dumpmachine:h --version:h -h:h --help:h -target= --target="

var _ = family("devtools", func(add func(...*Spec)) {
	add(
		// gdb (13.1, tried here): getopt_long_only, so -ex and --ex alike,
		// unique prefixes (-eval, --eval-c=), no bundles, options after
		// the program (gdb ./a.out -ex run). -args ends the options (--arg and --ar too, its prefixes): the
		// program and its arguments after it are a command gdb runs
		// (gdb --args rm -rf ~ runs rm on run, or at once with -batch
		// -ex run), judged as a part of its own. The parser
		// takes prefixes of -- spellings only: the code options declare
		// theirs (--eval-c=), and a single-dash prefix (-eval) is an
		// unknown option, asked about. -ex and its
		// kin run gdb commands (shell, !, python); -x runs a file of
		// them. What a debugger does to the program it runs or attaches
		// to is not known.
		&Spec{Names: n("gdb"), Grant: Grant{Exact: true, Offers: []string{"gdb ./a.out => Bash(gdb ./a.out)"}}, Effect: Unknown, Lang: LangGdb, LongDash: true, Abbrev: true, Permute: true, Operands: "p? -?",
			Options: "-ex|-eval-command|--eval-command=k -iex|-init-eval-command|--init-eval-command=k -eiex|-early-init-eval-command|--early-init-eval-command=k -x|-command=p -ix|-init-command=p -eix|-early-init-command=p " +
				"-batch -batch-silent -nx|-n -nh -q|-quiet|-silent -tui -readnow -readnever -write -nw|-nowindows -windows -se=r -s|-symbols=r -e|-exec=r -c|-core=r -p|-pid= " +
				"-d|-directory= -cd= -D|-data-directory= -tty= -b= -l= -i|-interpreter= -return-child-result -f|-fullname -annotate= -ui= -args|--args|-arg|--arg|-ar|--ar:C -statistics -version:h -help:h -configuration:h",
			Flagged: []string{"gdb -nx -ex '!sh' -ex quit", "gdb -batch --eval-command='shell id'", "gdb ./a.out", "gdb ./a.out -iex 'shell id'",
				"gdb --args rm -rf ~", "gdb -args rm -rf ~", "gdb --arg rm -rf ~", "gdb -q --args ./a.out -v", "gdb -batch -ex 'shell id'", "gdb -batch -ex '!id'"}},
		&Spec{Names: n("gcc", "g++", "cc", "c++", "clang", "clang++"), LongDash: true, Permute: true, Operands: "r*", Effect: Write, ReadWith: "-fsyntax-only -E -M -MM", Options: ccOpts,
			ReadOnly: []string{"gcc --version", "gcc -fsyntax-only hello.c", "clang -fsyntax-only -Wall -std=c11 hello.c", "g++ -E main.cpp", "cc -dumpversion"},
			Flagged:  []string{"gcc -o hello hello.c", "gcc hello.c", "clang -c hello.c", "gcc -fsyntax-only -fplugin=./p.so hello.c", "gcc -wrapper ./x.sh,-q hello.c", "gcc -E -o out.i hello.c"}},
		&Spec{Names: n("rustc"), Permute: true, Operands: "r*", Effect: Write, ReadWith: "--explain --print",
			// Proc-macro crates given with --extern run at compile time.
			Options: "-o=w --out-dir=w --edition= -O -g --crate-type= --crate-name= -C= --codegen= --emit= --cfg= -L= -l= --test --target= -W= -A= -D= -F= --cap-lints= " +
				"--extern=l -Z=u --print= --explain= -v --verbose -V:h --version:h -h:h --help:h",
			ReadOnly: []string{"rustc --version", "rustc -V", "rustc --explain E0308"}, Flagged: []string{"rustc src/main.rs", "rustc -o app src/main.rs", "rustc --extern m=./libm.so main.rs"}},
		&Spec{Names: n("rustup"), Code: Code{ShellSetup: "completion"}, Grant: Grant{Depth: 1, Offers: []string{"rustup build x => Bash(rustup build:*)"}}, Options: "-V:h --version:h -h:h --help:h -v --verbose -q --quiet",
			Subcommands: subs("show", &Spec{Operands: "-*", Options: "-v --verbose -h:h --help:h"}, "which", &Spec{Operands: "-*", Options: "--toolchain= -h:h --help:h"},
				"toolchain", &Spec{Options: "-h:h --help:h", OtherSubcommand: Network, Subcommands: subs("list", &Spec{Options: "-v --verbose -q --quiet -h:h --help:h"})},
				"target", &Spec{Options: "-h:h --help:h", OtherSubcommand: Network, Subcommands: subs("list", &Spec{Options: "--installed --toolchain= -q --quiet -h:h --help:h"})},
				"component", &Spec{Options: "-h:h --help:h", OtherSubcommand: Network, Subcommands: subs("list", &Spec{Options: "--installed --toolchain= -q --quiet -h:h --help:h"})}),
			OtherSubcommand: Unknown,
			ReadOnly:        []string{"rustup show", "rustup toolchain list", "rustup --version", "rustup target list --installed"},
			Flagged:         []string{"rustup update", "rustup default nightly", "rustup toolchain install nightly", "rustup run nightly cargo build"}},
		// javac runs the annotation processors it finds on the class path.
		&Spec{Names: n("javac"), LongDash: true, Permute: true, Operands: "r*", Effect: RunsProject, Loose: true,
			Options:  "-version:h --version:h -help:h --help:h -h:h -d=w -s=w -cp= -classpath= --class-path= -processor=x -processorpath=l --processor-path=l",
			ReadOnly: []string{"javac -version"}, Flagged: []string{"javac Main.java", "javac -d out Main.java"}},
		&Spec{Names: n("java"), Grant: Grant{Exact: true, Offers: []string{"java x => Bash(java x)"}}, LongDash: true, Operands: "S -*", Effect: RunsProject, Loose: true,
			Options:  "-version:h --version:h -help:h --help:h -h:h -showversion -jar -cp= -classpath= --class-path= -javaagent=l -agentpath=l -agentlib=l",
			ReadOnly: []string{"java -version", "java --version"}, Flagged: []string{"java Main", "java -jar app.jar", "java -showversion Main"}},
		&Spec{Names: n("tsc"), Permute: true, Operands: "r*", Effect: Write, ReadWith: "--noEmit --showConfig --listFilesOnly",
			Options: "--noEmit -p=r --project=r --pretty --strict --target= -t= --module= -m= --lib= --outDir=w --outFile=w --declaration -d --declarationDir=w --sourceMap " +
				"--skipLibCheck --esModuleInterop --jsx= --incremental -i --composite --tsBuildInfoFile=w --listFiles --listFilesOnly --listEmittedFiles --traceResolution " +
				"--extendedDiagnostics --diagnostics --noEmitOnError --allowJs --checkJs --isolatedModules --moduleResolution= --baseUrl= --rootDir= --types= --noImplicitAny " +
				"--strictNullChecks --resolveJsonModule --emitDeclarationOnly --removeComments --preserveWatchOutput --locale= --showConfig --noErrorTruncation " +
				"--watch -w -b:u --build:u --init:u --generateTrace=w --plugins= -v:h --version:h -h:h --help:h --all:h",
			ReadOnly: []string{"tsc --noEmit", "tsc --noEmit -p tsconfig.json", "tsc --version", "tsc --showConfig"},
			Flagged:  []string{"tsc", "tsc -p tsconfig.json", "tsc --init", "tsc -b", "tsc --noEmit --generateTrace /tmp/t"}},
		&Spec{Names: n("gofmt"), LongDash: true, Permute: true, Operands: "r*", Prints: true, Options: "-l -d -s -e -r= -w:W -cpuprofile=w -h:h -help:h --help:h",
			ReadOnly: []string{"gofmt -l .", "gofmt -d main.go", "gofmt -s -l ./internal"}, Flagged: []string{"gofmt -w main.go", "gofmt -l -w ."}},
		&Spec{Names: n("shellcheck"), Permute: true, Operands: "r*", Prints: true,
			Options: "-a --check-sourced -C? --color? -i= --include= -e= --exclude= --extended-analysis= -f= --format= --list-optional -o= --enable= -P= --source-path= " +
				"-s= --shell= -S= --severity= -W= --wiki-link-count= -x --external-sources --norc --rcfile=r -V:h --version:h -h:h --help:h",
			ReadOnly: []string{"shellcheck script.sh", "shellcheck -x -s bash script.sh", "shellcheck -f gcc *.sh"}, Flagged: []string{"shellcheck --frobnicate x.sh"}},
		// yq's expression is read for what it reaches (load, env).
		&Spec{Names: n("yq"), Grant: Grant{Exact: true, Offers: []string{"yq x => Bash(yq x)"}}, Prints: true, Permute: true, Lang: LangYq, Operands: "c r*", Options: "-i:W --inplace:W -o= --output-format= -p= --input-format= -P --prettyPrint -r --unwrapScalar? " +
			"-n --null-input -e --exit-status -C --colors -M --no-colors -I= --indent= -N --no-doc -s=u --split-exp=u --from-file=u:P --front-matter= --header-preprocess? " +
			"--expression=c:P -0 --nul-output -V:h --version:h -h:h --help:h -v --verbose",
			OwnOperands: true, Subcommands: subs("e", yqEval, "eval", yqEval, "ea", yqEval, "eval-all", yqEval),
			ReadOnly: []string{"yq '.services' docker-compose.yml", "yq e '.spec.replicas' k8s/deploy.yaml", "yq -o json . config.yaml", "yq '.jobs | keys' ci.yml"},
			Flagged:  []string{"yq -o json config.yaml", "yq ~/.ssh/id_rsa", "/usr/bin/yq e . ~/.ssh/id_rsa", "yq --expression=. ~/.aws/credentials", "yq '.a | envsubst' x.yaml", "yq e 'eval(.x)' x.yaml", "yq -i '.a = 1' config.yaml", `yq 'load("/home/dev/.ssh/id_rsa")' x.yaml`, "yq -n 'env(AWS_SECRET_ACCESS_KEY)'", "yq -s '.name' all.yaml"}},
		// fd lists names; -x and -X run a command on them.
		&Spec{Names: n("fd", "fdfind"), Expression: ExpressionFd, Carries: "-x --exec -X --exec-batch", Placeholders: "{} {.} {/} {//} {/.}", BaseDir: "--base-directory", Flow: Flow{Names: NamesTrees}, Permute: true, Operands: "- r*",
			Options: "-H --hidden -I --no-ignore -u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F --fixed-strings -a --absolute-path -l --list-details " +
				"-L --follow -p --full-path -0 --print0 -d= --max-depth= --min-depth= --exact-depth= -t= --type= -e= --extension= -E= --exclude= -S= --size= --changed-within= " +
				"--changed-before= -o= --owner= --max-results= -1 -q --quiet --show-errors --base-directory=r --path-separator= --color= -c= -j= --threads= --format= " +
				"--strip-cwd-prefix? --ignore-file=r --no-ignore-vcs --no-require-git --one-file-system --prune -x=;x --exec=;x -X=;x --exec-batch=;x -h:h --help:h -V:h --version:h",
			ReadOnly: []string{"fd", "fd '\\.go$'", "fd -e ts src", "fd -t d -H"}, Flagged: []string{"fd -e go -x rm", "fd . -X rm -rf", "fd . ~ -x rm -rf {}", "fd . ~ -X rm -rf", "fd -X rm", "fd -e pem -X cat", "fd --exec-batch=cat . ~/.ssh", "fd . ~/.aws -x cat", "fd . ~/.ssh -x cat {/}", "fd . ~ -X sh -c 'rm -rf \"$@\"' _", "fd . ~/.ssh | xargs cat", "fd -0 . ~/.aws | xargs -0 head", "fd --base-directory ~/.ssh -X cat"}},
		&Spec{Names: n("ruff"), Options: "-V:h --version:h -h:h --help:h",
			Subcommands: subs("check", &Spec{Permute: true, Operands: "r*", Options: ruffOpts + " --fix:W --unsafe-fixes --no-fix --fix-only:W --diff --show-fixes --statistics --add-noqa:W --watch -w --exit-zero --exit-non-zero-on-fix"},
				"format", &Spec{Effect: Write, ReadWith: "--check --diff", Permute: true, Operands: "r*", Options: ruffOpts + " --check --diff --line-length= --preview --range="},
				"version", &Spec{Options: "--output-format= -h:h --help:h"}, "rule", &Spec{Operands: "-*", Options: "--all --output-format= -h:h --help:h"},
				"linter", &Spec{Options: "--output-format= -h:h --help:h"}, "config", &Spec{Operands: "-?", Options: "--output-format= -h:h --help:h"}),
			ReadOnly: []string{"ruff check .", "ruff check tests --output-format=concise", "ruff format --check .", "ruff format --diff src", "ruff --version"},
			Flagged:  []string{"ruff check --fix .", "ruff format .", "ruff check --add-noqa ."}},
		&Spec{Names: n("black"), Permute: true, Operands: "r*", Effect: Write, ReadWith: "--check --diff",
			Options: "--check --diff --color --no-color -l= --line-length= -t= --target-version= --pyi --ipynb --preview --unstable -S --skip-string-normalization " +
				"-C --skip-magic-trailing-comma --fast --safe --required-version= --include= --exclude= --extend-exclude= --force-exclude= --stdin-filename= -W= --workers= " +
				"-q --quiet -v --verbose --config=r -c= --code= --version:h -h:h --help:h",
			ReadOnly: []string{"black --check .", "black --diff tests", "black --check -l 100 src"}, Flagged: []string{"black .", "black src/app.py"}},
		&Spec{Names: n("isort"), Permute: true, Operands: "r*", Effect: Write, ReadWith: "--check-only --check -c --diff --show-config --show-files",
			Options: "--check-only|--check|-c --diff --show-config --show-files --profile= -l= --line-length= --settings-path=r --settings-file=r --sp=r -q --quiet -v --verbose " +
				"--skip= -s= --skip-glob= --filter-files --atomic --color --df -V:h --version:h -h:h --help:h",
			ReadOnly: []string{"isort --check-only --diff .", "isort --check ."}, Flagged: []string{"isort .", "isort src/app.py"}},
		// These load configuration that is code, or plugins it names.
		&Spec{Names: n("eslint", "prettier", "mypy", "pylint", "flake8", "golangci-lint", "tflint", "markdownlint", "stylelint"), Permute: true, Operands: "-*", Effect: RunsProject, Loose: true,
			Options:  "-v:h --version:h -V:h -h:h --help:h",
			ReadOnly: []string{"eslint --version", "mypy --version", "prettier --version"}, Flagged: []string{"eslint src", "prettier --check .", "mypy .", "pylint tests", "flake8 tests", "golangci-lint run"}},
		// cmake runs the project's CMake scripts, and -E any command.
		&Spec{Names: n("cmake", "ctest"), Grant: Grant{Depth: 1, Offers: []string{"cmake build x => Bash(cmake build:*)"}}, Permute: true, Operands: "-*", Effect: RunsProject, Loose: true, Options: "--version:h -h:h --help:h -E:x",
			ReadOnly: []string{"cmake --version", "ctest --version"}, Flagged: []string{"cmake -B build", "cmake --build build", "cmake -E rm -rf build"}},
		&Spec{Names: n("staticcheck"), LongDash: true, Permute: true, Operands: "-*", Options: "-checks= -f= -fail= -go= -matrix -merge -show-ignored -tags= -tests -explain= -list-checks -version:h -h:h -help:h --help:h",
			ReadOnly: []string{"staticcheck ./...", "staticcheck -checks all ./internal/..."}, Flagged: []string{"staticcheck -debug.cpuprofile x ./..."}},
		&Spec{Names: n("yamllint"), Permute: true, Operands: "r*", Options: "-c=r --config-file=r -d= --config-data= -f= --format= -s --strict --no-warnings --list-files -v --version:h -h:h --help:h",
			ReadOnly: []string{"yamllint config.yaml", "yamllint -s -f parsable ."}, Flagged: []string{"yamllint --fix x.yaml"}},
		&Spec{Names: n("hadolint"), Permute: true, Operands: "r*", Options: "-c=r --config=r -f= --format= --no-fail -t= --failure-threshold= --ignore= --trusted-registry= " +
			"--require-label= --strict-labels --disable-ignore-pragma --no-color --verbose --file-path-in-report= --error= --warning= --info= --style= -V:h -v:h --version:h -h:h --help:h",
			ReadOnly: []string{"hadolint Dockerfile", "hadolint --ignore DL3008 Dockerfile"}, Flagged: []string{"hadolint --frobnicate Dockerfile"}},
		// actionlint runs shellcheck and pyflakes, or the programs named.
		&Spec{Names: n("actionlint"), LongDash: true, Permute: true, Operands: "r*", Options: "-format= -ignore= -shellcheck=x -pyflakes=x -color -no-color -oneline -verbose -debug " +
			"-config-file=r -stdin-filename= -init-config:u -version:h -h:h -help:h --help:h",
			ReadOnly: []string{"actionlint", "actionlint -oneline .github/workflows/ci.yml"}, Flagged: []string{"actionlint -shellcheck ./x.sh", "actionlint -init-config"}},
		&Spec{Names: n("jsonlint"), Permute: true, Operands: "r*", Prints: true, Options: "-i:W --in-place:W -s --sort-keys -c --compact -q --quiet -t= --indent= -V=r --validate=r " +
			"-e= --environment= -p --pretty-print -v:h --version:h -h:h --help:h",
			ReadOnly: []string{"jsonlint a.json", "jsonlint -q a.json"}, Flagged: []string{"jsonlint -i a.json"}},
		&Spec{Names: n("codespell"), Permute: true, Operands: "r*", Options: "-w:W --write-changes:W -i=u --interactive=u -q= --quiet-level= -L= --ignore-words-list= -I=r --ignore-words=r " +
			"-S= --skip= -D=r --dictionary=r --builtin= -c --count -s --summary -C= --context= -A= -B= --check-filenames -f --check-hidden -H -e --hard-encoding-detection " +
			"--config=r --toml=r -r= --regex= -x=r --exclude-file=r --uri-regex= --ignore-regex= -h:h --help:h --version:h",
			ReadOnly: []string{"codespell README.md", "codespell -S node_modules ."}, Flagged: []string{"codespell -w README.md"}},
		// External entities and DTDs are loaded only when asked for.
		&Spec{Names: n("xmllint"), Permute: true, Operands: "r*", Prints: true, Options: "--noout --format --xpath= --valid:u --dtdvalid=u --schema=r --relaxng=r --encode= --output=w -o=w " +
			"--html --xinclude:u --nonet --noent:u --loaddtd:u --dtdattr:u --recover --pretty= --version:h -h:h --help:h",
			ReadOnly: []string{"xmllint --noout pom.xml", "xmllint --format pom.xml", "xmllint --xpath '//version' pom.xml"}, Flagged: []string{"xmllint --noent x.xml", "xmllint --format -o pom.xml pom.xml"}},
		&Spec{Names: n("ss"), Operands: "-*", Options: "-t -u -l -n -p -a -x -s -4 -6 -e -m -o -i -H -r -w -0 --tcp --udp --listening --numeric --processes --all --summary " +
			"-K:u --kill:u -D=w --diag=w -F=r --filter=r -A= --query= -f= --family= -N= --net= -V:h --version:h -h:h --help:h",
			ReadOnly: []string{"ss -tlnp", "ss -s"}, Flagged: []string{"ss -K dst 10.0.0.1"}},
		&Spec{Names: n("netstat"), Operands: "-*", Options: "-a -n -t -u -l -p -r -i -s -e -c -W -x -g -M -o -v -4 -6 --all --numeric --tcp --udp --listening --program --route " +
			"--interfaces --statistics --extend --continuous --wide -V:h --version:h -h:h --help:h",
			ReadOnly: []string{"netstat -an", "netstat -tlnp"}, Flagged: []string{"netstat --frobnicate"}},
		&Spec{Names: n("yes"), Fills: FillsOutput, Operands: "-*", Options: "--help:h --version:h", ReadOnly: []string{"yes", "yes n"}},
		&Spec{Names: n("tput"), Number: "*", Operands: "-*", Options: "-T= -x -V:h", ReadOnly: []string{"tput cols", "tput lines", "tput bold"}, Flagged: []string{"tput -S"}},
	)
})

// ruffOpts are the options ruff's check and format share.
const ruffOpts = "--config= --isolated --output-format= -o=w --output-file=w --target-version= --select= --ignore= --extend-select= --extend-ignore= --exclude= " +
	"--extend-exclude= --respect-gitignore --no-respect-gitignore --force-exclude --no-cache --cache-dir= --stdin-filename= -n -q --quiet -s --silent -v --verbose " +
	"-e --show-files --show-settings --line-length= --preview --no-preview -h:h --help:h"

// yqEval is yq's eval and eval-all: an expression, then the files read.
var yqEval = &Spec{Prints: true, Permute: true, Lang: LangYq, Operands: "c r*", Options: "-i:W --inplace:W -o= --output-format= -p= --input-format= -P --prettyPrint -r --unwrapScalar? " +
	"-n --null-input -e --exit-status -C --colors -M --no-colors -I= --indent= -N --no-doc -s=u --split-exp=u --from-file=u:P --front-matter= --header-preprocess? " +
	"--expression=c:P -0 --nul-output -h:h --help:h -v --verbose"}
