package io.pagetune.executor;

import io.pagetune.modules.Step;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The restarts a journaled change needs, as one text column: a line per restart, its kind, host, id
 * and reason URL-encoded and separated by spaces.
 */
public final class RestartList {
  private static final String NO_ID = "-";

  private RestartList() {}

  public static String encode(List<Step.RequestRestart> restarts) {
    StringBuilder sb = new StringBuilder();
    for (Step.RequestRestart r : restarts) {
      RestartTarget t = r.target();
      sb.append(t.kind().toUpperCase(Locale.ROOT))
          .append(' ')
          .append(enc(t.host()))
          .append(' ')
          .append(t.id() == null ? NO_ID : enc(t.id()))
          .append(' ')
          .append(enc(r.reason()))
          .append('\n');
    }
    return sb.toString();
  }

  /**
   * The restarts {@code text} lists, each named and scoped as its kind is declared in {@code
   * kinds}.
   */
  public static List<Step.RequestRestart> decode(String text, RestartCatalog kinds) {
    List<Step.RequestRestart> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(" ", -1);
      if (f.length != 4) {
        throw new IllegalArgumentException("not a journaled restart: " + line);
      }
      RestartTarget target = kinds.target(f[0], dec(f[1]), f[2].equals(NO_ID) ? null : dec(f[2]));
      out.add(new Step.RequestRestart(target, dec(f[3])));
    }
    return out;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static String dec(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
