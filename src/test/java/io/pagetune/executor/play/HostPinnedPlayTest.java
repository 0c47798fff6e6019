package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.executor.ConnectionBudget;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.run.Engine;
import io.pagetune.facts.BaseFacts;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.JsonEventReporter;
import io.pagetune.report.Listeners;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.yaml.YamlReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A play over more hosts than the connection budget runs host by host against real SSH servers: the
 * console, the JSON events and the recap are those of a linear run of the same play, and no more
 * than the budget's connections are ever open at once.
 */
class HostPinnedPlayTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final List<String> HOSTS = List.of("web1", "web2", "gone", "web3", "web4", "web5");

  /** Plain tasks, skips, loops, register/when, block/rescue/always, handlers, roles, failures. */
  private static final String CORPUS =
      """
      - name: corpus
        hosts: all
        gather_facts: true
        pre_tasks:
          - name: pre
            debug: { msg: "pre ${inventory_hostname}" }
        tasks:
          - name: write a
            copy: { dest: "${root}/a", content: "a ${inventory_hostname}\\n" }
            notify: note
          - name: only web1
            debug: { msg: just one }
            when: inventory_hostname == 'web1'
          - name: nobody
            debug: { msg: never }
            when: inventory_hostname == 'nobody'
          - name: loop files
            copy: { dest: "${root}/${item}", content: "${item}\\n" }
            loop: [x, y]
          - name: echo
            command: echo hello ${inventory_hostname}
            register: said
            changed_when: false
          - name: show
            debug: { msg: "${said.stdout}" }
            when: said.rc == 0
          - name: guarded
            block:
              - name: fails on web2
                command: "false"
                when: inventory_hostname == 'web2'
              - name: after the failure
                debug: { msg: not on web2 }
            rescue:
              - name: rescue
                debug: { msg: rescued }
            always:
              - name: always
                copy: { dest: "${root}/always", content: "done\\n" }
          - meta: flush_handlers
          - name: skipped by tags
            debug: { msg: hidden }
            tags: [skipme]
          - name: fails on web3
            fail: { msg: web3 stops here }
            when: inventory_hostname == 'web3'
          - name: role
            include_role: { name: audit }
            when: inventory_hostname != 'web4'
          - name: motd
            template: { src: motd.ftl, dest: "${root}/motd" }
          - name: ignored
            command: "false"
            ignore_errors: true
            when: inventory_hostname == 'web5'
          - name: on the control node
            command: echo local
            delegate_to: localhost
            changed_when: false
        post_tasks:
          - name: post
            debug: { msg: post }
        handlers:
          - name: note
            copy: { dest: "${root}/noted", content: "noted\\n" }
            notify: second note
          - name: second note
            debug: { msg: chained }
      - name: second play
        hosts: all
        gather_facts: false
        tasks:
          - name: again
            copy: { dest: "${root}/second", content: "2\\n" }
      """;

  private record Outcome(String console, String json, int exit, int maxOpen) {}

  private Path project() throws Exception {
    Path dir = Files.createDirectories(ssh.root().resolve("project"));
    Files.writeString(dir.resolve("play.yml"), CORPUS);
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/motd.ftl"), "hello ${inventory_hostname}\n");
    Path role = dir.resolve("roles/audit");
    Files.createDirectories(role.resolve("tasks"));
    Files.createDirectories(role.resolve("handlers"));
    Files.writeString(
        role.resolve("tasks/main.yml"),
        "- name: audit file\n  copy: { dest: \"${root}/audit\", content: \"audited\\n\" }\n"
            + "  notify: audit done\n");
    Files.writeString(
        role.resolve("handlers/main.yml"), "- name: audit done\n  debug: { msg: audited }\n");
    return dir.resolve("play.yml");
  }

  /** The fleet's inventory with fresh host directories under {@code runDir}. */
  private Path inventory(List<TestSshHost> up, int closedPort, Path runDir) throws Exception {
    StringBuilder sb =
        new StringBuilder("all:\n  vars:\n    ansible_user: ")
            .append(ssh.user())
            .append("\n    ansible_ssh_private_key_file: ")
            .append(ssh.clientKey())
            .append("\n  hosts:\n");
    int next = 0;
    for (String name : HOSTS) {
      int port = name.equals("gone") ? closedPort : up.get(next++).port();
      Path root = Files.createDirectories(runDir.resolve(name));
      sb.append("    ").append(name).append(":\n");
      sb.append("      ansible_host: 127.0.0.1\n      ansible_port: ").append(port).append('\n');
      sb.append("      root: ").append(root).append('\n');
    }
    Path inv = runDir.resolve("hosts.yml");
    Files.writeString(inv, sb.toString());
    return inv;
  }

  private Outcome run(Path playbook, Path inventory, int budget, int forks, boolean check) {
    ModuleRegistry modules = new io.pagetune.app.Wiring().modules(CliRun.CLOCK);
    YamlReader yaml = new YamlReader(Path.of(""));
    OpenCount count = new OpenCount();
    Connections connections =
        new Connections(
            List.of(
                count.wrap(new SshConnectionFactory(ssh.settings())), LocalConnection.factory()));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    Engine engine =
        new Engine(
                modules,
                connections,
                List.of(new BaseFacts()),
                new Listeners(
                    List.of(
                        new ConsoleReporter(
                            new PrintStream(console, true, StandardCharsets.UTF_8), false, false),
                        new JsonEventReporter(
                            new PrintStream(json, true, StandardCharsets.UTF_8), CliRun.CLOCK))),
                CliRun.CLOCK)
            .withConnectionBudget(new ConnectionBudget(budget));
    RunOptions options =
        RunOptions.defaults()
            .withForks(forks)
            .withCheck(check)
            .withTags(Set.of(), Set.of("skipme"));
    RunResult result =
        engine.run(
            playbook,
            new PlaybookLoader(modules, yaml).load(playbook),
            new InventoryLoader(Path.of("")).load(inventory),
            options,
            yaml);
    return new Outcome(
        sameRunId(console.toString(StandardCharsets.UTF_8)),
        sameRunId(json.toString(StandardCharsets.UTF_8)),
        result.exit().code(),
        count.max.get());
  }

  /** Run ids end in random digits; the host directories differ per run by design. */
  private static String sameRunId(String text) {
    return text.replaceAll("\\d{8}T\\d{6}Z-[0-9a-f]{6}", "RUN").replaceAll("/run-[ab]/", "/run/");
  }

  @ParameterizedTest(name = "check mode {0}")
  @ValueSource(booleans = {false, true})
  void aPinnedRunReadsAsALinearRunAndKeepsWithinTheBudget(boolean check) throws Exception {
    List<TestSshHost> up = ssh.start(5, TestSshHost.Options.defaults());
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Path play = project();
    // forks 1: the linear run reports each task's hosts in inventory order, as the replay does
    Outcome linear = run(play, inventory(up, closed, ssh.root().resolve("run-a")), 100, 1, check);
    Outcome pinned = run(play, inventory(up, closed, ssh.root().resolve("run-b")), 2, 100, check);

    assertEquals(linear.console(), pinned.console());
    assertEquals(linear.json(), pinned.json());
    assertEquals(linear.exit(), pinned.exit());
    assertTrue(linear.maxOpen() > 2, "the linear run holds every connection: " + linear.maxOpen());
    assertTrue(pinned.maxOpen() <= 2, "more than the budget open: " + pinned.maxOpen());
    assertTrue(pinned.maxOpen() >= 1, "nothing was connected");

    // the corpus did what it says on every host, so the comparison compares real work
    String out = pinned.console();
    assertTrue(out.contains("fatal: [gone]: UNREACHABLE!"), out);
    assertTrue(out.contains("RUNNING HANDLER [second note]"), out);
    assertTrue(out.contains("TASK [audit : audit file]"), out);
    assertTrue(!out.contains("skipped by tags"), out);
    assertTrue(out.contains("TASK [nobody]"), "a task every host skips still shows: " + out);
    assertTrue(
        out.matches("(?s).*web3\\s+: ok=\\d+\\s+changed=\\d+\\s+unreachable=0\\s+failed=1.*"), out);
    if (check) {
      assertTrue(out.contains("skipping: [web2] => would run: run false"), out);
      assertTrue(!Files.exists(ssh.root().resolve("run-b/web1/motd")), "check mode wrote");
      return;
    }
    assertTrue(out.contains("ok: [web2] => rescued"), out);
    for (String host : List.of("web1", "web4", "web5")) {
      Path root = ssh.root().resolve("run-b").resolve(host);
      assertEquals("hello " + host + "\n", Files.readString(root.resolve("motd")), host);
      assertEquals("2\n", Files.readString(root.resolve("second")), "second play on " + host);
      assertEquals("noted\n", Files.readString(root.resolve("noted")), host);
    }
    assertTrue(Files.exists(ssh.root().resolve("run-b/web2/always")));
    assertTrue(!Files.exists(ssh.root().resolve("run-b/web4/audit")), "the role's when");
  }

  /** Counts the connections a factory has open at once. */
  private static final class OpenCount {
    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger max = new AtomicInteger();

    ConnectionFactory wrap(ConnectionFactory real) {
      return new ConnectionFactory() {
        @Override
        public String type() {
          return real.type();
        }

        @Override
        public Connection open(ConnectionSpec spec) {
          Connection c = real.open(spec);
          max.accumulateAndGet(open.incrementAndGet(), Math::max);
          return counted(c);
        }
      };
    }

    private Connection counted(Connection c) {
      AtomicBoolean closed = new AtomicBoolean();
      return (Connection)
          Proxy.newProxyInstance(
              Connection.class.getClassLoader(),
              new Class<?>[] {Connection.class},
              (proxy, method, args) -> {
                try {
                  return method.invoke(c, args);
                } catch (InvocationTargetException e) {
                  throw e.getCause();
                } finally {
                  // counted as closed once the real close is over
                  if (method.getName().equals("close")
                      && method.getParameterCount() == 0
                      && closed.compareAndSet(false, true)) {
                    open.decrementAndGet();
                  }
                }
              });
    }
  }
}
