package io.pagetune.facts;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
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

  /** Builds the combined script for the given facts and nonce. */
  static String script(List<? extends Fact<?>> facts, String nonce) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < facts.size(); i++) {
      sb.append("printf '\\n@@pt-").append(nonce).append(" begin ").append(i).append("@@\\n'\n");
      sb.append("( ").append(facts.get(i).script()).append("\n) 2>/dev/null\n");
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
   * Runs all facts in one command and parses each section. A fact whose section is missing (the
   * script was cut short) is parsed from an empty failed result.
   */
  public static Map<String, Object> gather(
      Connection connection, List<? extends Fact<?>> facts, Become become, Duration timeout) {
    String nonce = HexFormat.of().toHexDigits(RANDOM.nextLong());
    CommandResult all =
        connection.run(RemoteCommand.script(script(facts, nonce)).withBecome(become), timeout);
    Map<Integer, CommandResult> sections = split("\n" + all.stdout(), nonce);
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < facts.size(); i++) {
      Fact<?> fact = facts.get(i);
      CommandResult r = sections.getOrDefault(i, CommandResult.of(127, "", ""));
      values.put(fact.name(), fact.parse(r));
    }
    return values;
  }
}
