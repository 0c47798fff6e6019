package io.pagetune.connection.ssh;

/**
 * The file tests without a shell session, so that writes take the SFTP path (or, without SFTP, the
 * exec-channel upload and install script) that large writes and become with a password still use.
 */
class SshFilesWithoutSessionTest extends SshFilesTest {
  @Override
  boolean shellSession() {
    return false;
  }
}
