# shared by the lab's sapcontrol and ps stand-ins (sourced, not run): where the host's SAP
# systems are, by the platform's own records, and what an instance was started with.
R="${PAGETUNE_LAB_ROOT:?lab tool needs PAGETUNE_LAB_ROOT}"
S="$R/.state"

# "SID profile-dir" per system: /usr/sap/<SID>/SYS/profile, then the pf= dirs of sapservices
sap_systems() {
  {
    for d in "$R"/usr/sap/*/SYS/profile; do
      [ -d "$d" ] && echo "$(basename "$(dirname "$(dirname "$d")")") ${d#"$R"}"
    done
    [ -r "$R/usr/sap/sapservices" ] && grep -v '^[[:space:]]*#' "$R/usr/sap/sapservices" \
      | sed -n 's/.*pf=\([^[:space:]]*\).*/\1/p' | while read -r pf; do
        n=${pf##*/}; echo "${n%%_*} ${pf%/*}"
      done
  } | awk '!seen[$1]++'
}

# instance names (ASCS01, D00) of the instance profiles in dir $2 of SID $1
sap_instances() {
  for p in "$R$2"/"$1"_*; do
    [ -f "$p" ] || continue
    n=$(basename "$p")
    case "$n" in *.*|*~) continue ;; esac # backup copies are not profiles
    i=${n#"$1"_}; echo "${i%%_*}"
  done
}

# the LDR_CNTRL value the given profiles give, read in order: a SETENV_nn of a later file
# replaces the same number of an earlier one; the highest number that sets LDR_CNTRL wins
sap_ldr_cntrl() {
  awk '/^[[:space:]]*SETENV_[0-9]+[[:space:]]*=/ {
         l = $0; sub(/^[[:space:]]*SETENV_/, "", l)
         n = l; sub(/[[:space:]]*=.*/, "", n)
         v = l; sub(/^[0-9]+[[:space:]]*=[[:space:]]*/, "", v)
         val[n + 0] = v
       }
       END { w = ""; for (i = 0; i <= 99; i++) if ((i in val) && val[i] ~ /^LDR_CNTRL=/) w = val[i]; print w }' "$@"
}
