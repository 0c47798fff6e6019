package io.pagetune.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.sftp.server.Handle;
import org.apache.sshd.sftp.server.SftpEventListener;

/**
 * One-shot faults of a {@link TestSshHost}, armed by a test and fired by the next matching request:
 * drop every session (the network went away) or accept a channel and never answer on it.
 */
final class CommandFaults {
  private final AtomicReference<String> dropOn = new AtomicReference<>();
  private final AtomicReference<String> stallOn = new AtomicReference<>();
  private final AtomicBoolean dropOnSftpOpen = new AtomicBoolean();

  void dropOn(String fragment) {
    dropOn.set(fragment);
  }

  void stallOn(String fragment) {
    stallOn.set(fragment);
  }

  void dropOnSftpOpen() {
    dropOnSftpOpen.set(true);
  }

  /** The fault for this exec request, or null to run it normally. */
  Command forCommand(String command, Runnable killSessions) {
    String drop = dropOn.get();
    if (drop != null && command.contains(drop) && dropOn.compareAndSet(drop, null)) {
      return new Silent(killSessions);
    }
    String stall = stallOn.get();
    if (stall != null && command.contains(stall) && stallOn.compareAndSet(stall, null)) {
      return new Silent(null);
    }
    return null;
  }

  /**
   * The same faults for commands that arrive on a shell session's stdin: a drop kills every
   * session, a stall stops passing input on; false when the input must not reach the shell.
   */
  boolean passInput(String recent, Runnable killSessions) {
    String drop = dropOn.get();
    if (drop != null && recent.contains(drop) && dropOn.compareAndSet(drop, null)) {
      killSessions.run();
      return false;
    }
    String stall = stallOn.get();
    return stall == null || !recent.contains(stall) || !stallOn.compareAndSet(stall, null);
  }

  SftpEventListener sftpListener(Runnable killSessions) {
    return new SftpEventListener() {
      @Override
      public void opening(ServerSession session, String remoteHandle, Handle localHandle)
          throws IOException {
        if (dropOnSftpOpen.compareAndSet(true, false)) {
          killSessions.run();
          throw new IOException("test: connection dropped at open");
        }
      }
    };
  }

  /** A command (or subsystem) that never writes and never exits. */
  static Command silent() {
    return new Silent(null);
  }

  /** A command that never writes, never exits; it may drop every session when it starts. */
  private static final class Silent implements Command {
    private final Runnable onStart;

    Silent(Runnable onStart) {
      this.onStart = onStart;
    }

    @Override
    public void setInputStream(InputStream in) {}

    @Override
    public void setOutputStream(OutputStream out) {}

    @Override
    public void setErrorStream(OutputStream err) {}

    @Override
    public void setExitCallback(ExitCallback callback) {}

    @Override
    public void start(ChannelSession channel, Environment env) {
      if (onStart != null) {
        onStart.run();
      }
    }

    @Override
    public void destroy(ChannelSession channel) {}
  }
}
