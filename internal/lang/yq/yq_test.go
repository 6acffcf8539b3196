package yq

import "testing"

func TestSelects(t *testing.T) {
	for _, tt := range []struct {
		expr string
		want bool
	}{
		{".a.b", true},
		{".[0]", true},
		{"(.x | keys)", true},
		{"$x", true},
		{" .name", true},
		{"", false},
		{"config.yaml", false},
		{`load("x.yaml")`, false},
		{".a = env(HOME)", false},
		{"$ENV.TOKEN", false},
		{`.a | eval(.b)`, false},
		{`.x | file`, false},
		{`.a | from_yaml`, false},
		{`. | system("id")`, false},
	} {
		if got := Selects(tt.expr); got != tt.want {
			t.Errorf("Selects(%q) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}
