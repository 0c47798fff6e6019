package io.pagetune.connection;

/** The metadata of a file on a host; {@code mode} holds the permission bits (e.g. 0644). */
public record FileMeta(String path, Type type, int mode, String owner, String group, long size) {
  public enum Type {
    FILE,
    DIRECTORY,
    SYMLINK,
    OTHER
  }

  public String modeOctal() {
    return String.format("%04o", mode);
  }
}
