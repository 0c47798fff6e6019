package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table printed by {@code sapcontrol}: the list format (date, function, {@code OK}/{@code FAIL},
 * a comma-separated header and rows) or the script format ({@code N key: value}). Free-text columns
 * such as {@code textstatus} may contain commas; extra fields are folded back into that column.
 */
record SapcontrolOutput(
    Optional<String> function,
    Optional<String> status,
    List<String> header,
    List<Map<String, String>> rows) {
  /** Columns whose text may contain ", "; at most one per table. */
  private static final List<String> FREE_TEXT = List.of("textstatus", "VersionInfo");

  private static final Pattern SCRIPT_LINE =
      Pattern.compile("^(\\d{1,6})\\s+([A-Za-z]+):\\s?(.*)$");
  private static final Pattern PARAMETER_LINE = Pattern.compile("^0 : (.*)$");
  private static final Pattern DATE =
      Pattern.compile("^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2}$");

  public SapcontrolOutput {
    header = List.copyOf(header);
    rows = rows.stream().map(r -> Map.copyOf(r)).toList();
  }

  /** True when the call printed OK, or printed no status line at all. */
  public boolean ok() {
    return status.map("OK"::equals).orElse(true);
  }

  public static SapcontrolOutput parse(String output) {
    String[] lines = output.split("\\R");
    int i = 0;
    while (i < lines.length && lines[i].isBlank()) {
      i++;
    }
    if (i < lines.length && DATE.matcher(lines[i].strip()).matches()) {
      i++;
    }
    Optional<String> function = Optional.empty();
    Optional<String> status = Optional.empty();
    if (i < lines.length && lines[i].strip().matches("[A-Za-z]+")) {
      function = Optional.of(lines[i].strip());
      i++;
    }
    if (i < lines.length && (lines[i].strip().equals("OK") || lines[i].startsWith("FAIL"))) {
      status = Optional.of(lines[i].strip());
      i++;
    }
    String[] body = Arrays.copyOfRange(lines, i, lines.length);
    boolean script = Arrays.stream(body).anyMatch(l -> SCRIPT_LINE.matcher(l.strip()).matches());
    return script ? parseScript(function, status, body) : parseTable(function, status, body);
  }

  private static SapcontrolOutput parseTable(
      Optional<String> function, Optional<String> status, String[] lines) {
    List<String> header = List.of();
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      List<String> fields = Arrays.stream(line.split(",", -1)).map(String::strip).toList();
      if (header.isEmpty()) {
        header = fields;
        continue;
      }
      rows.add(row(header, fields));
    }
    return new SapcontrolOutput(function, status, header, rows);
  }

  private static Map<String, String> row(List<String> header, List<String> fields) {
    int free = -1;
    for (String f : FREE_TEXT) {
      free = free < 0 ? header.indexOf(f) : free;
    }
    Map<String, String> row = new LinkedHashMap<>();
    if (fields.size() <= header.size() || free < 0) {
      for (int c = 0; c < header.size(); c++) {
        row.put(header.get(c), c < fields.size() ? fields.get(c) : "");
      }
      return row;
    }
    int extra = fields.size() - header.size();
    for (int c = 0; c < header.size(); c++) {
      if (c < free) {
        row.put(header.get(c), fields.get(c));
      } else if (c == free) {
        row.put(header.get(c), String.join(", ", fields.subList(c, c + extra + 1)));
      } else {
        row.put(header.get(c), fields.get(c + extra));
      }
    }
    return row;
  }

  private static SapcontrolOutput parseScript(
      Optional<String> function, Optional<String> status, String[] lines) {
    TreeMap<Integer, Map<String, String>> byIndex = new TreeMap<>();
    List<String> header = new ArrayList<>();
    for (String line : lines) {
      Matcher m = SCRIPT_LINE.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      String key = m.group(2);
      if (!header.contains(key)) {
        header.add(key);
      }
      byIndex
          .computeIfAbsent(Integer.parseInt(m.group(1)), k -> new LinkedHashMap<>())
          .put(key, m.group(3).strip());
    }
    return new SapcontrolOutput(function, status, header, new ArrayList<>(byIndex.values()));
  }

  /** The value of {@code ParameterValue <name> -format script}: the {@code 0 : <value>} line. */
  public static Optional<String> parameterValue(String output) {
    for (String line : output.split("\\R")) {
      Matcher m = PARAMETER_LINE.matcher(line);
      if (m.matches()) {
        return Optional.of(m.group(1).strip());
      }
    }
    return Optional.empty();
  }

  /** Rows of GetProcessList. */
  public List<SapProcess> processes() {
    return rows.stream()
        .map(
            r ->
                new SapProcess(
                    r.getOrDefault("name", ""),
                    r.getOrDefault("description", ""),
                    r.getOrDefault("dispstatus", ""),
                    r.getOrDefault("textstatus", ""),
                    r.getOrDefault("starttime", ""),
                    r.getOrDefault("elapsedtime", ""),
                    r.getOrDefault("pid", "")))
        .toList();
  }

  /** Rows of GetSystemInstanceList. */
  public List<SystemInstance> instances() {
    return rows.stream()
        .map(
            r ->
                new SystemInstance(
                    r.getOrDefault("hostname", ""),
                    r.getOrDefault("instanceNr", ""),
                    r.getOrDefault("httpPort", ""),
                    r.getOrDefault("httpsPort", ""),
                    r.getOrDefault("startPriority", ""),
                    r.getOrDefault("features", ""),
                    r.getOrDefault("dispstatus", "")))
        .toList();
  }
}
