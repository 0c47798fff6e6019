package io.pagetune.linux.sysctl;

import java.util.Objects;

/**
 * A configuration file of a host as a fact script read it: the path it was found at, the path it
 * resolves to (a symlink such as {@code /etc/sysctl.d/99-sysctl.conf -> ../sysctl.conf}) and its
 * text.
 */
public record ConfFile(String path, String resolvedPath, String text) {
  public ConfFile {
    Objects.requireNonNull(path, "path");
    resolvedPath = resolvedPath == null || resolvedPath.isBlank() ? path : resolvedPath;
    text = Objects.requireNonNullElse(text, "");
  }

  public ConfFile(String path, String text) {
    this(path, path, text);
  }

  /** The file name without its directory. */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The directory the file was found in. */
  public String directory() {
    int slash = path.lastIndexOf('/');
    return slash <= 0 ? "/" : path.substring(0, slash);
  }

  public ConfFile withText(String newText) {
    return new ConfFile(path, resolvedPath, newText);
  }
}
