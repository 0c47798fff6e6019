package io.pagetune.connection.lab;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.vars.EngineVariables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A rehearsal host ({@code ansible_connection: lab}): a local connection whose file system is a
 * directory of its own ({@code target/lab/<host>} unless {@code pagetune_lab_root} says otherwise)
 * and whose tools are the stand-ins in {@code lab/bin} plus a fixed list of base tools ({@link
 * LabTools}), nothing else of this machine's PATH. Absolute paths of read, stat and put land under
 * that root; so do the host paths a command names ({@link LabPaths}), so fact scripts and commands
 * are written as for a real host. Commands run there with the stand-ins first on PATH and {@code
 * PAGETUNE_LAB_ROOT} set, so the stand-ins read and change the host's state under the root. A new
 * root is seeded from {@code lab/hosts/<host>/}.
 */
public final class LabConnection implements Connection {
  private final String host;
  private final Path root;
  private final Path bin;
  private final Path tools;
  private final LocalConnection local;
  private final LabPaths paths;

  LabConnection(String host, Path root, Path bin, List<String> missingTools) {
    this.host = host;
    this.root = root.toAbsolutePath().normalize();
    this.bin = bin.toAbsolutePath().normalize();
    try {
      this.paths = new LabPaths(this.root);
    } catch (IllegalArgumentException e) {
      throw new ConnectionException(host + ": " + e.getMessage());
    }
    String machinePath = System.getenv("PATH");
    this.tools =
        LabTools.prepare(
            toolsDirectory(this.root),
            this.bin,
            machinePath == null ? "/usr/bin:/bin" : machinePath,
            missingTools,
            paths.sedScript());
    // become in the lab goes through the lab's sudo stand-in, as the lab's commands do
    this.local =
        new LocalConnection(
            host,
            new io.pagetune.connection.LocalSudo(
                this.bin.resolve("sudo").toString(), java.util.Optional::empty));
  }

  /** The factory registered as {@code lab}. */
  public static ConnectionFactory factory() {
    return new ConnectionFactory() {
      @Override
      public String type() {
        return "lab";
      }

      @Override
      public Connection open(ConnectionSpec spec) {
        String name = spec.inventoryName();
        Path root = Path.of(var(spec, EngineVariables.LAB_ROOT, "target/lab/" + name));
        Path seed = Path.of(var(spec, EngineVariables.LAB_SEED, "lab/hosts/" + name));
        Path bin = Path.of(var(spec, EngineVariables.LAB_BIN, "lab/bin"));
        if (!Files.isDirectory(bin)) {
          throw new ConnectionException(
              name + ": lab tools " + bin.toAbsolutePath() + " not found (run from the project)");
        }
        if (!Files.exists(root)) {
          if (!Files.isDirectory(seed)) {
            throw new ConnectionException(
                name + ": no lab root " + root + " and no seed " + seed + " to create it from");
          }
          copyTree(seed, root);
        }
        return new LabConnection(name, root, bin, missingTools(spec));
      }
    };
  }

  private static String var(ConnectionSpec spec, String name, String fallback) {
    Object v = spec.vars().get(name);
    return v == null || v.toString().isBlank() ? fallback : v.toString();
  }

  /**
   * The host's tool directory: outside its root (a lab host's files are its state alone, and check
   * mode must leave them as they were), one per root.
   */
  static Path toolsDirectory(Path root) {
    try {
      byte[] h =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(root.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return Path.of(
          System.getProperty("java.io.tmpdir"),
          "pagetune-lab-tools",
          java.util.HexFormat.of().formatHex(h, 0, 12));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** {@code pagetune_lab_missing_tools}: a YAML list or a comma/space separated string. */
  private static List<String> missingTools(ConnectionSpec spec) {
    Object v = spec.vars().get(EngineVariables.LAB_MISSING_TOOLS);
    if (v == null) {
      return List.of();
    }
    if (v instanceof java.util.Collection<?> c) {
      return c.stream().map(String::valueOf).toList();
    }
    return java.util.Arrays.stream(v.toString().split("[,\\s]+"))
        .filter(t -> !t.isEmpty())
        .toList();
  }

  /**
   * Copies a seed; a symlink stays a link (a RHEL {@code /etc/sysctl.d/99-sysctl.conf ->
   * ../sysctl.conf}), an absolute target made relative so it resolves inside the new root.
   */
  static void copyTree(Path from, Path to) {
    Path top = to.toAbsolutePath().normalize();
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.sorted().toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isSymbolicLink(p)) {
          Path link = Files.readSymbolicLink(p);
          if (link.isAbsolute()) {
            Path inside = top.resolve(link.toString().substring(1)).normalize();
            link = target.toAbsolutePath().normalize().getParent().relativize(inside);
          }
          Files.createSymbolicLink(target, link);
        } else if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot seed lab root " + to + ": " + e.getMessage(), e);
    }
  }

  public Path root() {
    return root;
  }

  /** The path on this machine behind a path of the rehearsal host. */
  String rebase(String path) {
    String relative = path.startsWith("/") ? path.substring(1) : path;
    Path p = root.resolve(relative).normalize();
    if (!p.startsWith(root)) {
      throw new ConnectionException(host + ": path " + path + " leaves the lab root");
    }
    return p.toString();
  }

  @Override
  public String host() {
    return host;
  }

  @Override
  public CommandResult run(RemoteCommand command, Duration timeout) {
    String prelude =
        String.join(
            "\n",
            List.of(
                // the host's own tools only: never this machine's PATH (LabTools)
                "PATH=" + ShellQuote.quote(tools.toString()) + "; export PATH",
                "PAGETUNE_LAB_ROOT=" + ShellQuote.quote(root.toString()),
                "export PAGETUNE_LAB_ROOT",
                "cd " + ShellQuote.quote(root.toString()) + " || exit 125",
                ""));
    RemoteCommand wrapped = RemoteCommand.script(prelude + paths.map(ShellQuote.render(command)));
    if (command.stdin() != null) {
      wrapped = wrapped.withStdin(command.stdin());
    }
    return paths.unmap(local.run(wrapped, timeout));
  }

  @Override
  public Optional<byte[]> read(String path, Become become) {
    return local.read(rebase(path), become);
  }

  @Override
  public Optional<FileMeta> stat(String path, Become become) {
    return local
        .stat(rebase(path), become)
        .map(m -> new FileMeta(path, m.type(), m.mode(), m.owner(), m.group(), m.size()));
  }

  @Override
  public void put(byte[] content, String path, PutOptions options) {
    local.put(content, rebase(path), options);
  }

  @Override
  public void close() {
    local.close();
  }
}
