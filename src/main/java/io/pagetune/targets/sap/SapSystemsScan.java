package io.pagetune.targets.sap;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One script that finds every SAP system from the platform's records ({@code
 * /usr/sap/<SID>/SYS/profile} and the profiles {@code /usr/sap/sapservices} starts, wherever they
 * are installed) and, per SID, lists its profiles, reads the kernel version as {@code <sid>adm} and
 * takes {@code ps -f -Z} of its processes. Sections are marked by lines {@code @@pt-sap <kind>
 * <SID>}.
 */
final class SapSystemsScan {
  private static final String MARK = "@@pt-sap ";

  private SapSystemsScan() {}

  /** The scan of all SIDs on the host (IBM i PASE and AIX only; prints nothing elsewhere). */
  public static Fact<Map<String, SapSystemFacts>> fact() {
    return new ScriptFact<>("pages_sap_systems", script("*"), r -> parse(r.stdout()));
  }

  /** The scan of one SID whose profiles live in {@code profileDir}. */
  public static Fact<Map<String, SapSystemFacts>> fact(String sid, String profileDir) {
    if (!sid.matches("[A-Z][A-Z0-9]{2}")) {
      throw new IllegalArgumentException("not a SAP system ID: " + sid);
    }
    String script =
        "d="
            + io.pagetune.connection.ShellQuote.quote(profileDir)
            + "; sid="
            + sid
            + "\n"
            + perSid();
    return new ScriptFact<>(
        "pages_sap_system_" + sid + "_" + profileDir, script, r -> parse(r.stdout()));
  }

  private static String script(String sidGlob) {
    // the platform's own records: every /usr/sap/<SID>/SYS/profile, then the pf= profiles that
    // /usr/sap/sapservices starts (an active line; wherever they are installed, e.g. /sapmnt)
    return "{ for d in /usr/sap/"
        + sidGlob
        + "/SYS/profile; do\n"
        + "  [ -d \"$d\" ] || continue\n"
        + "  echo \"$(basename \"$(dirname \"$(dirname \"$d\")\")\") $d\"\n"
        + "done\n"
        + "[ -r "
        + SapServices.PATH
        + " ] && grep -v '^[[:space:]]*#' "
        + SapServices.PATH
        + " | grep sapstartsrv | sed -n 's/.*pf=\\([^[:space:]]*\\).*/\\1/p' |\n"
        + "while read -r pf; do\n"
        + "  n=${pf##*/}\n"
        + "  case $n in START_*) s=$(echo \"$pf\" | sed -n"
        + " 's|.*/\\([A-Z][A-Z0-9][A-Z0-9]\\)/.*|\\1|p') ;; *) s=${n%%_*} ;; esac\n"
        + "  echo \"$s ${pf%/*}\"\n"
        + "done; } | { seen=' '\n"
        + "while read -r sid rel; do\n"
        + "case $sid in [A-Z][A-Z0-9][A-Z0-9]) ;; *) continue ;; esac\n"
        + "case \"$seen\" in *\" $sid \"*) continue ;; esac\n"
        + "d=\"$rel\"\n"
        + "[ -d \"$d\" ] || continue\n"
        + "seen=\"$seen$sid \"\n"
        + perSid()
        + "done; }";
  }

  private static String perSid() {
    // stdin is the list being read: the tools must not eat it
    return "adm=$(echo \"$sid\" | tr 'A-Z' 'a-z')adm\n"
        + "echo \""
        + MARK
        + "dir $sid $d\"\n"
        + "echo \""
        + MARK
        + "profiles $sid\"; ls -1 \"$d\" 2>/dev/null\n"
        + "echo \""
        + MARK
        + "kernel $sid\"; su - \"$adm\" -c 'disp+work -version' </dev/null 2>/dev/null\n"
        + "echo \""
        + MARK
        // -f adds PPID and the command line with its pf= profile: how processes are attributed
        + "ps $sid\"; ps -f -u \"$adm\" -Z </dev/null 2>/dev/null"
        + " || ps -u \"$adm\" -Z </dev/null 2>/dev/null\n"
        + "[ -r "
        + SapServices.PATH
        + " ] && { echo \""
        + MARK
        + "services $sid\"; grep -v '^[[:space:]]*#' "
        + SapServices.PATH
        + " | sed -n 's/.*pf=\\([^[:space:]]*\\).*/\\1/p' | sed 's|.*/||'; }\n"
        + "echo \""
        + MARK
        + "ldr $sid\"; grep -l '^[[:space:]]*SETENV_[0-9]*[[:space:]]*=[[:space:]]*LDR_CNTRL='"
        + " \"$d\"/* 2>/dev/null | sed 's|.*/||'\n";
  }

  /** Parses the sections; a SID whose sections are missing still appears, with empty parts. */
  public static Map<String, SapSystemFacts> parse(String output) {
    Map<String, Map<String, StringBuilder>> bySid = new TreeMap<>();
    Map<String, String> dirs = new TreeMap<>();
    StringBuilder current = null;
    for (String line : output.split("\\R")) {
      if (line.startsWith(MARK)) {
        String[] p = line.substring(MARK.length()).split(" ", 3);
        if (p.length < 2) {
          current = null;
          continue;
        }
        if (p[0].equals("dir")) {
          String dir = p.length > 2 ? p[2] : "";
          dirs.put(p[1], dir);
          current = null;
          continue;
        }
        current = new StringBuilder();
        bySid.computeIfAbsent(p[1], k -> new TreeMap<>()).put(p[0], current);
      } else if (current != null) {
        current.append(line).append('\n');
      }
    }
    Map<String, SapSystemFacts> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, StringBuilder>> e : bySid.entrySet()) {
      String sid = e.getKey();
      Map<String, StringBuilder> s = e.getValue();
      List<String> names = new ArrayList<>();
      for (String n : text(s, "profiles").split("\\R")) {
        if (!n.isBlank()) {
          names.add(n.strip());
        }
      }
      out.put(
          sid,
          new SapSystemFacts(
              sid,
              dirs.getOrDefault(sid, SapSystemFacts.defaultProfileDir(sid)),
              SapSystemFacts.instanceAndStartProfiles(sid, names),
              SapSystemFacts.instanceAndStartProfiles(sid, lines(text(s, "ldr"))),
              SapKernelVersion.fromDispWorkVersion(text(s, "kernel")),
              PsPageSizes.parse(text(s, "ps")),
              s.containsKey("services")
                  ? Optional.of(lines(text(s, "services")))
                  : Optional.empty()));
    }
    return out;
  }

  private static List<String> lines(String text) {
    List<String> out = new ArrayList<>();
    for (String n : text.split("\\R")) {
      if (!n.isBlank()) {
        out.add(n.strip());
      }
    }
    return out;
  }

  private static String text(Map<String, StringBuilder> s, String kind) {
    StringBuilder b = s.get(kind);
    return b == null ? "" : b.toString();
  }
}
