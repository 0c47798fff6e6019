#!/bin/sh
# Stand-in for sysctl(8) in module tests, so the real kernel is never touched. Values live in
# files under $FAKE_SYSCTL_STATE, one per dotted name; every call is logged to $FAKE_SYSCTL_STATE/.calls.
#   FAKE_SYSCTL_MODE=ignore-writes   accept writes (exit 0, echo) but store nothing
#   FAKE_SYSCTL_MODE=refuse-exit-0   refuse writes as procps may: 'sysctl: setting key "K": Invalid
#                                    argument' on stderr, yet exit 0
#   FAKE_SYSCTL_MODE=write-only      refuse reads as the kernel refuses a write-only key
#   FAKE_SYSCTL_MAX_HUGEPAGES=N      store at most N for vm.nr_hugepages (a partial allocation)
# Supports: -n NAME, -w NAME=VALUE, -p FILE, with an optional leading -e (ignore unknown names:
# -e -n of one prints nothing and exits 0, as procps does).
state=${FAKE_SYSCTL_STATE:?FAKE_SYSCTL_STATE is not set}
printf '%s\n' "$*" >> "$state/.calls"

ignore=0
if [ "$1" = "-e" ]; then
  ignore=1
  shift
fi

unknown() {
  echo "sysctl: cannot stat /proc/sys/$(printf '%s' "$1" | tr . /): No such file or directory" >&2
}

write() {
  key=$1
  val=$2
  file="$state/$key"
  if [ ! -f "$file" ]; then
    [ "$ignore" = 1 ] && return 0
    unknown "$key"
    return 1
  fi
  if [ "${FAKE_SYSCTL_MODE:-}" = refuse-exit-0 ]; then
    echo "sysctl: setting key \"$key\": Invalid argument" >&2
    return 0
  fi
  if [ "${FAKE_SYSCTL_MODE:-}" != ignore-writes ]; then
    if [ "$key" = vm.nr_hugepages ] && [ -n "${FAKE_SYSCTL_MAX_HUGEPAGES:-}" ] \
        && [ "$val" -gt "$FAKE_SYSCTL_MAX_HUGEPAGES" ]; then
      val=$FAKE_SYSCTL_MAX_HUGEPAGES
    fi
    printf '%s\n' "$val" > "$file"
  fi
  echo "$key = $2"
}

case "$1" in
  -n)
    if [ "${FAKE_SYSCTL_MODE:-}" = write-only ]; then
      echo "sysctl: permission denied on key '$2'" >&2
      exit 255
    elif [ -f "$state/$2" ]; then
      # the kernel separates multiple values with tabs
      tr ' ' '\t' < "$state/$2"
    elif [ "$ignore" = 1 ]; then
      exit 0
    else
      unknown "$2"
      exit 255
    fi
    ;;
  -w)
    write "${2%%=*}" "${2#*=}" || exit 255
    ;;
  -p)
    rc=0
    while IFS= read -r line || [ -n "$line" ]; do
      case "$line" in
        '' | '#'* | ';'*) continue ;;
      esac
      key=$(printf '%s' "${line%%=*}" | tr -d ' \t')
      val=$(printf '%s' "${line#*=}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
      write "$key" "$val" || rc=255
    done < "$2"
    exit $rc
    ;;
  *)
    echo "fake sysctl: unsupported arguments: $*" >&2
    exit 2
    ;;
esac
