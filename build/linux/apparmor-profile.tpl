# Kiln's AppArmor profile. The .deb installs it as /etc/apparmor.d/${executable} and loads it
# (electron-builder's after-install script copies it from the app's resources/apparmor-profile;
# its after-remove script unloads and deletes it). Ubuntu 24.04 and later forbid unprivileged user
# namespaces to programs without a profile that allows them, and Chromium's sandbox needs one:
# without this, Kiln aborts at start ("The SUID sandbox helper binary was found, but is not
# configured correctly"). The profile allows that one thing to Kiln's installed executable and
# confines nothing else, as Ubuntu's own profiles for Chrome and VS Code's and Signal's do.
abi <abi/4.0>,
include <tunables/global>

profile ${executable} "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {
  userns,

  # Site-specific additions and overrides. See local/README for details.
  include if exists <local/${executable}>
}
