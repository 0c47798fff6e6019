package io.pagetune.connection.ssh.config;

import io.pagetune.connection.ConnectionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.userauth.keyprovider.KeyProvider;
import net.schmizz.sshj.userauth.password.PasswordFinder;
import net.schmizz.sshj.userauth.password.Resource;

/**
 * Loads and decrypts private keys up front, so a wrong passphrase is reported as such instead of as
 * a refused login. The passphrase is never logged nor put in a message.
 */
public final class KeyLoader {
  private final Supplier<Optional<String>> passphrase;

  public KeyLoader(Supplier<Optional<String>> passphrase) {
    this.passphrase = passphrase;
  }

  public record LoadedKey(Path file, KeyProvider provider) {}

  /** Keys that exist and decrypt; named keys that fail raise, default keys are skipped. */
  public List<LoadedKey> load(SSHClient client, SshTarget target) {
    List<LoadedKey> keys = new ArrayList<>();
    for (Path file : target.keyFiles()) {
      if (!Files.isRegularFile(file)) {
        if (target.explicitKeys()) {
          throw new ConnectionException(
              target.inventoryName() + ": private key file " + file + " does not exist");
        }
        continue;
      }
      AskedPassphrase finder = new AskedPassphrase();
      try {
        KeyProvider kp = client.loadKeys(file.toString(), finder);
        kp.getPrivate();
        kp.getPublic();
        keys.add(new LoadedKey(file, kp));
      } catch (IOException | RuntimeException e) {
        if (!target.explicitKeys()) {
          continue;
        }
        String why;
        if (finder.asked && !finder.supplied) {
          why =
              "is encrypted and no passphrase was given (set "
                  + SshSettings.KEY_PASSPHRASE_ENV
                  + ")";
        } else if (finder.asked) {
          why = "could not be decrypted: wrong passphrase";
        } else {
          why = "could not be read (" + e.getClass().getSimpleName() + ")";
        }
        throw new ConnectionException(target.inventoryName() + ": private key " + file + " " + why);
      }
    }
    return keys;
  }

  /** Hands out the passphrase once and notes that the key asked for one. */
  private final class AskedPassphrase implements PasswordFinder {
    boolean asked;
    boolean supplied;

    @Override
    public char[] reqPassword(Resource<?> resource) {
      asked = true;
      Optional<String> p = passphrase.get();
      supplied = p.isPresent();
      return p.map(String::toCharArray).orElse(null);
    }

    @Override
    public boolean shouldRetry(Resource<?> resource) {
      return false;
    }
  }
}
