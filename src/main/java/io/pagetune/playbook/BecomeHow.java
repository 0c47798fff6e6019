package io.pagetune.playbook;

/**
 * How a play, block or task becomes another user: its {@code become_method}, {@code become_exe} and
 * {@code become_flags}, each null when not set there (the inner one wins, as in Ansible). They are
 * checked when the playbook is read ({@link io.pagetune.connection.BecomeMethod#of}).
 */
public record BecomeHow(String method, String exe, String flags) {
  public static final BecomeHow NONE = new BecomeHow(null, null, null);

  /** These settings on top of {@code parent}'s. */
  public BecomeHow inheriting(BecomeHow parent) {
    return new BecomeHow(
        method != null ? method : parent.method,
        exe != null ? exe : parent.exe,
        flags != null ? flags : parent.flags);
  }
}
