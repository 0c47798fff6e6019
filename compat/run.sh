#!/bin/sh
# Reruns the differential comparison of pagetune with ansible-playbook (issue 22, acceptance 1):
# the corpus of src/test/resources/ansiblecompat (task files, roles, Jinja expressions) run by both
# tools on a loopback OpenSSH sshd. Needs Debian's ansible and openssh-server (.ci/interop-setup
# installs them). Prints the summary (counts, percentages, refusals by reason, every silent
# difference), also kept in target/ansible-compat/summary.txt; exits non-zero on a silent
# difference. Each tool's files, JSON output and logs stay under target/ansible-compat/run/.
set -eu
cd "$(dirname "$0")/.."
status=0
./mvnw -q -B test -Pinterop -Dtest=AnsibleCompatInteropTest \
  -Dsurefire.failIfNoSpecifiedTests=false -Dspotless.check.skip=true >target/ansible-compat.log 2>&1 ||
  status=$?
if [ -f target/ansible-compat/summary.txt ]; then
  cat target/ansible-compat/summary.txt
else
  cat target/ansible-compat.log
fi
exit $status
