package io.pagetune.targets.oracle;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The last "Large Pages Information" block of an Oracle alert log (domain.md §3.6). The goal is
 * 100% of the SGA in large pages; a RECOMMENDATION paragraph means the pool is too small.
 */
record AlertLogLargePages(
    OptionalInt percentInLargePages,
    OptionalLong sgaInLargePagesBytes,
    OptionalLong usedPages,
    OptionalLong unusedPages,
    OptionalLong configuredPages,
    OptionalLong pageSizeBytes,
    Optional<String> recommendation) {

  private static final String SIZE = "(\\d{1,12})\\s*([KMGT]?B)";
  private static final Pattern TOTAL =
      Pattern.compile(
          "Total Shared Global Region in (?:Large|Huge) ?Pages\\s*=\\s*"
              + SIZE
              + "\\s*\\((\\d{1,3})%\\)",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern USED =
      Pattern.compile(
          "(?:Large|Huge) ?Pages used by this instance:\\s*(\\d{1,15})", Pattern.CASE_INSENSITIVE);
  private static final Pattern UNUSED =
      Pattern.compile(
          "(?:Large|Huge) ?Pages unused system wide\\s*=\\s*(\\d{1,15})", Pattern.CASE_INSENSITIVE);
  private static final Pattern CONFIGURED =
      Pattern.compile(
          "(?:Large|Huge) ?Pages configured system wide\\s*=\\s*(\\d{1,15})",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern PAGE_SIZE =
      Pattern.compile("(?:Large|Huge) ?Page size\\s*=\\s*" + SIZE, Pattern.CASE_INSENSITIVE);

  /** Parses the last block; all fields empty when the log has none. */
  public static AlertLogLargePages parse(String log) {
    String[] lines = log.split("\\R");
    int start = -1;
    for (int i = lines.length - 1; i >= 0 && start < 0; i--) {
      if (TOTAL.matcher(lines[i]).find()) {
        start = i;
      }
    }
    if (start < 0) {
      return new AlertLogLargePages(
          OptionalInt.empty(),
          OptionalLong.empty(),
          OptionalLong.empty(),
          OptionalLong.empty(),
          OptionalLong.empty(),
          OptionalLong.empty(),
          Optional.empty());
    }
    Matcher total = TOTAL.matcher(lines[start]);
    total.find();
    OptionalLong used = OptionalLong.empty();
    OptionalLong unused = OptionalLong.empty();
    OptionalLong configured = OptionalLong.empty();
    OptionalLong pageSize = OptionalLong.empty();
    Optional<String> recommendation = Optional.empty();
    for (int i = start + 1; i < lines.length && i <= start + 8; i++) {
      String l = lines[i];
      if (TOTAL.matcher(l).find()) {
        break;
      }
      used = used.isPresent() ? used : firstLong(USED, l);
      unused = unused.isPresent() ? unused : firstLong(UNUSED, l);
      configured = configured.isPresent() ? configured : firstLong(CONFIGURED, l);
      Matcher ps = PAGE_SIZE.matcher(l);
      if (pageSize.isEmpty() && ps.find()) {
        pageSize = bytes(ps.group(1), ps.group(2));
      }
      if (l.strip().startsWith("RECOMMENDATION:")) {
        recommendation = Optional.of(paragraph(lines, i + 1));
        break;
      }
    }
    return new AlertLogLargePages(
        OptionalInt.of(Integer.parseInt(total.group(3))),
        bytes(total.group(1), total.group(2)),
        used,
        unused,
        configured,
        pageSize,
        recommendation);
  }

  // the indented lines after "RECOMMENDATION:", joined into one sentence
  private static String paragraph(String[] lines, int from) {
    List<String> words = new ArrayList<>();
    for (int i = from; i < lines.length; i++) {
      String l = lines[i];
      if (l.isBlank() || !Character.isWhitespace(l.charAt(0))) {
        break;
      }
      words.add(l.strip());
    }
    return String.join(" ", words);
  }

  private static OptionalLong firstLong(Pattern p, String line) {
    Matcher m = p.matcher(line);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  private static OptionalLong bytes(String number, String unit) {
    int shift = 10 * "BKMGT".indexOf(unit.toUpperCase(Locale.ROOT).charAt(0));
    if (unit.length() == 1) {
      shift = 0;
    }
    return OptionalLong.of(Long.parseLong(number) << shift);
  }

  public boolean found() {
    return percentInLargePages.isPresent();
  }

  /** 100% and no recommendation: the SGA is entirely in large pages. */
  public boolean fullyInLargePages() {
    return percentInLargePages.orElse(0) == 100 && recommendation.isEmpty();
  }

  /** The tail of the alert log (the last startup's block is what counts). */
  public static Fact<AlertLogLargePages> fact(String alertLogPath) {
    return new ScriptFact<>(
        "alert_log_large_pages_" + alertLogPath,
        "tail -n 20000 " + ShellQuote.quote(alertLogPath),
        r -> parse(r.stdout()));
  }
}
