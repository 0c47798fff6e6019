package io.pagetune.targets.solaris;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code /etc/mpss.conf} (mpss.so.1(1)): lines {@code exec-name [exec-args]:heap-size:stack-size}
 * that mpss.so.1 reads when {@code MPSSCFGFILE} is not set, and that override {@code MPSSHEAP} for
 * the programs they name (a name or path, shell wildcards allowed). An entry for webservd decides
 * the server's heap page size whatever startserv exports.
 */
record MpssConf(List<Entry> entries) {
  /** One entry, with its 1-based line number. */
  record Entry(int line, String execName, String heap) {}

  public MpssConf {
    entries = List.copyOf(entries);
  }

  public static MpssConf parse(String text) {
    List<Entry> out = new ArrayList<>();
    String[] lines = text.split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i].strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      String[] p = l.split(":", -1);
      if (p.length < 2) {
        continue;
      }
      String exec = p[0].strip().split("\\s+", 2)[0];
      out.add(new Entry(i + 1, exec, p[1].strip()));
    }
    return new MpssConf(out);
  }

  /** The first entry whose exec-name matches {@code program} (a path or its last element). */
  public Optional<Entry> entryFor(String program) {
    String base = program.substring(program.lastIndexOf('/') + 1);
    for (Entry e : entries) {
      String pattern = e.execName();
      String subject = pattern.contains("/") ? program : base;
      try {
        if (FileSystems.getDefault().getPathMatcher("glob:" + pattern).matches(Path.of(subject))) {
          return Optional.of(e);
        }
      } catch (IllegalArgumentException ex) {
        // a pattern the glob syntax does not take: compare literally
        if (pattern.equals(subject)) {
          return Optional.of(e);
        }
      }
    }
    return Optional.empty();
  }
}
