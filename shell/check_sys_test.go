package shell

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSystemSpellings holds the system checks to their entries: an option
// a check reads is judged the same in every spelling and on every route
// to the program (an absolute path, command, env, a quoted word).
func TestSystemSpellings(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"sysctl -w vm.swappiness=10", w("system-config")},
		{"sysctl --wr vm.swappiness=10", w("system-config")},
		{"/usr/sbin/sysctl vm.swappiness=10", w("system-config")},
		{"command sysctl -qp", w("system-config")},
		{"env sysctl --load=/tmp/s.conf", w("system-config")},
		{"sysctl --sys", w("system-config")},
		{"sysctl -qw kernel.randomize_va_space=0", w("security-disable")},
		{"sysctl 'kernel.yama.ptrace_scope=0'", w("security-disable")},
		{"sysctl -a", nil},
		{"sysctl -n kernel.randomize_va_space", nil},
		{"modprobe -n br_netfilter", nil},
		{"modprobe --dry -r nf_tables", nil},
		{"modprobe --show-c", nil},
		{"modprobe -qD ext4", nil},
		{"modprobe -qr nf_tables", w("system-config")},
		{"/sbin/modprobe --rem nf_tables", w("system-config")},
		{"rmmod -f nf_tables", w("system-config")},
		{"mount", nil},
		{"mount -l -t ext4", nil},
		{"mount --ty=tmpfs", nil},
		{"mount /dev/sdb1 /mnt", w("system-config")},
		{"mount -l /dev/sdb1 /mnt", w("system-config")},
		{"mount -Ldata", w("system-config")},
		{"mount --lab data", w("system-config")},
		{"mount --target=/mnt", w("system-config")},
		{"mount -ttmpfs none /tmp/x", w("system-config")},
		{"umount --la /mnt", w("system-config")},
		{"umount -a", w("system-config")},
		{"ldconfig -p", nil},
		{"ldconfig --prin", nil},
		{"ldconfig", w("system-config")},
		{"hwclock --show", nil},
		{"hwclock -r", nil},
		{"hwclock -w", w("system-config")},
		{"hwclock --systo", w("system-config")},
		{"hwclock -s", w("system-config")},
		{"update-alternatives --display editor", nil},
		{"update-alternatives --set editor /usr/bin/vim", w("system-config")},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			an := Analyze(tt.cmd, testOpts)
			got := categories(an)
			var want []string
			if tt.want != nil {
				want = append(want, tt.want...)
				sort.Strings(want)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("categories (-want +got):\n%s\nfindings: %+v", diff, an.Findings)
			}
		})
	}
}
