package io.pagetune.testing;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A local connection that records each command's become user and then runs it without become (the
 * test machine has no sidadm or oracle users).
 */
public final class LocalAsBecome implements Connection {
  private final LocalConnection local = new LocalConnection("localhost");
  public final List<String> becomeUsers = new ArrayList<>();
  public final List<RemoteCommand> commands = new ArrayList<>();

  @Override
  public String host() {
    return local.host();
  }

  @Override
  public synchronized CommandResult run(RemoteCommand command, Duration timeout) {
    commands.add(command);
    becomeUsers.add(command.become().enabled() ? command.become().user() : "-");
    return local.run(command.withBecome(Become.NONE), timeout);
  }

  @Override
  public Optional<byte[]> read(String path, Become become) {
    return local.read(path, Become.NONE);
  }

  @Override
  public Optional<FileMeta> stat(String path, Become become) {
    return local.stat(path, Become.NONE);
  }

  @Override
  public void put(byte[] content, String path, PutOptions options) {
    local.put(content, path, options.withBecome(Become.NONE));
  }

  @Override
  public void close() {
    local.close();
  }
}
