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
		{"usermod -aG sudo bob", w("privilege")},
		{"usermod -aGsudo bob", w("privilege")},
		{"usermod --append --groups=wheel,dev bob", w("privilege")},
		{"usermod --grou docker bob", w("privilege")},
		{"/usr/sbin/usermod -a -G dev bob", nil},
		{"usermod -ou 0 bob", w("privilege")},
		{"usermod --uid=0 --non-u bob", w("privilege")},
		{"usermod -s /bin/zsh bob", nil},
		{"useradd -g root toor", w("privilege")},
		{"useradd -m -G dev bob", nil},
		{"gpasswd -a dev docker", w("privilege")},
		{"gpasswd --add=dev sudo", w("privilege")},
		{"gpasswd -d dev docker", nil},
		{"gpasswd -M a,b wheel", w("privilege")},
		{"adduser bob sudo", w("privilege")},
		{"nsenter -t 1 -m -u -i -n -p sh", w("privilege")},
		{"nsenter --targ=1 --all sh", w("privilege")},
		{"nsenter -at1 sh", w("privilege")},
		{"ufw disable", w("security-disable")},
		{"ufw --force disable", w("security-disable")},
		{"ufw -f reset", w("security-disable")},
		{"ufw DISABLE", w("security-disable")},
		{"/usr/sbin/ufw default allow incoming", w("security-disable")},
		{"ufw default deny incoming", nil},
		{"ufw --dry-run disable", nil},
		{"ufw status verbose", nil},
		{"iptables -P INPUT ACCEPT", w("security-disable")},
		{"iptables --pol INPUT ACCEPT", w("security-disable")},
		{"iptables -PINPUT ACCEPT", w("security-disable")},
		{"iptables -P INPUT DROP", nil},
		{"nft flush ruleset", w("security-disable")},
		{"nft 'flush ruleset'", w("security-disable")},
		{"nft -a delete rule inet filter input handle 4", w("security-disable")},
		{"nft -c flush ruleset", nil},
		{"nft --chec flush ruleset", nil},
		{"nft list ruleset", nil},
		{"firewall-cmd --panic-off", w("security-disable")},
		{"firewall-cmd --panic-of", w("security-disable")},
		{"firewall-cmd --set-default-zone=trusted", w("security-disable")},
		{"firewall-cmd --set-default-zone trusted", w("security-disable")},
		{"firewall-cmd --set-default-zone=public", nil},
		{"setenforce 0", w("security-disable")},
		{"setenforce PERMISSIVE", w("security-disable")},
		{"setenforce 1", nil},
		{"auditctl -D", w("security-disable")},
		{"auditctl -e 0", w("security-disable")},
		{"auditctl -e0", w("security-disable")},
		{"auditctl -e 1", nil},
		{"auditctl -l", nil},
		{"xattr -d com.apple.quarantine app.dmg", w("security-disable")},
		{"xattr -rd com.apple.quarantine App.app", w("security-disable")},
		{"xattr -cr App.app", w("security-disable")},
		{"xattr -c -r App.app", w("security-disable")},
		{"xattr -l app.dmg", nil},
		{"pfctl -d", w("security-disable")},
		{"pfctl -Fa", w("security-disable")},
		{"pfctl -F all", w("security-disable")},
		{"pfctl -vd", w("security-disable")},
		{"pfctl -sr", nil},
		{"csrutil disable", w("security-disable")},
		{"csrutil authenticated-root disable", w("security-disable")},
		{"csrutil status", nil},
		{"spctl --master-disable", w("security-disable")},
		{"spctl --master-d", w("security-disable")},
		{"spctl --global-disable", w("security-disable")},
		{"spctl --status", nil},
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
