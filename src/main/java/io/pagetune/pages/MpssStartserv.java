package io.pagetune.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Pure editor of a Web Server {@code bin/startserv}: puts the MPSS preload and {@code MPSSHEAP}
 * lines, inside a marked block, right before the line that starts the server. The preload is
 * appended at run time to whatever value the variable already has (replacing it would drop other
 * preloads), and a re-run finds the block and replaces it, so the edit is idempotent.
 */
public final class MpssStartserv {
  public static final String BEGIN = "# BEGIN pagetune MPSS";
  public static final String END = "# END pagetune MPSS";
  private static final String AUDIT_PREFIX = "# pagetune run ";

  private static final Pattern ASSIGNMENT = Pattern.compile("^\\s*[A-Za-z_][A-Za-z0-9_]*=");
  private static final Pattern STARTS_SERVER = Pattern.compile("^\\s*exec\\s|webservd");
  private static final Pattern OTHER_SETTING =
      Pattern.compile("^\\s*(?:export\\s+)?(LD_PRELOAD(?:_32|_64)?|MPSS[A-Z]*)=");

  private MpssStartserv() {}

  public static TextEdit ensure(
      String startserv, ElfWordSize wordSize, PagesizeA supported, AuditStamp stamp) {
    return ensure(startserv, wordSize, supported, stamp, MpssStartserv::body);
  }

  /**
   * As {@link #ensure(String, ElfWordSize, PagesizeA, AuditStamp)}, with the block's shell lines
   * given per variant (e.g. rendered from a site's template); they must not contain the markers.
   */
  public static TextEdit ensure(
      String startserv,
      ElfWordSize wordSize,
      PagesizeA supported,
      AuditStamp stamp,
      java.util.function.Function<MpssVariant, List<String>> bodyFor) {
    Optional<MpssVariant> chosen = MpssVariant.choose(wordSize, supported);
    if (chosen.isEmpty()) {
      return new TextEdit.Refused(
          wordSize == ElfWordSize.UNKNOWN
              ? "word size of the web server binary is unknown: cannot choose LD_PRELOAD or"
                  + " LD_PRELOAD_64"
              : "neither 256M nor 4M pages are supported (pagesize -a: " + supported.sizes() + ")");
    }
    MpssVariant v = chosen.get();
    List<String> lines = splitKeepingTerminators(startserv);
    int begin = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i).strip();
      if (l.equals(BEGIN)) {
        if (begin >= 0) {
          return new TextEdit.Refused("startserv has more than one '" + BEGIN + "' block");
        }
        begin = i;
      } else if (l.equals(END) && begin >= 0 && end < 0) {
        end = i;
      }
    }
    if (begin >= 0 && end < 0) {
      return new TextEdit.Refused("'" + BEGIN + "' without '" + END + "': fix startserv by hand");
    }
    List<String> rest = new ArrayList<>(lines);
    List<String> oldBody = List.of();
    if (begin >= 0) {
      oldBody = bodyWithoutAudit(lines.subList(begin + 1, end));
      rest.subList(begin, end + 1).clear();
    }
    int at = serverStartLine(rest);
    if (at < 0) {
      return new TextEdit.Refused(
          "no line that starts the server (exec or webservd) found in startserv");
    }
    String nl = terminator(lines);
    List<String> body = bodyFor.apply(v);
    for (String b : body) {
      if (b.strip().equals(BEGIN) || b.strip().equals(END) || b.contains("\n")) {
        return new TextEdit.Refused("the MPSS block lines must be single lines without markers");
      }
    }
    if (begin == at && oldBody.equals(body)) {
      return new TextEdit.Unchanged(
          "startserv already preloads " + v.library() + " with MPSSHEAP=" + v.heap());
    }
    String summary =
        v.preloadVariable() + " += " + v.library() + ", MPSSHEAP=" + v.heap() + notes(rest, at);
    List<String> block = new ArrayList<>();
    block.add(BEGIN + nl);
    block.add(stamp.comment(summary) + nl);
    for (String b : body) {
      block.add(b + nl);
    }
    block.add(END + nl);
    rest.addAll(at, block);
    return new TextEdit.Changed(String.join("", rest), summary);
  }

  /** The block's shell lines; Bourne-shell syntax, as Solaris 10 /bin/sh needs. */
  static List<String> body(MpssVariant v) {
    String var = v.preloadVariable();
    String lib = v.library();
    return List.of(
        "case \":$" + var + ":\" in",
        "*:" + lib + ":*) ;;",
        "*) " + var + "=\"${" + var + ":+$" + var + ":}" + lib + "\" ;;",
        "esac",
        "export " + var,
        "MPSSHEAP=" + v.heap(),
        "export MPSSHEAP");
  }

  private static List<String> bodyWithoutAudit(List<String> block) {
    return block.stream()
        .filter(l -> !l.strip().startsWith(AUDIT_PREFIX))
        .map(MpssStartserv::stripTerminator)
        .toList();
  }

  private static int serverStartLine(List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      String l = stripTerminator(lines.get(i));
      String t = l.strip();
      if (t.startsWith("#") || ASSIGNMENT.matcher(l).find()) {
        continue;
      }
      if (STARTS_SERVER.matcher(l).find()) {
        return i;
      }
    }
    return -1;
  }

  // settings of the same variables outside our block, before the server starts: worth a mention
  private static String notes(List<String> lines, int before) {
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < before; i++) {
      String l = stripTerminator(lines.get(i));
      var m = OTHER_SETTING.matcher(l);
      if (!l.strip().startsWith("#") && m.find()) {
        seen.add(m.group(1) + " (line " + (i + 1) + ")");
      }
    }
    return seen.isEmpty() ? "" : "; also set earlier: " + String.join(", ", seen);
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
