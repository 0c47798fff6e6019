package io.pagetune.targets.sap;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiles named by {@code /usr/sap/sapservices}: one {@code sapstartsrv pf=<profile>} per
 * instance, in classic or systemd form (there {@code pf=} sits after a {@code #} on the same line).
 * Lines that start with {@code #} are disabled instances and do not count.
 */
record SapServices(List<String> profiles) {
  public static final String PATH = "/usr/sap/sapservices";
  private static final Pattern PF = Pattern.compile("\\bpf=(\\S+)");

  public SapServices {
    profiles = List.copyOf(profiles);
  }

  public static SapServices parse(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String line : text.split("\\R")) {
      String t = line.strip();
      if (t.startsWith("#") || !t.contains("sapstartsrv")) {
        continue;
      }
      Matcher m = PF.matcher(t);
      if (m.find()) {
        out.add(m.group(1));
      }
    }
    return new SapServices(new ArrayList<>(out));
  }

  /** Instance profiles of {@code sid} (from their file names). */
  public List<String> profilesOf(String sid) {
    return profiles.stream()
        .filter(
            p ->
                SapProfileName.parse(p)
                    .flatMap(SapProfileName::sid)
                    .filter(sid::equals)
                    .isPresent())
        .toList();
  }

  public static Fact<SapServices> fact() {
    return new ScriptFact<>("sap_services", "cat " + PATH, r -> parse(r.stdout()));
  }
}
