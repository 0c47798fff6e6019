package io.pagetune.targets.sap;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code ps -Z} output of AIX/PASE parsed by header name: the 4-column layout ({@code DPGSZ SPGSZ
 * TPGSZ SHMPGSZ}), the older 3-column one, and {@code ps -efZ} whose STIME may contain a space.
 */
record PsPageSizes(List<String> sizeColumns, List<ProcessPageSizes> processes) {
  private static final Set<String> SIZE_HEADERS = Set.of("DPGSZ", "SPGSZ", "TPGSZ", "SHMPGSZ");
  private static final Pattern SIZE_TOKEN = Pattern.compile("\\d+[KMGT]", Pattern.CASE_INSENSITIVE);

  public PsPageSizes {
    sizeColumns = List.copyOf(sizeColumns);
    processes = List.copyOf(processes);
  }

  public static PsPageSizes parse(String output) {
    String[] lines = output.split("\\R");
    int headerAt = -1;
    List<String> header = List.of();
    for (int i = 0; i < lines.length; i++) {
      List<String> words = Arrays.asList(lines[i].strip().split("\\s+"));
      if (words.contains("PID") && words.stream().anyMatch(SIZE_HEADERS::contains)) {
        headerAt = i;
        header = words;
        break;
      }
    }
    if (headerAt < 0) {
      return new PsPageSizes(List.of(), List.of());
    }
    List<String> sizeCols = header.stream().filter(SIZE_HEADERS::contains).toList();
    int pidCol = header.indexOf("PID");
    int ppidCol = header.indexOf("PPID");
    int firstSizeCol = header.indexOf(sizeCols.get(0));
    List<ProcessPageSizes> out = new ArrayList<>();
    for (int i = headerAt + 1; i < lines.length; i++) {
      String[] t = lines[i].strip().split("\\s+");
      // locate the run of size tokens: columns before it may hold spaces (STIME "Nov 29")
      int run = findSizeRun(t, sizeCols.size(), Math.min(pidCol + 1, firstSizeCol));
      if (run < 0 || pidCol >= run) {
        continue;
      }
      Map<String, PageSize> sizes = new LinkedHashMap<>();
      for (int c = 0; c < sizeCols.size(); c++) {
        String column = sizeCols.get(c);
        PageSize.parse(t[run + c]).ifPresent(s -> sizes.put(column, s));
      }
      String command = String.join(" ", Arrays.copyOfRange(t, run + sizeCols.size(), t.length));
      String ppid = ppidCol >= 0 && ppidCol < run ? t[ppidCol] : "";
      out.add(new ProcessPageSizes(t[pidCol], ppid, command, sizes));
    }
    return new PsPageSizes(sizeCols, out);
  }

  private static int findSizeRun(String[] tokens, int length, int from) {
    for (int s = from; s + length <= tokens.length; s++) {
      boolean all = true;
      for (int k = 0; k < length && all; k++) {
        all = SIZE_TOKEN.matcher(tokens[s + k]).matches();
      }
      if (all) {
        return s;
      }
    }
    return -1;
  }

  /**
   * The processes running {@code program}, including the links sapstart runs it under on AIX
   * ({@code dw.sapPRD_D10} is a {@code disp+work}).
   */
  public List<ProcessPageSizes> byProgram(String program) {
    SapProcessKind kind = SapProcessKind.of(program);
    return processes.stream()
        .filter(
            p ->
                p.program().equals(program)
                    || (kind != SapProcessKind.OTHER
                        && SapProcessKind.linkInstance(p.program()).isPresent()
                        && SapProcessKind.of(p.program()) == kind))
        .toList();
  }

  /**
   * True when at least one process runs {@code program} and each of them shows {@code size} in
   * every page-size column this ps prints.
   */
  public boolean allAt(String program, PageSize size) {
    List<ProcessPageSizes> ps = byProgram(program);
    if (ps.isEmpty()) {
      return false;
    }
    for (ProcessPageSizes p : ps) {
      for (String col : sizeColumns) {
        if (!size.equals(p.sizes().get(col))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The verification of domain.md §1.2: every disp+work at 64K in every column. */
  public boolean allDispWorkAt64K() {
    return allAt("disp+work", PageSize.SIZE_64K);
  }

  /** {@code ps -u <user> -Z}. */
  public static Fact<PsPageSizes> fact(String user) {
    return new ScriptFact<>(
        "ps_page_sizes_" + user, "ps -u " + ShellQuote.quote(user) + " -Z", r -> parse(r.stdout()));
  }
}
