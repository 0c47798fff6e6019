package io.pagetune.connection;

/**
 * How an upload lands: permission bits, owner and group ({@code null} = keep the existing file's,
 * or the defaults for a new file), and who writes it.
 */
public record PutOptions(Integer mode, String owner, String group, Become become) {
  public static final PutOptions DEFAULT = new PutOptions(null, null, null, Become.NONE);

  public PutOptions {
    become = become == null ? Become.NONE : become;
  }

  public PutOptions withBecome(Become b) {
    return new PutOptions(mode, owner, group, b);
  }
}
