package io.pagetune.connection.ssh;

import io.pagetune.testing.OtherShells.OtherShell;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shell-session case again on hosts whose {@code /bin/sh} is another shell: the session's
 * framing, notes, kills and status rules must not rely on dash.
 */
@ParameterizedClass(name = "/bin/sh is {0}", allowZeroInvocations = true)
@MethodSource("io.pagetune.testing.OtherShells#installed")
class SshShellSessionOtherShellsTest extends SshShellSessionTest {
  @Parameter OtherShell shell;

  @BeforeEach
  void hostsRunThisShell() {
    ssh.replaceBinSh(shell.path());
  }
}
