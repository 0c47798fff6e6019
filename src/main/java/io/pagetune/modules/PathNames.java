package io.pagetune.modules;

/** A host path's directory and last name, read textually (the host is not asked). */
public final class PathNames {
  private PathNames() {}

  /** {@code /a/b/} and {@code /a/b} → {@code /a}; {@code /a} → {@code /}; {@code a} → {@code .}. */
  public static String parent(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    int slash = trimmed.lastIndexOf('/');
    if (slash < 0) {
      return ".";
    }
    return slash == 0 ? "/" : trimmed.substring(0, slash);
  }

  public static String basename(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return trimmed.substring(trimmed.lastIndexOf('/') + 1);
  }
}
