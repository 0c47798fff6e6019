package io.pagetune.targets.oracle;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Linux {@code ipcs -m} parsed by header name, not by character position (which broke Oracle's
 * script when the layout changed). The trailing status column may be empty or "dest".
 */
record IpcsShm(List<ShmSegment> segments) {
  public IpcsShm {
    segments = List.copyOf(segments);
  }

  public static IpcsShm parse(String output) {
    String[] lines = output.split("\\R");
    List<String> header = null;
    List<ShmSegment> out = new ArrayList<>();
    for (String line : lines) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("---")) {
        continue;
      }
      List<String> words = Arrays.asList(trimmed.toLowerCase(Locale.ROOT).split("\\s+"));
      if (words.contains("shmid")) {
        header = words;
        continue;
      }
      if (header == null) {
        continue;
      }
      parseRow(header, trimmed.split("\\s+")).ifPresent(out::add);
    }
    return new IpcsShm(out);
  }

  private static Optional<ShmSegment> parseRow(List<String> header, String[] t) {
    int bytesCol = indexOf(header, "bytes", "size", "segsz");
    if (bytesCol < 0 || bytesCol >= t.length) {
      return Optional.empty();
    }
    OptionalLong bytes = number(t[bytesCol]);
    if (bytes.isEmpty()) {
      return Optional.empty();
    }
    int statusCol = header.indexOf("status");
    String status = "";
    if (statusCol >= 0 && statusCol < t.length) {
      status = String.join(" ", Arrays.copyOfRange(t, statusCol, t.length));
    }
    int nattchCol = header.indexOf("nattch");
    return Optional.of(
        new ShmSegment(
            cell(t, header.indexOf("key")),
            cell(t, header.indexOf("shmid")),
            cell(t, header.indexOf("owner")),
            cell(t, header.indexOf("perms")),
            bytes.getAsLong(),
            nattchCol >= 0 && nattchCol < t.length ? number(t[nattchCol]) : OptionalLong.empty(),
            status));
  }

  private static int indexOf(List<String> header, String... names) {
    for (String n : names) {
      int i = header.indexOf(n);
      if (i >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static String cell(String[] t, int col) {
    return col >= 0 && col < t.length ? t[col] : "";
  }

  private static OptionalLong number(String s) {
    try {
      return OptionalLong.of(Long.parseLong(s));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  public long totalBytes() {
    return segments.stream().mapToLong(ShmSegment::bytes).sum();
  }

  public static Fact<IpcsShm> fact() {
    return new ScriptFact<>("ipcs_shm", "ipcs -m", r -> parse(r.stdout()));
  }
}
