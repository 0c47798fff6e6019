package io.pagetune.facts;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gathers many facts in one round trip: one script whose sections are delimited by markers that
 * carry a random nonce (so no file content can forge a section), each section then parsed by its
 * fact's pure parser.
 */
public final class FactGatherer {
  private static final SecureRandom RANDOM = new SecureRandom();

  private FactGatherer() {}

  /**
   * The path of the POSIX shell on a host whose {@code /bin/sh} may not be one: Solaris 10's is a
   * Bourne shell without {@code $(...)} or {@code ${x#y}}, which the fact scripts use.
   */
  static final String POSIX_SHELL = "/usr/xpg4/bin/sh";

  /**
   * Builds the combined script for the given facts and nonce. Each section runs through {@code
   * pt_run}: in the POSIX shell where the host has one at {@link #POSIX_SHELL} (Solaris), else
   * eval'd in a subshell. Either way the shell parses each section on its own, so a section it
   * cannot parse (posh meets a case inside $(...)) fails alone instead of ending the script and
   * losing every fact after it. The frame itself is Bourne syntax.
   */
  static String script(List<? extends Fact<?>> facts, String nonce) {
    StringBuilder sb = new StringBuilder();
    sb.append("pt_psh=; [ -x ")
        .append(POSIX_SHELL)
        .append(" ] && pt_psh=")
        .append(POSIX_SHELL)
        .append("\n");
    sb.append(
        "pt_run() { if [ -n \"$pt_psh\" ]; then \"$pt_psh\" -c \"$1\";"
            // shifted, so that a section sees no positional parameters, as before
            + " else ( pt_s=$1; shift; eval \"$pt_s\" ); fi; }\n");
    for (int i = 0; i < facts.size(); i++) {
      sb.append("printf '\\n@@pt-").append(nonce).append(" begin ").append(i).append("@@\\n'\n");
      sb.append("pt_run ").append(ShellQuote.quote(facts.get(i).script())).append(" 2>/dev/null\n");
      sb.append("printf '\\n@@pt-")
          .append(nonce)
          .append(" end ")
          .append(i)
          .append(" %s@@\\n' \"$?\"\n");
    }
    return sb.toString();
  }

  /** Splits the combined output into one {@link CommandResult} per fact index. */
  static Map<Integer, CommandResult> split(String output, String nonce) {
    Map<Integer, CommandResult> out = new LinkedHashMap<>();
    Pattern p =
        Pattern.compile(
            "\\n@@pt-" + nonce + " begin (\\d+)@@\\n(.*?)\\n@@pt-" + nonce + " end \\1 (\\d+)@@\\n",
            Pattern.DOTALL);
    Matcher m = p.matcher(output);
    while (m.find()) {
      out.put(
          Integer.parseInt(m.group(1)),
          CommandResult.of(Integer.parseInt(m.group(3)), m.group(2), ""));
    }
    return out;
  }

  /**
   * All {@code facts} as one fact (one round trip), for a reader that asks a host one fact at a
   * time (the {@code setup} module): its name and markers carry a fresh nonce, so each call runs
   * anew and no output can forge a section.
   */
  public static Fact<Map<String, Object>> asOne(List<? extends Fact<?>> facts) {
    String nonce = HexFormat.of().toHexDigits(RANDOM.nextLong());
    List<Fact<?>> copy = List.copyOf(facts);
    return new SimpleFact<>(
        "gathered-" + nonce, script(copy, nonce), r -> parseAll(copy, r.stdout(), nonce));
  }

  private static Map<String, Object> parseAll(
      List<? extends Fact<?>> facts, String output, String nonce) {
    Map<Integer, CommandResult> sections = split("\n" + output, nonce);
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < facts.size(); i++) {
      Fact<?> fact = facts.get(i);
      values.put(fact.name(), fact.parse(sections.getOrDefault(i, CommandResult.of(127, "", ""))));
    }
    return values;
  }

  /**
   * Runs all facts in one command and parses each section. A fact whose section is missing (the
   * script was cut short) is parsed from an empty failed result.
   */
  public static Map<String, Object> gather(
      Connection connection, List<? extends Fact<?>> facts, Become become, Duration timeout) {
    // before the first task, every wait on the host (a channel, a session) gets this timeout too
    connection.useTaskTimeout(timeout);
    String nonce = HexFormat.of().toHexDigits(RANDOM.nextLong());
    CommandResult all =
        connection.run(RemoteCommand.script(script(facts, nonce)).withBecome(become), timeout);
    return parseAll(facts, all.stdout(), nonce);
  }
}
