package io.pagetune.linux.sysctl;

/** One {@code key = value} line of a sysctl configuration file, with where it is. */
public record SysctlAssignment(String key, String value, String path, int line) {
  /** {@code /etc/sysctl.conf:12}. */
  public String where() {
    return path + ":" + line;
  }
}
