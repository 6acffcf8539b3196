package danger

import (
	"strconv"

	"github.com/wardenhq/warden/api"
)

// Kind is a danger category as a value the compiler checks: one constant
// per entry of the registry (categories.go), in its order. Findings are
// made with a Kind, never with a slug typed by hand; the slug is what a
// finding carries on the wire and what grants name.
type Kind uint8

// The categories. A constant's name is its slug in CamelCase
// (recursive-delete is RecursiveDelete); TestKinds holds the two together.
const (
	RecursiveDelete Kind = iota
	FileOverwrite
	DiskWipe
	SQLDestructive
	DBDestructive
	RemoteExec
	ForkBomb
	ResourceExhaustion
	Privilege
	Permissions
	SystemConfig
	SecurityDisable
	ProcessKill
	SystemPower
	GitDestructive
	GitHistoryRewrite
	Exfiltration
	CredentialAccess
	Persistence
	AgentConfigTamper
	RemoteAccess
	CloudDestructive
	ContainerDestructive
	PublishDeploy
	LogTampering
	BackupDestruction

	Obfuscation
	NonLiteralProgram
	ProtectedPath
	MCPDefinitionChanged
	MCPHiddenText
	MCPToolPoisoning
	MCPToolShadowing
	OutsideWorkingDirs

	// kinds is the number of categories; it is no category.
	kinds
)

// Slug returns the category's canonical slug, the name findings carry.
func (k Kind) Slug() string { return k.category().Slug }

// String returns the slug.
func (k Kind) String() string { return k.Slug() }

// Risk returns the highest risk a finding of the category can carry.
func (k Kind) Risk() api.Risk { return k.category().Risk }

// Cap returns risk, lowered to the category's highest risk when it
// exceeds it.
func (k Kind) Cap(risk api.Risk) api.Risk {
	if max := k.Risk(); risk.Rank() > max.Rank() {
		return max
	}
	return risk
}

// Category returns the category's registry entry.
func (k Kind) Category() Category {
	c := *k.category()
	c.Kind = k
	return c
}

// category returns the registry entry of k; a Kind no constant names
// panics, since only a conversion from a number can make one.
func (k Kind) category() *Category {
	if k >= kinds {
		panic("danger: no category has kind " + strconv.Itoa(int(k)))
	}
	return &categories[k]
}

// Parse returns the kind a slug or alias names, and whether it names one:
// for slugs that come from outside the program (a grant, a flag).
func Parse(slug string) (Kind, bool) {
	k, ok := lookup().kind[slug]
	return k, ok
}
