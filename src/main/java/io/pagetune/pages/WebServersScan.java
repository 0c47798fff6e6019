package io.pagetune.pages;

import io.pagetune.facts.Fact;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One script that finds Web Server 7 instances ({@code /opt/<install>/https-<name>/bin/startserv})
 * on a Solaris host and, per instance, reads the server binary's word size ({@code file}), whether
 * startserv has the MPSS block, and {@code pmap -sx} of the running {@code webservd}.
 */
public final class WebServersScan {
  private static final String MARK = "@@pt-web ";

  private WebServersScan() {}

  public static Fact<Map<String, WebServerFacts>> fact() {
    String script =
        "for s in "
            + PageFacts.ROOT
            + "/opt/*/https-*/bin/startserv; do\n"
            + "[ -f \"$s\" ] || continue\n"
            + "i=$(dirname \"$(dirname \"$s\")\"); i=${i#\"${PAGETUNE_LAB_ROOT:-}\"}\n"
            + "b=$(dirname \"$i\")/lib/webservd\n"
            + "echo \""
            + MARK
            + "instance $i\"\n"
            + "echo \""
            + MARK
            + "file $i\"; file \"$b\"\n"
            + "echo \""
            + MARK
            + "block $i\"; grep -c '^"
            + MpssStartserv.BEGIN
            + "' \"$s\"\n"
            + "echo \""
            + MARK
            + "pmap $i\"; for p in $(pgrep -x webservd); do pmap -sx \"$p\"; break; done\n"
            + "done";
    return new ScriptFact<>("pages_web_servers", script, r -> parse(r.stdout()));
  }

  public static Map<String, WebServerFacts> parse(String output) {
    Map<String, Map<String, StringBuilder>> byInstance = new TreeMap<>();
    StringBuilder current = null;
    for (String line : output.split("\\R")) {
      if (line.startsWith(MARK)) {
        String[] p = line.substring(MARK.length()).split(" ", 2);
        if (p.length < 2) {
          current = null;
          continue;
        }
        current = new StringBuilder();
        byInstance.computeIfAbsent(p[1], k -> new TreeMap<>()).put(p[0], current);
      } else if (current != null) {
        current.append(line).append('\n');
      }
    }
    Map<String, WebServerFacts> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, StringBuilder>> e : byInstance.entrySet()) {
      Map<String, StringBuilder> s = e.getValue();
      String pmap = text(s, "pmap");
      out.put(
          e.getKey(),
          new WebServerFacts(
              e.getKey(),
              WebServerFacts.defaultServerBinary(e.getKey()),
              ElfWordSize.fromFileOutput(text(s, "file")),
              !text(s, "block").strip().isEmpty() && !text(s, "block").strip().equals("0"),
              pmap.isBlank() ? Optional.empty() : Optional.of(PmapPageSizes.parse(pmap))));
    }
    return out;
  }

  private static String text(Map<String, StringBuilder> s, String kind) {
    StringBuilder b = s.get(kind);
    return b == null ? "" : b.toString();
  }

  /** {@code 256M:98%} — the largest page size of the heap and its share of the heap's Kbytes. */
  static String heapSummary(PmapPageSizes pmap) {
    java.util.Set<PageSize> sizes = new java.util.TreeSet<>();
    for (PmapMapping m : pmap.mappings()) {
      if (m.isHeap()) {
        m.pageSize().ifPresent(sizes::add);
      }
    }
    if (sizes.isEmpty()) {
      return "no heap page sizes";
    }
    PageSize top = ((java.util.TreeSet<PageSize>) sizes).last();
    return top + ":" + Math.round(pmap.heapShareAt(top) * 100) + "%";
  }
}
