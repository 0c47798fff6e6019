package io.pagetune.testing;

/** A YAML inventory entry for a host reached over a test SSH server. */
public final class SshInventoryHost {
  private SshInventoryHost() {}

  /**
   * The lines of {@code name} under {@code all: hosts:} (four spaces deep), with {@code root} as a
   * host variable the test's playbooks write under.
   */
  public static String entry(
      SshServerExtension ssh, TestSshHost server, String name, java.nio.file.Path root) {
    return "    "
        + name
        + ":\n      ansible_host: 127.0.0.1\n      ansible_port: "
        + server.port()
        + "\n      ansible_user: "
        + ssh.user()
        + "\n      ansible_ssh_private_key_file: "
        + ssh.clientKey()
        + "\n      root: "
        + root
        + "\n";
  }

  /** {@code all: hosts:} with the one host {@code name}. */
  public static String inventory(
      SshServerExtension ssh, TestSshHost server, String name, java.nio.file.Path root) {
    return "all:\n  hosts:\n" + entry(ssh, server, name, root);
  }
}
