package io.pagetune.targets.solaris;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Web Server {@code bin/startserv} does on its normal start path, read statically: the line
 * that starts the server and the shell variables assigned and exported before it. Lines inside a
 * {@code case} arm for another mode ({@code -version|-v)}, {@code --configtest}, {@code --shell},
 * stop, status…) are not on that path, so a version arm with its own {@code exec} is never taken
 * for the start. Assignments inside {@code if} bodies count (the stock script sets its libumem
 * preloads under {@code if [ -f … ]}). Unknown variables expand to nothing: startserv runs with the
 * clean environment of the service.
 *
 * @param lines the script's lines, without terminators
 * @param startLine index of the line that starts the server, or -1
 * @param startLineOpensArm the start line is also a {@code case} arm's pattern line ({@code start)
 *     exec …}), so nothing can be put in front of it
 * @param values each variable's expanded value at the start line
 * @param exported the variables exported before the start line
 * @param lastAssignment index of the line of each variable's last assignment before the start
 */
record StartservScript(
    List<String> lines,
    int startLine,
    boolean startLineOpensArm,
    Map<String, String> values,
    Set<String> exported,
    Map<String, Integer> lastAssignment) {

  private static final Pattern CASE = Pattern.compile("^case\\s+.+\\s+in$");
  private static final Pattern ASSIGN =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", Pattern.DOTALL);
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern FI = Pattern.compile("fi(?:\\s|;|$)");
  private static final Pattern FI_AT_END = Pattern.compile("[;\\s]fi\\s*;?$");
  private static final Pattern OTHER_MODE_TEST =
      Pattern.compile(
          "=\\s*[\"']?-{0,2}(?:v|version|shell|configtest|stop|status|help|usage)[\"']?(?:\\s|\\]|;|$)");
  private static final Set<String> OTHER_MODES =
      Set.of(
          "v",
          "version",
          "shell",
          "configtest",
          "c",
          "stop",
          "status",
          "help",
          "h",
          "usage",
          "kill",
          "restart");

  public StartservScript {
    lines = List.copyOf(lines);
    values = Map.copyOf(values);
    exported = Set.copyOf(exported);
    lastAssignment = Map.copyOf(lastAssignment);
  }

  /** One frame per open {@code case}: whether an arm is open and whether it is another mode's. */
  private static final class CaseFrame {
    boolean inArm;
    boolean otherMode;
  }

  public static StartservScript read(List<String> lines) {
    Map<String, String> values = new HashMap<>();
    Set<String> exported = new HashSet<>();
    Map<String, Integer> last = new HashMap<>();
    Deque<CaseFrame> frames = new ArrayDeque<>();
    // one entry per open if: whether the branch being read tests for another mode
    Deque<boolean[]> ifs = new ArrayDeque<>();
    for (int i = 0; i < lines.size(); i++) {
      String code = ShellSyntax.withoutComment(lines.get(i)).strip();
      if (code.isEmpty()) {
        continue;
      }
      boolean opensArm = false;
      CaseFrame top = frames.peek();
      if (top != null && !top.inArm) {
        if (code.equals("esac") || code.startsWith("esac ") || code.startsWith("esac;")) {
          frames.pop();
          continue;
        }
        int close = armPatternEnd(code);
        if (close < 0) {
          continue;
        }
        top.inArm = true;
        top.otherMode = isOtherMode(code.substring(0, close));
        code = code.substring(close + 1).strip();
        opensArm = true;
      }
      boolean closesArm = false;
      if (top != null && top.inArm && code.endsWith(";;")) {
        code = code.substring(0, code.length() - 2).strip();
        closesArm = true;
      }
      boolean skipLine = false;
      if (code.startsWith("if ")) {
        boolean other = testsOtherMode(code);
        if (FI_AT_END.matcher(code).find()) {
          skipLine = other;
        } else {
          ifs.push(new boolean[] {other});
        }
      } else if (code.startsWith("elif ") && !ifs.isEmpty()) {
        ifs.peek()[0] = testsOtherMode(code);
      } else if ((code.equals("else") || code.startsWith("else ")) && !ifs.isEmpty()) {
        ifs.peek()[0] = false;
      } else if (FI.matcher(code).lookingAt() && !ifs.isEmpty()) {
        ifs.pop();
      }
      boolean onPath =
          !skipLine
              && frames.stream().noneMatch(f -> f.inArm && f.otherMode)
              && ifs.stream().noneMatch(f -> f[0]);
      if (onPath) {
        for (String statement : ShellSyntax.statements(code)) {
          if (apply(statement, i, values, exported, last)) {
            return new StartservScript(lines, i, opensArm, values, exported, last);
          }
        }
      }
      if (closesArm) {
        top.inArm = false;
      }
      if (CASE.matcher(code).matches()) {
        frames.push(new CaseFrame());
      } else if (top != null && top.inArm && code.startsWith("esac")) {
        // an arm left open by its last line: "esac" closes both
        frames.pop();
      }
    }
    return new StartservScript(lines, -1, false, values, exported, last);
  }

  public boolean startFound() {
    return startLine >= 0;
  }

  public boolean assigned(String variable) {
    return lastAssignment.containsKey(variable);
  }

  /** The variable's value as the server's environment gets it: empty unless exported. */
  public Optional<String> environment(String variable) {
    return exported.contains(variable) && values.containsKey(variable)
        ? Optional.of(values.get(variable))
        : Optional.empty();
  }

  /** Applies one statement; true when it starts the server. */
  private static boolean apply(
      String statement,
      int line,
      Map<String, String> values,
      Set<String> exported,
      Map<String, Integer> last) {
    List<String> words = ShellSyntax.words(statement);
    if (words.isEmpty()) {
      return false;
    }
    String first = words.get(0);
    if (first.equals("export") || first.equals("readonly")) {
      for (String w : words.subList(1, words.size())) {
        Matcher a = ASSIGN.matcher(w);
        if (a.matches()) {
          assign(a.group(1), a.group(2), line, values, last);
          exported.add(a.group(1));
        } else if (NAME.matcher(w).matches()) {
          exported.add(w);
        }
      }
      return false;
    }
    if (first.equals("unset")) {
      for (String w : words.subList(1, words.size())) {
        values.remove(w);
        exported.remove(w);
        last.remove(w);
      }
      return false;
    }
    int k = 0;
    List<String[]> prefix = new ArrayList<>();
    while (k < words.size() && ASSIGN.matcher(words.get(k)).matches()) {
      Matcher a = ASSIGN.matcher(words.get(k));
      a.matches();
      prefix.add(new String[] {a.group(1), a.group(2)});
      k++;
    }
    if (k == words.size()) {
      for (String[] p : prefix) {
        assign(p[0], p[1], line, values, last);
      }
      return false;
    }
    String command = words.get(k);
    if ((command.equals("exec") || command.equals("nohup")) && k + 1 < words.size()) {
      command = words.get(k + 1);
    }
    return ShellSyntax.expand(command, values).contains("webservd");
  }

  private static void assign(
      String name, String raw, int line, Map<String, String> values, Map<String, Integer> last) {
    values.put(name, ShellSyntax.expand(raw, values));
    last.put(name, line);
  }

  /** Index of the {@code )} that ends a case arm's pattern, or -1 when the line is not one. */
  private static int armPatternEnd(String code) {
    char quote = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == ')') {
        return i;
      } else if (c == '(' && i > 0) {
        return -1;
      }
    }
    return -1;
  }

  /** An {@code if}/{@code elif} condition such as {@code [ "$1" = "-version" ]}, up to then. */
  private static boolean testsOtherMode(String code) {
    int then = code.indexOf("then");
    return OTHER_MODE_TEST.matcher(then < 0 ? code : code.substring(0, then)).find();
  }

  /** A pattern such as {@code --version|-version|-v} names another mode than starting. */
  private static boolean isOtherMode(String pattern) {
    String p = pattern.startsWith("(") ? pattern.substring(1) : pattern;
    for (String alt : p.split("\\|")) {
      String a = alt.strip().replace("\"", "").replace("'", "").replaceFirst("^-+", "");
      if (OTHER_MODES.contains(a.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}
