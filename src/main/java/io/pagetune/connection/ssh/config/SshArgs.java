package io.pagetune.connection.ssh.config;

import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ssh command-line options an inventory passes in {@code ansible_ssh_common_args} and {@code
 * ansible_ssh_extra_args}, split as a shell would. Only options pagetune can honour are accepted:
 * {@code -J}, {@code -p}, {@code -l}, {@code -i} and {@code -o} with {@code ProxyJump}, {@code
 * Port}, {@code User}, {@code IdentityFile}, {@code StrictHostKeyChecking=yes}, {@code
 * UserKnownHostsFile}, {@code ServerAliveInterval} and {@code ConnectTimeout}. Anything else (a
 * {@code ProxyCommand}, port forwarding, agent forwarding, ...) is an error naming the argument,
 * never silently dropped: the host would otherwise be reached some other way than the user asked.
 *
 * @param jumps the {@code ProxyJump} hops; null: not given, empty: {@code none}
 * @param port null: not given
 * @param user null: not given
 * @param identityFiles {@code -i} / {@code IdentityFile}, in order
 * @param hostKeyChecking null: not given
 * @param knownHostsFiles {@code UserKnownHostsFile}; null: not given
 * @param keepaliveInterval null: not given
 * @param connectTimeout null: not given
 */
public record SshArgs(
    List<JumpHost> jumps,
    Integer port,
    String user,
    List<String> identityFiles,
    HostKeyChecking hostKeyChecking,
    List<Path> knownHostsFiles,
    Duration keepaliveInterval,
    Duration connectTimeout) {

  /** The inventory variables read, in the order ssh would see them. */
  public static final List<String> VARIABLES =
      List.of("ansible_ssh_common_args", "ansible_ssh_extra_args");

  public SshArgs {
    jumps = jumps == null ? null : List.copyOf(jumps);
    identityFiles = List.copyOf(identityFiles);
    knownHostsFiles = knownHostsFiles == null ? null : List.copyOf(knownHostsFiles);
  }

  public static final SshArgs NONE =
      new SshArgs(null, null, null, List.of(), null, null, null, null);

  /**
   * The options in a host's variables; throws IllegalArgumentException naming the variable and the
   * argument that cannot be honoured.
   */
  public static SshArgs fromVars(Map<String, Object> vars) {
    Builder b = new Builder();
    for (String name : VARIABLES) {
      Object v = vars.get(name);
      if (v == null) {
        continue;
      }
      try {
        b.addAll(split(v.toString()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  /** Splits like a POSIX shell: blanks separate words; quotes and backslashes group. */
  static List<String> split(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        int end = text.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated ' quote in: " + text);
        }
        w.append(text, i + 1, end);
        i = end;
        inWord = true;
      } else if (c == '"') {
        int j = i + 1;
        for (; j < text.length() && text.charAt(j) != '"'; j++) {
          char d = text.charAt(j);
          if (d == '\\' && j + 1 < text.length() && "\"\\$`".indexOf(text.charAt(j + 1)) >= 0) {
            j++;
            d = text.charAt(j);
          }
          w.append(d);
        }
        if (j >= text.length()) {
          throw new IllegalArgumentException("unterminated \" quote in: " + text);
        }
        i = j;
        inWord = true;
      } else if (c == '\\' && i + 1 < text.length()) {
        w.append(text.charAt(++i));
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(w.toString());
    }
    return words;
  }

  /** Collects options; as in ssh, the first value given for an option wins. */
  private static final class Builder {
    private List<JumpHost> jumps;
    private Integer port;
    private String user;
    private final List<String> identityFiles = new ArrayList<>();
    private HostKeyChecking hostKeyChecking;
    private List<Path> knownHostsFiles;
    private Duration keepalive;
    private Duration connectTimeout;

    void addAll(List<String> words) {
      for (int i = 0; i < words.size(); i++) {
        String w = words.get(i);
        if (!w.startsWith("-") || w.length() < 2) {
          throw new IllegalArgumentException(
              "'" + w + "' is not an ssh option (pagetune takes options only here)");
        }
        char flag = w.charAt(1);
        if ("Jplio".indexOf(flag) < 0 || (w.length() > 2 && w.startsWith("--"))) {
          throw unsupported(w);
        }
        String value;
        if (w.length() > 2) {
          value = w.substring(2);
        } else if (i + 1 < words.size()) {
          value = words.get(++i);
        } else {
          throw new IllegalArgumentException("ssh option " + w + " needs a value");
        }
        switch (flag) {
          case 'J' -> option("ProxyJump", value, w + " " + value);
          case 'p' -> option("Port", value, w + " " + value);
          case 'l' -> option("User", value, w + " " + value);
          case 'i' -> option("IdentityFile", value, w + " " + value);
          default -> {
            int eq = value.indexOf('=');
            String[] kv =
                eq >= 0
                    ? new String[] {value.substring(0, eq), value.substring(eq + 1)}
                    : value.strip().split("\\s+", 2);
            if (kv.length < 2) {
              throw new IllegalArgumentException("ssh option -o " + value + " has no value");
            }
            option(kv[0].strip(), kv[1].strip(), "-o " + value);
          }
        }
      }
    }

    private void option(String key, String value, String arg) {
      switch (key.toLowerCase(Locale.ROOT)) {
        case "proxyjump" -> {
          List<JumpHost> parsed = JumpHost.parseList(value);
          jumps = jumps == null ? parsed : jumps;
        }
        case "port" -> port = port == null ? number(value, arg, 1, 65535) : port;
        case "user" -> user = user == null ? value : user;
        case "identityfile" -> identityFiles.add(value);
        case "stricthostkeychecking" -> {
          if (!value.equalsIgnoreCase("yes")) {
            throw new IllegalArgumentException(
                arg
                    + " is not honoured per host: pagetune checks host keys strictly; use"
                    + " --host-key-checking accept-new|off for the whole run");
          }
          hostKeyChecking = hostKeyChecking == null ? HostKeyChecking.STRICT : hostKeyChecking;
        }
        case "userknownhostsfile" -> {
          if (knownHostsFiles == null) {
            List<Path> files = new ArrayList<>();
            for (String f : value.strip().split("\\s+")) {
              files.add(Path.of(f));
            }
            knownHostsFiles = files;
          }
        }
        case "serveraliveinterval" -> {
          int s = number(value, arg, 1, 86_400);
          keepalive = keepalive == null ? Duration.ofSeconds(s) : keepalive;
        }
        case "connecttimeout" -> {
          int s = number(value, arg, 1, 86_400);
          connectTimeout = connectTimeout == null ? Duration.ofSeconds(s) : connectTimeout;
        }
        default -> throw unsupported(arg);
      }
    }

    private static int number(String value, String arg, int min, int max) {
      try {
        int n = Integer.parseInt(value.strip());
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          "ssh option " + arg + ": expected a number from " + min + " to " + max);
    }

    private static IllegalArgumentException unsupported(String arg) {
      return new IllegalArgumentException(
          "ssh argument '"
              + arg
              + "' is not supported by pagetune (supported: -J, -p, -l, -i, -o ProxyJump, Port,"
              + " User, IdentityFile, StrictHostKeyChecking=yes, UserKnownHostsFile,"
              + " ServerAliveInterval, ConnectTimeout)");
    }

    SshArgs build() {
      return new SshArgs(
          jumps,
          port,
          user,
          identityFiles,
          hostKeyChecking,
          knownHostsFiles,
          keepalive,
          connectTimeout);
    }
  }
}
