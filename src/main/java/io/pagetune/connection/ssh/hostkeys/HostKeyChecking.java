package io.pagetune.connection.ssh.hostkeys;

import java.util.Locale;

/** How a host's SSH key is checked against the known_hosts files. */
public enum HostKeyChecking {
  /** Only keys already in a known_hosts file are accepted (the default). */
  STRICT,
  /** Unknown hosts are appended to the first known_hosts file; a changed key still fails. */
  ACCEPT_NEW,
  /** Every key is accepted; the caller warns the user. */
  OFF;

  /** Parses {@code strict}, {@code accept-new}, {@code off} (also yes/no like OpenSSH). */
  public static HostKeyChecking parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    if (t.equals("strict") || t.equals("yes") || t.equals("true")) {
      return STRICT;
    }
    if (t.equals("accept-new")) {
      return ACCEPT_NEW;
    }
    if (t.equals("off") || t.equals("no") || t.equals("false")) {
      return OFF;
    }
    throw new IllegalArgumentException(
        "unknown host key checking mode '" + text + "' (use strict, accept-new or off)");
  }
}
