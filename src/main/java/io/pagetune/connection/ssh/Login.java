package io.pagetune.connection.ssh;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.ssh.config.KeyLoader;
import io.pagetune.connection.ssh.config.SshTarget;
import io.pagetune.connection.ssh.session.ConnectionProbe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.userauth.UserAuthException;
import net.schmizz.sshj.userauth.method.AuthMethod;
import net.schmizz.sshj.userauth.method.AuthPassword;
import net.schmizz.sshj.userauth.method.AuthPublickey;
import net.schmizz.sshj.userauth.password.PasswordUtils;

/**
 * The login on a connected client: the target's private keys, then its password (the inventory's,
 * or the one {@code -k} asked once); a refusal names the user and what was tried, never a secret.
 */
final class Login {
  private final KeyLoader keys;

  /** The login password for hosts without {@code ansible_password} ({@code -k}). */
  private final Supplier<Optional<String>> loginPassword;

  Login(KeyLoader keys, Supplier<Optional<String>> loginPassword) {
    this.keys = keys;
    this.loginPassword = loginPassword;
  }

  /** The host's {@code ansible_password} (or _ssh_pass), else the run's {@code -k} one. */
  String password(ConnectionSpec spec) {
    Object p = spec.vars().get("ansible_password");
    if (p == null) {
      p = spec.vars().get("ansible_ssh_pass");
    }
    return p == null ? loginPassword.get().orElse(null) : p.toString();
  }

  /** Logs in with the target's keys, then the password when there is one. */
  void authenticate(SSHClient client, SshTarget target, String password) {
    List<KeyLoader.LoadedKey> loaded = keys.load(client, target);
    List<AuthMethod> methods = new ArrayList<>();
    for (KeyLoader.LoadedKey k : loaded) {
      methods.add(new AuthPublickey(k.provider()));
    }
    if (password != null) {
      methods.add(new AuthPassword(PasswordUtils.createOneOff(password.toCharArray())));
    }
    String tried =
        loaded.isEmpty()
            ? "no key"
            : "key "
                + loaded.stream().map(k -> k.file().toString()).collect(Collectors.joining(", "));
    if (password != null) {
      tried += " and a password";
    }
    if (methods.isEmpty()) {
      throw new ConnectionException(
          target.inventoryName()
              + ": no usable private key (looked for "
              + target.keyFiles().stream().map(Object::toString).collect(Collectors.joining(", "))
              + ") and no ansible_password for user "
              + target.user());
    }
    try {
      client.auth(target.user(), methods);
    } catch (UserAuthException e) {
      throw new ConnectionException(
          target.inventoryName()
              + ": authentication failed for user "
              + target.user()
              + " with "
              + tried,
          e);
    } catch (IOException e) {
      throw new ConnectionException(
          target.inventoryName()
              + ": connection to "
              + target.where()
              + " dropped during login: "
              + ConnectionProbe.oneLine(String.valueOf(e.getMessage())),
          e);
    }
  }
}
