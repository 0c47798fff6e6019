package io.pagetune.targets.sap;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of a profile file name (domain.md §1.4): instance profiles {@code
 * <SID>_<INSTNAME><NN>_<host>}, legacy start profiles {@code START_<INSTNAME><NN>_<host>}, and
 * {@code DEFAULT.PFL}.
 */
record SapProfileName(
    Kind kind, Optional<String> sid, String instanceName, String instanceNr, String host) {
  enum Kind {
    INSTANCE,
    START,
    DEFAULT
  }

  private static final Pattern INSTANCE =
      Pattern.compile("^([A-Z][A-Z0-9]{2})_([A-Z]+)(\\d{2})_([^.]+)$");
  private static final Pattern START = Pattern.compile("^START_([A-Z]+)(\\d{2})_([^.]+)$");

  /**
   * From a file name or a path; empty when the name follows none of the patterns, including backup
   * copies such as {@code NWP_D00_host.1} (profile names never contain a dot after the host).
   */
  public static Optional<SapProfileName> parse(String pathOrName) {
    String name = pathOrName.substring(pathOrName.lastIndexOf('/') + 1);
    if (name.equals("DEFAULT.PFL")) {
      return Optional.of(new SapProfileName(Kind.DEFAULT, Optional.empty(), "", "", ""));
    }
    Matcher s = START.matcher(name);
    if (s.matches()) {
      return Optional.of(
          new SapProfileName(Kind.START, Optional.empty(), s.group(1), s.group(2), s.group(3)));
    }
    Matcher i = INSTANCE.matcher(name);
    if (i.matches()) {
      return Optional.of(
          new SapProfileName(
              Kind.INSTANCE, Optional.of(i.group(1)), i.group(2), i.group(3), i.group(4)));
    }
    return Optional.empty();
  }

  /** {@code ASCS01}, {@code D00}. */
  public String instance() {
    return instanceName + instanceNr;
  }

  /** ASCS and SCS instances: they need the setting too (domain.md §1.1). */
  public boolean isCentralServices() {
    return instanceName.equals("ASCS") || instanceName.equals("SCS");
  }
}
