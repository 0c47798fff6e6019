package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.LocalConnection;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.facts.FactCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs one module against the local machine the way the executor does: arguments validated by the
 * module's {@link ArgSpec} (as if already interpolated), a fresh fact cache per plan (the executor
 * clears it after every apply), a fixed clock for backup names. Every plan is checked to leave the
 * watched directory tree exactly as it was.
 */
public final class ModuleHarness {
  public static final Instant NOW = Instant.parse("2026-03-01T10:15:30Z");
  public static final String BACKUP_SUFFIX = ".20260301T101530Z~";

  private final Module module;
  private final Path watched;
  private final Connection connection;
  private StubServices services;
  private Map<String, String> environment = Map.of();
  private Map<String, Object> facts = Map.of();

  /**
   * @param watched the tree that planning must not change (the test's temp dir)
   */
  public ModuleHarness(Module module, Path watched) {
    this(module, watched, new LocalConnection("localhost"));
  }

  /**
   * @param connection the host the module plans and applies against (e.g. a lab host whose files
   *     live under the watched tree)
   */
  public ModuleHarness(Module module, Path watched, Connection connection) {
    this.module = module;
    this.watched = watched;
    this.connection = connection;
    this.services = new StubServices(watched);
  }

  public ModuleHarness services(StubServices s) {
    this.services = s;
    return this;
  }

  /** Fact values every plan starts with, keyed by fact name (as the gatherer pre-fills them). */
  public ModuleHarness facts(Map<String, Object> values) {
    this.facts = Map.copyOf(values);
    return this;
  }

  public ModuleHarness environment(Map<String, String> env) {
    this.environment = Map.copyOf(env);
    return this;
  }

  /** Validates raw task arguments like the executor does at run time. */
  public Args args(Map<String, Object> raw) {
    Args args = module.spec().validate(module.name(), raw, SourceLocation.of("test.yml"), true);
    module.validate(args);
    return args;
  }

  /** Asserts that the arguments are refused as input errors, with a message naming the problem. */
  public InputException assertRejected(Map<String, Object> raw, String... fragments) {
    InputException e = assertThrows(InputException.class, () -> args(raw));
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), () -> "'" + f + "' not in: " + e.getMessage());
    }
    assertTrue(
        e.getMessage().startsWith("test.yml:1:1: " + module.name() + ": "),
        () -> "message should start with location and module: " + e.getMessage());
    return e;
  }

  public ModuleCall call(Map<String, Object> raw) {
    return new ModuleCall(
        module.name(),
        args(raw),
        services,
        Become.NONE,
        environment,
        Duration.ofSeconds(30),
        "test task");
  }

  public Plan plan(Map<String, Object> raw) {
    return plan(call(raw));
  }

  /** Plans, and asserts that planning changed nothing in the watched tree. */
  public Plan plan(ModuleCall call) {
    String before = treeHash(watched);
    Plan plan = module.plan(call, hostState());
    assertEquals(before, treeHash(watched), "planning changed the host");
    return plan;
  }

  public ApplyResult apply(Map<String, Object> raw) {
    return apply(call(raw));
  }

  /** Re-plans then applies, as the executor does in apply mode. */
  public ApplyResult apply(ModuleCall call) {
    Plan plan = plan(call);
    return new StepRunner(connection, Clock.fixed(NOW, ZoneOffset.UTC)).run(plan, call);
  }

  /**
   * The idempotence property: the task applies without failure and changes something, and a plan
   * made right after has no steps.
   */
  public ApplyResult assertConverges(Map<String, Object> raw) {
    ModuleCall call = call(raw);
    Plan first = plan(call);
    assertTrue(first.failure().isEmpty(), () -> "plan failed: " + first.failure().get());
    assertTrue(first.changes(), "the first plan should change something");
    ApplyResult result = apply(call);
    assertTrue(result.failure().isEmpty(), () -> "apply failed: " + result.failure().get());
    assertTrue(result.changed(), "apply reported no change");
    assertUpToDate(plan(call));
    return result;
  }

  public static void assertUpToDate(Plan plan) {
    assertTrue(plan.failure().isEmpty(), () -> "plan failed: " + plan.failure().get());
    assertEquals(List.of(), plan.changeSteps(), "expected no changes, reason: " + plan.reason());
    assertEquals(List.of(), plan.diffs());
    assertTrue(plan.reason() != null && !plan.reason().isBlank(), "an up-to-date plan says why");
  }

  public HostState hostState() {
    FactCache cache = new FactCache();
    cache.putAll(facts);
    return new LiveHostState(connection, Become.NONE, Duration.ofSeconds(30), cache);
  }

  /** A digest of every path, type, mode, owner and content below root (timestamps excluded). */
  public static String treeHash(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (Path p : paths.sorted().collect(Collectors.toList())) {
        PosixFileAttributes a =
            Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        String entry =
            root.relativize(p)
                + "|"
                + (a.isSymbolicLink() ? "l" : a.isDirectory() ? "d" : "f")
                + "|"
                + PosixFilePermissions.toString(a.permissions())
                + "|"
                + a.owner().getName()
                + ":"
                + a.group().getName()
                + "\n";
        digest.update(entry.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (a.isRegularFile()) {
          digest.update(Files.readAllBytes(p));
        } else if (a.isSymbolicLink()) {
          digest.update(
              Files.readSymbolicLink(p)
                  .toString()
                  .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
