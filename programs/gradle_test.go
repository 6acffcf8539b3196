package programs

import "testing"

func TestGradlePublishes(t *testing.T) {
	for _, tt := range []struct {
		word string
		want bool
	}{
		{"publish", true}, {"pub", true}, {"pu", true}, {"PUBLISH", true}, {"Publish", true}, {"pubTo", true}, {"pubToSon", true}, {"pP", true},
		{"publishPlugins", true}, {":publish", true}, {":app:pub", true}, {"app:publish", true}, {"publishFooPublicationToBarRepository", true}, {"uploadArchives", true}, {"uA", true},
		{"publishToMavenLocal", false}, {"pTML", false}, {"pubToMavenLocal", false}, {"publishMavenPublicationToMavenLocal", false},
		{"p", false}, {"pr", false}, {"build", false}, {"test", false}, {"projects", false}, {"publishing", false}, {"help", false}, {"", false},
	} {
		if got := GradlePublishes(tt.word); got != tt.want {
			t.Errorf("GradlePublishes(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}
