package io.pagetune.connection.ssh.config;

import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Where and as whom to log in, merged from the inventory variables (first), the ssh arguments in
 * {@code ansible_ssh_common_args}/{@code ansible_ssh_extra_args} ({@link SshArgs}), the ssh config,
 * then the defaults. {@code explicitKeys} says the key files were named, so a key that cannot be
 * loaded is an error rather than skipped. {@code jumps} are the hosts to tunnel through, in order
 * (OpenSSH {@code ProxyJump}); the last one opens the TCP stream to this target. Null timeouts,
 * host key mode and known_hosts files mean the run's settings.
 */
public record SshTarget(
    String inventoryName,
    String address,
    int port,
    String user,
    List<Path> keyFiles,
    boolean explicitKeys,
    List<SshTarget> jumps,
    Duration connectTimeout,
    Duration keepaliveInterval,
    HostKeyChecking hostKeyChecking,
    List<Path> knownHostsFiles) {

  private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

  /** A jump host whose own ProxyJump nests deeper than this is a loop. */
  private static final int MAX_JUMPS = 8;

  public SshTarget {
    keyFiles = List.copyOf(keyFiles);
    jumps = List.copyOf(jumps);
    knownHostsFiles = knownHostsFiles == null ? null : List.copyOf(knownHostsFiles);
  }

  /** Throws IllegalArgumentException for ssh arguments or ProxyJump values it cannot honour. */
  public static SshTarget resolve(ConnectionSpec spec, SshConfigFile config, SshSettings settings) {
    SshArgs args = SshArgs.fromVars(spec.vars());
    String asked = spec.address() == null ? spec.inventoryName() : spec.address();
    SshConfigFile.HostConfig hc = config.resolve(asked);
    String address = hc.hostName() != null ? hc.hostName() : asked;
    int port =
        spec.port() != null
            ? spec.port()
            : args.port() != null ? args.port() : hc.port() != null ? hc.port() : 22;
    String user =
        spec.user() != null
            ? spec.user()
            : args.user() != null
                ? args.user()
                : hc.user() != null ? hc.user() : settings.defaultUser();
    List<Path> keys = new ArrayList<>();
    boolean explicit;
    if (spec.privateKeyFile() != null) {
      keys.add(expand(spec.privateKeyFile(), settings));
      explicit = true;
    } else if (!args.identityFiles().isEmpty()) {
      args.identityFiles().forEach(f -> keys.add(expand(f, settings)));
      explicit = true;
    } else if (!hc.identityFiles().isEmpty()) {
      hc.identityFiles().forEach(f -> keys.add(expand(f, settings)));
      explicit = true;
    } else {
      for (String name : DEFAULT_KEYS) {
        keys.add(settings.sshDir().resolve(name));
      }
      explicit = false;
    }
    // command-line ProxyJump (also "none") beats the config's, as with ssh -J / -o
    List<JumpHost> hops = args.jumps() != null ? args.jumps() : hc.proxyJump();
    List<SshTarget> jumps = new ArrayList<>();
    if (hops != null) {
      for (JumpHost hop : hops) {
        addJump(spec.inventoryName(), hop, config, settings, keys, explicit, args, jumps, 0);
      }
    }
    return new SshTarget(
        spec.inventoryName(),
        address,
        port,
        user,
        keys,
        explicit,
        jumps,
        args.connectTimeout(),
        args.keepaliveInterval(),
        args.hostKeyChecking(),
        args.knownHostsFiles() == null
            ? null
            : args.knownHostsFiles().stream().map(f -> expand(f.toString(), settings)).toList());
  }

  /**
   * Resolves one hop against the ssh config (HostName, Port, User, IdentityFile, and its own
   * ProxyJump, which goes first). A hop without IdentityFile logs in with the target's keys; its
   * user defaults to the local one, as with OpenSSH. Host key options apply to every hop.
   */
  private static void addJump(
      String inventoryName,
      JumpHost hop,
      SshConfigFile config,
      SshSettings settings,
      List<Path> targetKeys,
      boolean targetExplicit,
      SshArgs args,
      List<SshTarget> out,
      int depth) {
    if (depth >= MAX_JUMPS || out.size() >= MAX_JUMPS) {
      throw new IllegalArgumentException(
          "ProxyJump through " + hop.host() + " nests more than " + MAX_JUMPS + " hops (a loop?)");
    }
    SshConfigFile.HostConfig hc = config.resolve(hop.host());
    if (hc.proxyJump() != null) {
      for (JumpHost before : hc.proxyJump()) {
        addJump(
            inventoryName,
            before,
            config,
            settings,
            targetKeys,
            targetExplicit,
            args,
            out,
            depth + 1);
      }
    }
    List<Path> keys = targetKeys;
    boolean explicit = targetExplicit;
    if (!hc.identityFiles().isEmpty()) {
      keys = hc.identityFiles().stream().map(f -> expand(f, settings)).toList();
      explicit = true;
    }
    out.add(
        new SshTarget(
            inventoryName + " via jump host " + hop.host(),
            hc.hostName() != null ? hc.hostName() : hop.host(),
            hop.port() != null ? hop.port() : hc.port() != null ? hc.port() : 22,
            hop.user() != null
                ? hop.user()
                : hc.user() != null ? hc.user() : settings.defaultUser(),
            keys,
            explicit,
            List.of(),
            args.connectTimeout(),
            args.keepaliveInterval(),
            args.hostKeyChecking(),
            args.knownHostsFiles() == null
                ? null
                : args.knownHostsFiles().stream()
                    .map(f -> expand(f.toString(), settings))
                    .toList()));
  }

  private static Path expand(String file, SshSettings settings) {
    if (file.equals("~") || file.startsWith("~/")) {
      return Path.of(System.getProperty("user.home") + file.substring(1));
    }
    Path p = Path.of(file);
    return p.isAbsolute() ? p : settings.sshDir().resolve(p);
  }

  public String where() {
    return user + "@" + address + ":" + port;
  }
}
