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
		{"systemctl stop --no-block ufw.service", w("security-disable")},
		{"systemctl --no-pag stop ufw", w("security-disable")},
		{"systemctl -H db stop ufw", w("security-disable")},
		{"systemctl --host=db stop nginx", w("system-config")},
		{"systemctl status --no-pag nginx", nil},
		{"systemctl --version", nil},
		{"systemctl --us enable evil.service", w("agent-config-tamper", "persistence")},
		{"systemctl enable --user evil.service", w("agent-config-tamper", "persistence")},
		{"systemctl --user --now enable evil.service", w("agent-config-tamper", "persistence")},
		{"/bin/systemctl --user mask x", w("agent-config-tamper", "system-config")},
		{"systemctl enable nginx", w("persistence")},
		{"systemctl --user status x", nil},
		{"systemctl -q reboot", w("system-power")},
		{"service ufw stop", w("security-disable")},
		{"service nginx restart", w("system-config")},
		{"service --status-all", nil},
		{"launchctl list", nil},
		{"launchctl load -w ~/Library/LaunchAgents/x.plist", w("agent-config-tamper", "persistence")},
		{"launchctl load -w /tmp/x.plist", w("persistence")},
		{"launchctl print ~/Library/LaunchAgents/x.plist", nil},
		{"launchctl bootout gui/501/x", w("system-config")},
		{"crontab -l", nil},
		{"crontab -u root -l", nil},
		{"crontab -lu root", nil},
		{"crontab -ru root", w("agent-config-tamper", "persistence")},
		{"crontab -u root -r", w("agent-config-tamper", "persistence")},
		{"crontab evil.cron", w("agent-config-tamper", "persistence")},
		{"at -l", nil},
		{"at -c 4", nil},
		{"at -f job.sh now", w("persistence")},
		{"at -qb -f job.sh now", w("persistence")},
		{"batch", w("persistence")},
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
