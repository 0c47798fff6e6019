package io.pagetune.connection.ssh.session;

import io.pagetune.testing.OtherShells.OtherShell;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every session-write case again on hosts whose {@code /bin/sh} is another shell: the write
 * script's printf escapes, here-document and cksum must give the same bytes under each.
 */
@ParameterizedClass(name = "/bin/sh is {0}", allowZeroInvocations = true)
@MethodSource("io.pagetune.testing.OtherShells#installed")
class SessionWriteOtherShellsTest extends SessionWriteTest {
  @Parameter OtherShell shell;

  @BeforeEach
  void hostsRunThisShell() {
    ssh.replaceBinSh(shell.path());
  }
}
