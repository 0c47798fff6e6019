package io.pagetune.facts;

import io.pagetune.connection.CommandResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ansible_memtotal_mb} on systems without /proc/meminfo: Solaris {@code prtconf} ("Memory
 * size: 16384 Megabytes") and AIX / IBM i PASE {@code lsattr -El sys0 -a realmem} (kilobytes).
 */
public final class MemoryTotal {
  private static final Pattern PRTCONF =
      Pattern.compile("^Memory size:\\s*([0-9]{1,15})\\s*(Megabytes|Gigabytes)", Pattern.MULTILINE);
  private static final Pattern REALMEM =
      Pattern.compile("^realmem\\s+([0-9]{1,15})\\b", Pattern.MULTILINE);

  public static final Fact<Long> FACT =
      new SimpleFact<>(
          "memtotal_unix",
          "case `uname -s` in SunOS) /usr/sbin/prtconf 2>/dev/null | grep '^Memory size';;"
              + " AIX|OS400) /usr/sbin/lsattr -El sys0 -a realmem;; *) exit 1;; esac",
          MemoryTotal::parse);

  private MemoryTotal() {}

  /** Megabytes, or null when the output says nothing this parser knows. */
  static Long parse(CommandResult r) {
    Matcher m = PRTCONF.matcher(r.stdout());
    if (m.find()) {
      long n = Long.parseLong(m.group(1));
      return m.group(2).equals("Gigabytes") ? n * 1024 : n;
    }
    m = REALMEM.matcher(r.stdout());
    if (m.find()) {
      return Long.parseLong(m.group(1)) / 1024;
    }
    return null;
  }
}
