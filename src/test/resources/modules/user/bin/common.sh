# Shared by the account stand-ins (getent, id, groupadd, …): the accounts live in $root/etc/passwd
# and $root/etc/group next to this bin directory, never in the test machine's /etc. Every call is
# logged to $root/log/calls.
root=$(cd "$(dirname "$0")/.." && pwd)
passwd=$root/etc/passwd
group=$root/etc/group
mkdir -p "$root/log"
printf '%s %s\n' "$(basename "$0")" "$*" >> "$root/log/calls"
touch "$passwd" "$group" 2>/dev/null

# field N of the entry named $2 (or with id $2 in field 3) in file $1
entry() { awk -F: -v k="$2" '$1 == k || $3 == k { print; exit }' "$1"; }
has() { [ -n "$(entry "$1" "$2")" ]; }
# the next free id: from 1000 up, or (system) from 999 down
next_id() {
  awk -F: -v sys="$2" 'BEGIN { } { used[$3] = 1 } END {
    if (sys == 1) { for (i = 999; i > 100; i--) if (!(i in used)) { print i; exit } }
    else { for (i = 1000; ; i++) if (!(i in used)) { print i; exit } } }' "$1"
}
# rewrite field $3 of entry $2 in file $1 to $4
set_field() {
  awk -F: -v OFS=: -v k="$2" -v f="$3" -v v="$4" '$1 == k { $f = v } { print }' "$1" > "$1.new" && mv "$1.new" "$1"
}
# make $2 a member of exactly the groups in comma list $3 (append=1: also keep the old ones)
set_members() {
  awk -F: -v OFS=: -v u="$1" -v list="$2" -v append="$3" '
    BEGIN { n = split(list, want, ","); for (i = 1; i <= n; i++) if (want[i] != "") w[want[i]] = 1 }
    {
      m = split($4, mem, ","); out = ""; found = 0
      for (i = 1; i <= m; i++) {
        if (mem[i] == "") continue
        if (mem[i] == u) { found = 1; if (!append && !($1 in w)) continue }
        out = out (out == "" ? "" : ",") mem[i]
      }
      if (($1 in w) && !found) out = out (out == "" ? "" : ",") u
      $4 = out; print
    }' "$group" > "$group.new" && mv "$group.new" "$group"
}
