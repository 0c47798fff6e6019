package io.pagetune.targets.solaris;

import io.pagetune.pages.AuditStamp;
import io.pagetune.pages.PagesizeA;
import io.pagetune.pages.TextEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pure editor of a Web Server {@code bin/startserv}. It reads the script as the platform runs it
 * ({@link StartservScript}: the normal start path, not a {@code -version} arm) and computes what
 * the server starts with ({@link MpssPersisted}: the preload list ld.so.1 uses for its word size,
 * the exported {@code MPSSHEAP}). Only what is missing goes into a marked block right before the
 * line that starts the server: mpss.so.1 appended to the word-size variable (which starts from the
 * valid generic {@code LD_PRELOAD} entries when empty, so no preloaded library is lost), and {@code
 * MPSSHEAP} when the script does not assign it; a wrong hand-made {@code MPSSHEAP} is corrected in
 * place. A startserv already set up by hand is left alone; a re-run finds the block and rebuilds it
 * the same way, so the edit is idempotent.
 */
final class MpssStartserv {
  public static final String BEGIN = "# BEGIN pagetune MPSS";
  public static final String END = "# END pagetune MPSS";
  private static final String AUDIT_PREFIX = "# pagetune run ";
  private static final Pattern HEAP_ASSIGNMENT =
      Pattern.compile("(^|[\\s;])((?:export\\s+)?MPSSHEAP=)(\"[^\"]*\"|'[^']*'|[^\\s;]*)");

  private MpssStartserv() {}

  public static TextEdit ensure(
      String startserv, ElfWordSize wordSize, PagesizeA supported, AuditStamp stamp) {
    return ensure(startserv, wordSize, supported, stamp, MpssBlock::lines);
  }

  /**
   * As {@link #ensure(String, ElfWordSize, PagesizeA, AuditStamp)}, with the block's shell lines
   * given per block (e.g. rendered from a site's template); they must not contain the markers.
   */
  public static TextEdit ensure(
      String startserv,
      ElfWordSize wordSize,
      PagesizeA supported,
      AuditStamp stamp,
      Function<MpssBlock, List<String>> bodyFor) {
    Optional<MpssVariant> chosen = MpssVariant.choose(wordSize, supported);
    if (chosen.isEmpty()) {
      return new TextEdit.Refused(
          wordSize == ElfWordSize.UNKNOWN
              ? "word size of the web server is unknown (no <platform> in server.xml, binary"
                  + " unreadable): cannot choose LD_PRELOAD_32 or LD_PRELOAD_64"
              : "neither 256M nor 4M pages are supported (pagesize -a: " + supported.sizes() + ")");
    }
    MpssVariant v = chosen.get();
    List<String> lines = splitKeepingTerminators(startserv);
    OwnBlock own = OwnBlock.find(lines);
    if (own.problem().isPresent()) {
      return new TextEdit.Refused(own.problem().get());
    }
    List<String> rest = own.removedFrom(lines);
    StartservScript script = StartservScript.read(plain(rest));
    Optional<String> offPath = startPathProblem(script);
    if (offPath.isPresent()) {
      return new TextEdit.Refused(offPath.get());
    }
    MpssPersisted now = MpssPersisted.of(script, wordSize, v.heap());
    boolean heapInPlace = !now.heapOk() && script.assigned("MPSSHEAP");
    MpssBlock block =
        new MpssBlock(
            v.preloadVariable(),
            v.library(),
            v.heap(),
            now.preload().genericValid(),
            !now.preloadOk(),
            !now.heapOk() && !heapInPlace,
            !now.heapOk() && !script.exported().contains("MPSSHEAP"));
    List<String> body = block.isEmpty() ? List.of() : bodyFor.apply(block);
    for (String b : body) {
      if (b.strip().equals(BEGIN) || b.strip().equals(END) || b.contains("\n")) {
        return new TextEdit.Refused("the MPSS block lines must be single lines without markers");
      }
    }
    String summary = summary(block, now, heapInPlace, script);
    String newText =
        String.join(
            "",
            edited(
                rest,
                script,
                body,
                heapInPlace ? v.heap().toString() : null,
                stamp.comment(summary),
                terminator(lines)));
    if (withoutAudit(newText).equals(withoutAudit(startserv))) {
      return new TextEdit.Unchanged(
          "startserv already starts the server with "
              + now.preload().variable()
              + " holding "
              + now.preload().entries().stream()
                  .filter(StartservPreload::isMpss)
                  .findFirst()
                  .orElse(v.library())
              + " and MPSSHEAP="
              + v.heap());
    }
    return new TextEdit.Changed(
        newText,
        body.isEmpty() && !heapInPlace
            ? "removed the pagetune" + " block: startserv already sets " + v.describe()
            : summary);
  }

  /**
   * The script with the block's lines right before the start line, indented like it, and a wrong
   * hand-made {@code MPSSHEAP} corrected where it is assigned ({@code heap} null: left alone).
   */
  private static List<String> edited(
      List<String> rest,
      StartservScript script,
      List<String> body,
      String heap,
      String audit,
      String nl) {
    List<String> out = new ArrayList<>(rest);
    if (!body.isEmpty()) {
      // indented like the start line, e.g. inside the stock script's --start arm
      String in = indent(rest.get(script.startLine()));
      List<String> b = new ArrayList<>();
      b.add(in + BEGIN + nl);
      b.add(in + audit + nl);
      body.forEach(l -> b.add(in + l + nl));
      b.add(in + END + nl);
      out.addAll(script.startLine(), b);
    }
    if (heap != null) {
      int at = script.lastAssignment().get("MPSSHEAP");
      String line = out.get(at);
      String edited =
          HEAP_ASSIGNMENT
              .matcher(line)
              .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + m.group(2) + heap));
      out.set(at, edited);
      out.add(at, indent(line) + audit + nl);
    }
    return out;
  }

  /** The lines of pagetune's own block, which a re-run rebuilds; begin = -1 when there is none. */
  private record OwnBlock(int begin, int end, Optional<String> problem) {
    static OwnBlock find(List<String> lines) {
      int begin = -1;
      int end = -1;
      for (int i = 0; i < lines.size(); i++) {
        String l = lines.get(i).strip();
        if (l.equals(BEGIN)) {
          if (begin >= 0) {
            return new OwnBlock(
                begin, end, Optional.of("startserv has more than one '" + BEGIN + "' block"));
          }
          begin = i;
        } else if (l.equals(END) && begin >= 0 && end < 0) {
          end = i;
        }
      }
      if (begin >= 0 && end < 0) {
        return new OwnBlock(
            begin,
            end,
            Optional.of("'" + BEGIN + "' without '" + END + "': fix startserv by hand"));
      }
      return new OwnBlock(begin, end, Optional.empty());
    }

    List<String> removedFrom(List<String> lines) {
      List<String> rest = new ArrayList<>(lines);
      if (begin >= 0) {
        rest.subList(begin, end + 1).clear();
      }
      return rest;
    }
  }

  /** Why MPSS cannot be put on the script's normal start path, if it cannot. */
  private static Optional<String> startPathProblem(StartservScript script) {
    if (!script.startFound()) {
      return Optional.of(
          "no line that starts the server (webservd, directly or through a variable such as"
              + " ${SERVER_BIN}) on the normal start path of startserv");
    }
    if (script.startLineOpensArm()) {
      return Optional.of(
          "the server starts on the pattern line of a case arm (line "
              + (script.startLine() + 1)
              + "): put it on a line of its own to let MPSS go before it");
    }
    Optional<String> cfg = script.environment("MPSSCFGFILE");
    if (cfg.isPresent()) {
      return Optional.of(
          "startserv exports MPSSCFGFILE="
              + cfg.get()
              + ", which overrides MPSSHEAP: set the heap size in that file by hand");
    }
    return Optional.empty();
  }

  /** What the current startserv makes the server start with, block included. */
  public static MpssPersisted persisted(String startserv, ElfWordSize word, MpssVariant v) {
    return MpssPersisted.of(
        StartservScript.read(plain(splitKeepingTerminators(startserv))), word, v.heap());
  }

  private static String summary(
      MpssBlock block, MpssPersisted now, boolean heapInPlace, StartservScript script) {
    List<String> parts = new ArrayList<>();
    if (block.preload()) {
      String p = block.variable() + " += " + block.library();
      if (now.preload().variableSet() && !now.preload().entries().isEmpty()) {
        p += " (keeps " + String.join(" ", now.preload().entries()) + ")";
      } else if (!block.seed().isEmpty()) {
        p += " (from LD_PRELOAD: " + String.join(" ", block.seed()) + ")";
      }
      parts.add(p);
    }
    if (heapInPlace) {
      parts.add(
          "MPSSHEAP "
              + now.heap().orElse("(not exported)")
              + " -> "
              + block.heap()
              + " in place (line "
              + (script.lastAssignment().get("MPSSHEAP") + 1)
              + ")");
    } else if (block.setHeap()) {
      parts.add("MPSSHEAP=" + block.heap());
    }
    if (block.exportHeap() && !block.setHeap()) {
      parts.add("export MPSSHEAP");
    }
    return String.join(", ", parts);
  }

  private static String withoutAudit(String text) {
    StringBuilder b = new StringBuilder();
    for (String l : splitKeepingTerminators(text)) {
      if (!l.strip().startsWith(AUDIT_PREFIX)) {
        b.append(l);
      }
    }
    return b.toString();
  }

  private static String indent(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return line.substring(0, i);
  }

  private static List<String> plain(List<String> lines) {
    return lines.stream().map(MpssStartserv::stripTerminator).toList();
  }

  private static List<String> splitKeepingTerminators(String text) {
    List<String> out = new ArrayList<>();
    int pos = 0;
    while (pos < text.length()) {
      int nl = text.indexOf('\n', pos);
      int next = nl < 0 ? text.length() : nl + 1;
      out.add(text.substring(pos, next));
      pos = next;
    }
    return out;
  }

  private static String stripTerminator(String line) {
    String s = line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
  }

  private static String terminator(List<String> lines) {
    return !lines.isEmpty() && lines.get(0).endsWith("\r\n") ? "\r\n" : "\n";
  }
}
