package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Step;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the host chose for an account it just added or changed (uid, primary group, home and shell
 * from its defaults), read back from {@code getent passwd} into the result. An account missing
 * after the change fails the task.
 */
final class PasswdReadBack {
  private PasswdReadBack() {}

  static Step.ReadBack of(String name) {
    return Step.ReadBack.of(
        "read back user " + name,
        (result, host) -> {
          CommandResult back = host.query(RemoteCommand.argv("getent", "passwd", name));
          String[] f = back.stdout().strip().split(":", -1);
          if (!back.ok() || f.length < 7) {
            return result.withFailure("user " + name + " is not in getent passwd after the change");
          }
          Map<String, Object> actual = new LinkedHashMap<>();
          try {
            actual.put("uid", Long.parseLong(f[2]));
            actual.put("group", Long.parseLong(f[3]));
          } catch (NumberFormatException e) {
            return result.withFailure("getent passwd: unreadable entry for " + f[0]);
          }
          actual.put("home", f[5]);
          actual.put("shell", f[6]);
          return result.withData(actual);
        });
  }
}
