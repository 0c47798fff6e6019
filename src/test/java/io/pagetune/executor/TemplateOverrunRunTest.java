package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.executor.run.Engine;
import io.pagetune.facts.BaseFacts;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.HostCounts;
import io.pagetune.report.Listeners;
import io.pagetune.template.TemplateLimits;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.testing.TickingClock;
import io.pagetune.yaml.YamlReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A template file whose built-in runs away on one host's values (lambdas returning text over ranges
 * of two billion, which FreeMarker never interrupts) fails that host at the time limit, named in
 * the message; the other host's file is written and the run ends with exit 2. The limit is measured
 * by a clock that ticks a second each time it is read.
 */
class TemplateOverrunRunTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void aRunawayBuiltInFailsOnlyItsHostWithTheLimitNamed() throws Exception {
    List<TestSshHost> up = ssh.start(2, TestSshHost.Options.defaults());
    Path dir = Files.createDirectories(ssh.root().resolve("project"));
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(
        dir.resolve("templates/probe.ftl"),
        "found=${(1..count)?map(i -> (1..count)?map(j -> 'x')?seq_contains('y'))"
            + "?seq_contains(true)?c}\n");
    Path play = dir.resolve("play.yml");
    Files.writeString(
        play,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - name: probe\n      template: { src: probe.ftl, dest: \"${root}/probe\" }\n"
            + "    - name: after\n      copy: { dest: \"${root}/after\", content: \"ok\\n\" }\n");
    Path heavy = Files.createDirectories(ssh.root().resolve("heavy"));
    Path light = Files.createDirectories(ssh.root().resolve("light"));
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  vars:\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n    ansible_host: 127.0.0.1\n  hosts:\n"
            + "    heavy:\n      ansible_port: "
            + up.get(0).port()
            + "\n      root: "
            + heavy
            + "\n      count: 2000000000\n"
            + "    light:\n      ansible_port: "
            + up.get(1).port()
            + "\n      root: "
            + light
            + "\n      count: 3\n");

    ByteArrayOutputStream console = new ByteArrayOutputStream();
    ModuleRegistry modules = new io.pagetune.app.Wiring().modules(CliRun.CLOCK);
    YamlReader yaml = new YamlReader(Path.of(""));
    Engine engine =
        new Engine(
                modules,
                new Connections(
                    List.of(new SshConnectionFactory(ssh.settings()), LocalConnection.factory())),
                List.of(new BaseFacts()),
                new Listeners(
                    List.of(
                        new ConsoleReporter(
                            new PrintStream(console, true, StandardCharsets.UTF_8), false, false))),
                CliRun.CLOCK)
            .withTemplateLimits(
                new TemplateLimits(8L << 20, Duration.ofSeconds(30))
                    .withClock(new TickingClock(Duration.ofSeconds(1))));
    RunResult result =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () ->
                engine.run(
                    play,
                    new PlaybookLoader(modules, yaml).load(play),
                    new InventoryLoader(Path.of("")).load(inventory),
                    RunOptions.defaults(),
                    yaml));

    String out = console.toString(StandardCharsets.UTF_8);
    assertEquals(ExitStatus.HOST_FAILED, result.exit(), out);
    assertTrue(
        out.contains("template evaluation stopped after 30s (time limit per evaluation)"), out);
    assertEquals(1, failedLines(out, "heavy"), out);
    assertEquals(0, failedLines(out, "light"), out);
    HostCounts h = result.summary().hosts().get("heavy");
    HostCounts l = result.summary().hosts().get("light");
    assertEquals(1, h.failed(), h.toString());
    assertEquals(0, l.failed(), l.toString());
    assertEquals(2, l.changed(), l.toString());
    assertFalse(Files.exists(heavy.resolve("probe")));
    assertFalse(Files.exists(heavy.resolve("after")));
    assertEquals("found=false\n", Files.readString(light.resolve("probe")));
    assertEquals("ok\n", Files.readString(light.resolve("after")));
  }

  private static long failedLines(String out, String host) {
    return out.lines()
        .filter(l -> l.startsWith("fatal: [" + host + "]"))
        .filter(l -> l.contains("time limit per evaluation"))
        .count();
  }
}
