package io.pagetune.connection.ssh;

import io.pagetune.connection.ConnectionSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where and as whom to log in, merged from the inventory (first), the ssh config, then the
 * defaults. {@code explicitKeys} says the key files were named, so a key that cannot be loaded is
 * an error rather than skipped.
 */
record SshTarget(
    String inventoryName,
    String address,
    int port,
    String user,
    List<Path> keyFiles,
    boolean explicitKeys) {

  private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

  SshTarget {
    keyFiles = List.copyOf(keyFiles);
  }

  static SshTarget resolve(ConnectionSpec spec, SshConfigFile config, SshSettings settings) {
    String asked = spec.address() == null ? spec.inventoryName() : spec.address();
    SshConfigFile.HostConfig hc = config.resolve(asked);
    String address = hc.hostName() != null ? hc.hostName() : asked;
    int port = spec.port() != null ? spec.port() : hc.port() != null ? hc.port() : 22;
    String user =
        spec.user() != null ? spec.user() : hc.user() != null ? hc.user() : settings.defaultUser();
    List<Path> keys = new ArrayList<>();
    boolean explicit;
    if (spec.privateKeyFile() != null) {
      keys.add(expand(spec.privateKeyFile(), settings));
      explicit = true;
    } else if (!hc.identityFiles().isEmpty()) {
      for (String f : hc.identityFiles()) {
        keys.add(expand(f, settings));
      }
      explicit = true;
    } else {
      for (String name : DEFAULT_KEYS) {
        keys.add(settings.sshDir().resolve(name));
      }
      explicit = false;
    }
    return new SshTarget(spec.inventoryName(), address, port, user, keys, explicit);
  }

  private static Path expand(String file, SshSettings settings) {
    if (file.equals("~") || file.startsWith("~/")) {
      return Path.of(System.getProperty("user.home") + file.substring(1));
    }
    Path p = Path.of(file);
    return p.isAbsolute() ? p : settings.sshDir().resolve(p);
  }

  String where() {
    return user + "@" + address + ":" + port;
  }
}
