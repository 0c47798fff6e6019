#!/bin/sh
# Reruns the comparison of this project (pagetune, FreeMarker) with its Jinja twin
# (../ansible-project-jinja, ansible-playbook): both run twice on fresh per-host roots under one
# temp directory (a first run, then an idempotent rerun), over the local connection. Prints both
# PLAY RECAPs, fails when their counts differ or when the files the two tools wrote differ.
# With --update it rewrites ansible-recap.txt (the fixture AnsibleProjectComparisonTest reads)
# from the ansible-playbook runs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
jinja=$(cd "$here/../ansible-project-jinja" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "web1 : ok=16 changed=9 ..." -> "web1 ok=16 changed=9 ...", hosts sorted
recap() {
  sed -n '/^PLAY RECAP/,$p' | grep ' : ok=' | awk '{ $2 = ""; print }' | tr -s ' ' | sort
}

for run in 1 2; do
  (cd "$jinja" && ANSIBLE_NOCOLOR=1 ANSIBLE_CONFIG="$jinja/ansible.cfg" \
    ansible-playbook site.yml -e base_dir="$work/ansible") > "$work/ansible-$run.log"
  (cd "$here" && ANSIBLE_CONFIG="$here/ansible.cfg" \
    "$repo/pagetune" run site.yml -e base_dir="$work/pagetune" --state none --progress none) \
    > "$work/pagetune-$run.log"
  recap < "$work/ansible-$run.log" > "$work/ansible-$run.txt"
  recap < "$work/pagetune-$run.log" > "$work/pagetune-$run.txt"
done

{
  echo "# PLAY RECAP of ansible-playbook ($(ansible-playbook --version | head -n 1)) on ../ansible-project-jinja"
  echo "# written by compare.sh --update; AnsibleProjectComparisonTest compares pagetune's recap with it"
  echo "run 1"
  cat "$work/ansible-1.txt"
  echo "run 2"
  cat "$work/ansible-2.txt"
} > "$work/ansible-recap.txt"

status=0
for run in 1 2; do
  echo "== run $run: ansible-playbook"
  cat "$work/ansible-$run.txt"
  echo "== run $run: pagetune"
  cat "$work/pagetune-$run.txt"
  if ! diff -u "$work/ansible-$run.txt" "$work/pagetune-$run.txt"; then
    echo "run $run: the recap counts DIFFER" >&2
    status=1
  fi
done
if diff -r "$work/ansible" "$work/pagetune" > "$work/files.diff"; then
  echo "== the files both tools wrote are identical"
else
  cat "$work/files.diff"
  echo "the files the two tools wrote DIFFER" >&2
  status=1
fi
if [ "${1:-}" = "--update" ]; then
  cp "$work/ansible-recap.txt" "$here/ansible-recap.txt"
  echo "== ansible-recap.txt updated"
elif ! grep -v '^#' "$here/ansible-recap.txt" | diff -u - "$(grep -v '^#' "$work/ansible-recap.txt" > "$work/now.txt" && echo "$work/now.txt")"; then
  echo "ansible-playbook's recap no longer matches the committed ansible-recap.txt" >&2
  status=1
fi
exit $status
