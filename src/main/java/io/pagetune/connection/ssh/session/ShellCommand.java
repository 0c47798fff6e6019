package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;

/**
 * A command rendered for {@code /bin/sh -c}, with what decides how few processes start it: its
 * {@code shape} (how the PID wrapper starts it) and whether on a shell session it writes through
 * relays of its own ({@code relayed}: anything that may leave a process behind).
 */
record ShellCommand(String rendered, RemoteProcess.Shape shape, boolean relayed) {

  /** A module's or a user's command: relayed, and exec'd by the wrapper when it is simple. */
  static ShellCommand of(RemoteCommand command) {
    return rendered(command, RemoteProcess.Shape.SCRIPT, true);
  }

  /**
   * A script of pagetune's own file operations: it starts nothing that outlives it, so it needs no
   * relays, and the wrapper runs it itself (or execs sudo for it).
   */
  static ShellCommand ownScript(String script, Become become) {
    RemoteCommand command = RemoteCommand.script(script).withBecome(become);
    return rendered(command, RemoteProcess.Shape.OWN_SCRIPT, false);
  }

  /** {@code command} rendered: exec'd when it is one simple command, else as {@code script}. */
  private static ShellCommand rendered(
      RemoteCommand command, RemoteProcess.Shape script, boolean relayed) {
    RemoteProcess.Shape shape =
        ShellQuote.rendersSimpleCommand(command) ? RemoteProcess.Shape.SIMPLE_COMMAND : script;
    return new ShellCommand(ShellQuote.renderMarked(command), shape, relayed);
  }
}
