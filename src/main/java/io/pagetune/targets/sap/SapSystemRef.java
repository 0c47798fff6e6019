package io.pagetune.targets.sap;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A SAP restart target id {@code <SID>/<NN>}: the system and the instance sapcontrol talks to. */
record SapSystemRef(String sid, String instanceNr) {
  private static final Pattern ID = Pattern.compile("([A-Z][A-Z0-9]{2})/(\\d{2})");

  public static SapSystemRef parse(String id) {
    Matcher m = ID.matcher(id == null ? "" : id.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "SAP restart target must be <SID>/<instance number>, like PRD/00: " + id);
    }
    return new SapSystemRef(m.group(1), m.group(2));
  }

  /** The OS user that owns the system, {@code <sid>adm}. */
  public String admUser() {
    return sid.toLowerCase(Locale.ROOT) + "adm";
  }

  /** sapstartsrv's HTTP port, 5NN13. */
  public int httpPort() {
    return 50013 + 100 * Integer.parseInt(instanceNr);
  }
}
