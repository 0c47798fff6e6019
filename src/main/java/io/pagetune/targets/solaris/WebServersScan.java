package io.pagetune.targets.solaris;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One script that finds the Web Server 7 instances of a Solaris host where the platform records
 * them: the {@code -d <instance>/config} and {@code -r <install root>} arguments of the running
 * {@code webservd}/{@code webservd-wdog} processes, the {@code https-*} instances of those install
 * roots, and {@code https-*} instances under the usual top directories (/opt, /var/opt, /export,
 * /usr/local, /app, /srv, /u01…), one or two levels down. Per instance it reads the install root
 * its startserv names, {@code <platform>} of {@code config/server.xml}, the ELF class of the server
 * binaries and whether startserv has the pagetune block; then {@code pmap -sx} of every
 * non-watchdog {@code webservd}, so the worker's heap can be judged. The admin server is not an
 * MPSS target and is left out.
 */
final class WebServersScan {
  private static final String MARK = "@@pt-web ";
  private static final String TOPS =
      "opt var/opt export export/home usr/local app apps srv u01 u02 data web sun";

  private WebServersScan() {}

  /** The startserv globs under the usual top directories, written out as paths of the host. */
  private static String searched() {
    StringBuilder out = new StringBuilder();
    for (String top : TOPS.split(" ")) {
      out.append(" /").append(top).append("/https-*/bin/startserv");
      out.append(" /").append(top).append("/*/https-*/bin/startserv");
    }
    return out.toString().strip();
  }

  public static Fact<Map<String, WebServerFacts>> fact() {
    String script =
        String.join(
            "\n",
            // ps shows 80 characters of the arguments at most: pargs -l gives them all
            "PS=$(ps -eo pid,ppid,args 2>/dev/null | while read pid ppid prog rest; do",
            "  case \"$prog\" in webservd|*/webservd|webservd-wdog|*/webservd-wdog) ;; *) continue"
                + " ;; esac",
            "  a=$(pargs -l \"$pid\" 2>/dev/null | tr -d \"'\"); [ -n \"$a\" ] || a=\"$prog $rest\"",
            "  echo \"$pid $ppid $a\"",
            "done)",
            "echo '" + MARK + "ps -'; echo \"$PS\"",
            "{",
            "echo \"$PS\" | while read pid ppid prog rest; do",
            "  case \"$prog\" in webservd|*/webservd|webservd-wdog|*/webservd-wdog) ;; *) continue ;;"
                + " esac",
            "  set -- $rest",
            "  while [ $# -gt 1 ]; do",
            "    case \"$1\" in",
            "    -d) echo \"${2%/}\" | sed 's:/config$::' ;;",
            "    -r) for s in \"$2\"/https-*/bin/startserv; do [ -f \"$s\" ] &&"
                + " dirname \"$(dirname \"$s\")\"; done ;;",
            "    esac",
            "    shift",
            "  done",
            "done",
            "for s in " + searched() + "; do",
            "  [ -f \"$s\" ] && dirname \"$(dirname \"$s\")\"",
            "done",
            "} | sort -u | while read i; do",
            "  case \"$i\" in */admin-server|'') continue ;; esac",
            "  echo '" + MARK + "instance '\"$i\"",
            "  root=$(sed -n -e 's/^[ \t]*SERVER_INSTALL_ROOT=\"\\{0,1\\}\\([^\";]*\\).*/\\1/p'"
                + " -e 's/^[ \t]*SERVER_ROOT=\"\\{0,1\\}\\([^\";]*\\).*/\\1/p'"
                + " \"$i/bin/startserv\" 2>/dev/null | head -n 1)",
            "  [ -n \"$root\" ] || root=$(dirname \"$i\")",
            "  echo '" + MARK + "root '\"$i\"; echo \"$root\"",
            "  echo '" + MARK + "platform '\"$i\"",
            "  sed -n 's/.*<platform>[ \t]*\\([0-9][0-9]*\\)[ \t]*<\\/platform>.*/\\1/p'"
                + " \"$i/config/server.xml\" 2>/dev/null | head -n 1",
            "  echo '" + MARK + "file '\"$i\"",
            "  file \"$root/lib/webservd\" \"$root/lib/sparcv9/webservd\""
                + " \"$root/lib/amd64/webservd\" 2>&1",
            "  echo '"
                + MARK
                + "block '\"$i\"; grep -c '^"
                + MpssStartserv.BEGIN
                + "' \"$i/bin/startserv\" 2>/dev/null",
            // the script itself, each line behind '|' so no line of it can pass for a marker
            "  echo '" + MARK + "startserv '\"$i\"; sed 's/^/|/' \"$i/bin/startserv\" 2>/dev/null",
            "done",
            "echo \"$PS\" | while read pid ppid prog rest; do",
            "  case \"$prog\" in webservd|*/webservd) echo '"
                + MARK
                + "pmap '\"$pid\"; pmap -sx \"$pid\" 2>&1 ;; esac",
            "done");
    return new ScriptFact<>("pages_web_servers", script, r -> parse(r.stdout()));
  }

  public static Map<String, WebServerFacts> parse(String output) {
    Map<String, Map<String, StringBuilder>> byKey = new TreeMap<>();
    StringBuilder current = null;
    for (String line : output.split("\\R")) {
      if (line.startsWith(MARK)) {
        String[] p = line.substring(MARK.length()).split(" ", 2);
        if (p.length < 2) {
          current = null;
          continue;
        }
        current = new StringBuilder();
        byKey.computeIfAbsent(p[1], k -> new TreeMap<>()).put(p[0], current);
      } else if (current != null) {
        current.append(line).append('\n');
      }
    }
    WebServerProcesses ps = WebServerProcesses.parse(text(byKey.getOrDefault("-", Map.of()), "ps"));
    Map<String, WebServerFacts> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, StringBuilder>> e : byKey.entrySet()) {
      Map<String, StringBuilder> s = e.getValue();
      if (!s.containsKey("instance")) {
        continue;
      }
      String dir = e.getKey();
      String root = text(s, "root").strip();
      if (root.isEmpty()) {
        root = WebServerFacts.defaultServerBinary(dir).replaceAll("/lib/webservd$", "");
      }
      OptionalInt platform =
          Ws7ServerXml.platform("<platform>" + text(s, "platform").strip() + "</platform>");
      Map<String, ElfWordSize> elf = fileOutput(text(s, "file"));
      String binary = root + "/lib/webservd";
      if (platform.isPresent() && platform.getAsInt() == 64) {
        binary =
            elf.getOrDefault(root + "/lib/amd64/webservd", ElfWordSize.UNKNOWN)
                    == ElfWordSize.BITS_64
                ? root + "/lib/amd64/webservd"
                : root + "/lib/sparcv9/webservd";
      }
      ElfWordSize word =
          platform.isPresent()
              ? Ws7ServerXml.wordSize(platform)
              : elf.getOrDefault(binary, ElfWordSize.UNKNOWN);
      List<WebServerProcess> processes = ps.of(dir);
      Optional<PmapPageSizes> pmap =
          ps.worker(dir)
              .map(w -> text(byKey.getOrDefault(w.pid(), Map.of()), "pmap"))
              .filter(t -> !t.isBlank())
              .map(PmapPageSizes::parse);
      String block = text(s, "block").strip();
      Optional<String> startserv = startservText(text(s, "startserv"));
      out.put(
          dir,
          new WebServerFacts(
              dir,
              root,
              binary,
              platform,
              word,
              !block.isEmpty() && !block.equals("0"),
              processes,
              pmap,
              startserv));
    }
    return out;
  }

  /** The startserv as the scan sent it (each line behind '|'); empty when it could not be read. */
  private static Optional<String> startservText(String section) {
    if (section.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder b = new StringBuilder();
    for (String line : section.split("\n", -1)) {
      if (line.startsWith("|")) {
        b.append(line, 1, line.length()).append('\n');
      }
    }
    return Optional.of(b.toString());
  }

  /** {@code path: description} lines of file(1), per path. */
  private static Map<String, ElfWordSize> fileOutput(String text) {
    Map<String, ElfWordSize> out = new TreeMap<>();
    for (String line : text.split("\\R")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        out.put(line.substring(0, colon).strip(), ElfWordSize.fromFileOutput(line));
      }
    }
    return out;
  }

  private static String text(Map<String, StringBuilder> s, String kind) {
    StringBuilder b = s.get(kind);
    return b == null ? "" : b.toString();
  }

  /** {@code 256M:98%} — the largest page size of the heap and its share of the heap's Kbytes. */
  public static String heapSummary(PmapPageSizes pmap) {
    java.util.TreeSet<PageSize> sizes = new java.util.TreeSet<>();
    for (PmapMapping m : pmap.mappings()) {
      if (m.isHeap()) {
        m.pageSize().ifPresent(sizes::add);
      }
    }
    if (sizes.isEmpty()) {
      return "no heap page sizes";
    }
    PageSize top = sizes.last();
    return top + ":" + Math.round(pmap.heapShareAt(top) * 100) + "%";
  }
}
