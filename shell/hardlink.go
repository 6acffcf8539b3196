package shell

import "github.com/wardenhq/warden/danger"

// judgeHardLink flags making a hard link to a file that is protected by
// what it is: the new name is that file (ln .warden/settings.local.json
// notes.json makes every later write of notes.json a write of Warden's
// settings; ln ~/.ssh/id_rsa k makes cat k print the key). The link is
// judged as the class of its target: a control file as a write to it, a
// credential as a copy out of its protected place.
func (a *analyzer) judgeHardLink(c *call, target, link string) {
	switch {
	case target == "" || link == "":
	case a.isControlPath(target):
		e, _ := a.control(target)
		a.flagControl(c, target, e)
	case a.credentialFile(target):
		a.flag(c, danger.CredentialAccess, "makes "+link+" a hard link to the credential file "+target+": another name to read it by")
	case secretEnvFile(target):
		a.flagAt(c, danger.CredentialAccess, "makes "+link+" a hard link to the secrets in "+target+": another name to read them by", medium)
	}
}

func (a *analyzer) isControlPath(p string) bool {
	_, ok := a.control(p)
	return ok
}
