package io.pagetune.targets.sap;

import java.util.Locale;

/** sapstartsrv's STATECOLOR, with or without the {@code SAPControl-} prefix. */
enum StateColor {
  GREEN,
  YELLOW,
  RED,
  GRAY,
  UNKNOWN;

  public static StateColor of(String text) {
    String t = text.strip().toUpperCase(Locale.ROOT);
    if (t.startsWith("SAPCONTROL-")) {
      t = t.substring("SAPCONTROL-".length());
    }
    for (StateColor c : values()) {
      if (c.name().equals(t)) {
        return c;
      }
    }
    return UNKNOWN;
  }

  public boolean running() {
    return this == GREEN || this == YELLOW;
  }
}
