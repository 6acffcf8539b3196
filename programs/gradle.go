package programs

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Gradle selects a task by a word that need not be its name (Gradle 8,
// org.gradle.util.internal.NameMatcher, read): the word matches a task's
// name whole without regard to case, else as a camel-case abbreviation
// (pub is publish, pTML publishToMavenLocal: each part of the word starts
// a word of the name, and lower-case letters may follow it), whole, else
// as a prefix of the name, else as a prefix without regard to case; the
// first of those tiers that matches any task decides, and more than one
// task there is an error (nothing runs). A project path before the name
// (:app:publish) selects the project.

// gradleAlways are tasks every Gradle project has (help, the reports,
// init and wrapper): a word that matches one of them as well as another
// task, in the deciding tier, is ambiguous wherever it is used.
var gradleAlways = []string{"buildEnvironment", "components", "dependencies", "dependencyInsight", "dependentComponents", "help", "init",
	"javaToolchains", "model", "outgoingVariants", "prepareKotlinBuildScriptModel", "projects", "properties", "resolvableConfigurations", "tasks", "wrapper",
	"artifactTransforms", "updateDaemonJvm"}

// gradlePublishing are the tasks the publishing plugins add that send
// artifacts away (maven-publish, ivy-publish, com.gradle.plugin-publish,
// io.github.gradle-nexus.publish-plugin, the old maven plugin), with
// common publication and repository names; gradleLocal those that only
// install into the local Maven repository.
var (
	gradlePublishing = []string{"publish", "publishPlugins", "publishToSonatype", "publishAllPublicationsToMavenRepository",
		"publishMavenPublicationToMavenRepository", "publishMavenJavaPublicationToMavenRepository", "publishPluginMavenPublicationToMavenRepository",
		"publishAllPublicationsToOssrhRepository", "publishAllPublicationsToGitHubPackagesRepository", "publishIvyPublicationToIvyRepository", "uploadArchives"}
	gradleLocal = []string{"publishToMavenLocal", "publishMavenPublicationToMavenLocal", "publishMavenJavaPublicationToMavenLocal", "publishPluginMavenPublicationToMavenLocal"}
)

// gradleBoundary finds the parts of a camel-case word. It is compiled on
// first use: its Unicode classes cost every process start (warden hook)
// 2.7 M instructions, more than the hook's analysis.
var gradleBoundary = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`((^|\p{P})\p{Ll}+)|((\p{Lu}|\p{Nd})\p{Ll}*)`)
})

// gradleMatcher holds the patterns of one word: whole, prefix, and
// prefix without regard to case.
type gradleMatcher struct {
	word                   string
	whole, prefix, anyCase *regexp.Regexp
}

func newGradleMatcher(word string) gradleMatcher {
	var b strings.Builder
	pos := 0
	for _, m := range gradleBoundary().FindAllStringIndex(word, -1) {
		b.WriteString(regexp.QuoteMeta(word[pos:m[0]]))
		b.WriteString(regexp.QuoteMeta(word[m[0]:m[1]]))
		b.WriteString(`\p{Ll}*`)
		pos = m[1]
	}
	b.WriteString(regexp.QuoteMeta(word[pos:]))
	camel := b.String()
	return gradleMatcher{word: word, whole: regexp.MustCompile(`^(?:` + camel + `)$`), prefix: regexp.MustCompile(`^(?:` + camel + `)`),
		anyCase: regexp.MustCompile(`(?i)^(?:` + camel + `)`)}
}

// tier is the tier in which the word matches the task name (1 to 4,
// highest first), 0 when it does not.
func (m gradleMatcher) tier(task string) int {
	switch {
	case strings.EqualFold(m.word, task):
		return 1
	case m.whole.MatchString(task):
		return 2
	case m.prefix.MatchString(task):
		return 3
	case m.anyCase.MatchString(task):
		return 4
	}
	return 0
}

// GradlePublishes reports whether a task word given to gradle may run a
// task that publishes: it names one (any publish… task but those that
// install into the local Maven repository), or selects one of the
// publishing plugins' tasks by Gradle's matching, unless the match is
// ambiguous with a task every project has (gradle p: projects,
// properties, publish).
func GradlePublishes(word string) bool {
	if i := strings.LastIndexByte(word, ':'); i >= 0 {
		word = word[i+1:]
	}
	if word == "" {
		return false
	}
	if rest, ok := strings.CutPrefix(word, "publish"); ok && (rest == "" || unicode.IsUpper(rune(rest[0]))) && !strings.HasSuffix(word, "ToMavenLocal") {
		return true // a publishing task by its own name
	}
	m := newGradleMatcher(word)
	best, publishes, always := 5, false, false
	for kind, group := range [][]string{gradlePublishing, gradleLocal, gradleAlways} {
		for _, t := range group {
			tier := m.tier(t)
			if tier == 0 || tier > best {
				continue
			}
			if tier < best {
				best, publishes, always = tier, false, false
			}
			publishes = publishes || kind == 0
			always = always || kind == 2
		}
	}
	return publishes && !always
}
