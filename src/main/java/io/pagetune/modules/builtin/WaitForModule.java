package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code wait_for}: waits on the host until a TCP port answers (or stops answering) or a path
 * exists (holding a {@code search_regex}) or is gone, up to {@code timeout} seconds. It changes
 * nothing, so its plan has no steps; the wait runs when the task applies, and a check run does not
 * wait (the state it waits for is usually what earlier tasks would create).
 */
public final class WaitForModule implements Module {
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\[\\]-]+");

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("host", ArgType.STRING, "127.0.0.1")
                  .describe("Host to connect to for port, as the managed host sees it."),
              Arg.optional("port", ArgType.INT).describe("A TCP port to wait for."),
              Arg.optional("path", ArgType.STRING).describe("A file to wait for."),
              Arg.optional("state", ArgType.STRING, "started")
                  .choices("started", "stopped", "present", "absent", "drained")
                  .describe(
                      "started/stopped: the port answers or not; present/absent: the path exists or not; drained: no connections left on the port."),
              Arg.optional("timeout", ArgType.INT, 300).describe("Seconds to wait at most."),
              Arg.optional("delay", ArgType.INT, 0)
                  .describe("Seconds to wait before the first check."),
              Arg.optional("sleep", ArgType.INT, 1).describe("Seconds between checks."),
              Arg.optional("connect_timeout", ArgType.INT, 5)
                  .describe("Seconds one connection attempt may take."),
              Arg.optional("search_regex", ArgType.STRING)
                  .describe(
                      "With path (or port): wait until this regular expression matches the file (or the banner)."),
              Arg.optional("msg", ArgType.STRING).describe("The message when the wait times out."))
          .documented(
              "Waits on the host until a port answers, a file appears (or the opposite), as Ansible's wait_for does.",
              "- name: wait for the listener\n  wait_for:\n    port: 1521\n    timeout: 600\n");

  @Override
  public String name() {
    return "wait_for";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    problem(args)
        .ifPresent(
            p -> {
              throw args.error(p[0], p[1]);
            });
  }

  private static Optional<String[]> problem(Args args) {
    if (args.string("state").equals("drained")) {
      return Optional.of(
          new String[] {
            "state",
            "drained is not supported by pagetune (it cannot list a port's"
                + " connections on every platform); wait for stopped instead"
          });
    }
    if (args.has("port") && args.has("path")) {
      return Optional.of(new String[] {"port", "and 'path' are mutually exclusive"});
    }
    if (args.has("search_regex") && !args.has("path")) {
      return Optional.of(
          new String[] {
            "search_regex", "needs 'path': pagetune does not read data from a port (Ansible does)"
          });
    }
    if (args.has("port") && !String.valueOf(args.raw("port")).contains("${")) {
      long port = args.integer("port");
      if (port < 1 || port > 65535) {
        return Optional.of(new String[] {"port", "must be between 1 and 65535, got " + port});
      }
    }
    String host = args.string("host");
    if (!host.contains("${") && !HOST.matcher(host).matches()) {
      return Optional.of(new String[] {"host", "'" + host + "' is not a host name or address"});
    }
    for (String n : new String[] {"timeout", "delay", "sleep", "connect_timeout"}) {
      if (!String.valueOf(args.raw(n)).contains("${") && args.integer(n) < 0) {
        return Optional.of(new String[] {n, "must not be negative"});
      }
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      return Plan.failed("wait_for: " + problem.get()[0] + " " + problem.get()[1]);
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("state", args.string("state"));
    if (args.has("port")) {
      data.put("port", args.integer("port"));
    }
    args.optString("path").ifPresent(p -> data.put("path", p));
    args.optString("search_regex").ifPresent(r -> data.put("search_regex", r));
    return new Plan(
        List.of(waiting(args)),
        List.of(),
        "waits " + what(args) + " when applied (not in check mode)",
        data,
        Optional.empty());
  }

  /** The wait: a read-only script polling the port or file, timed by the wait, not the task. */
  private static Step.ReadBack waiting(Args args) {
    WaitScript script =
        new WaitScript(
            args.string("host"),
            args.has("port") ? Optional.of((int) args.integer("port")) : Optional.empty(),
            args.optString("path"),
            args.optString("search_regex"),
            wantUp(args),
            args.integer("timeout"),
            args.integer("delay"),
            Math.max(1, args.integer("sleep")),
            Math.max(1, args.integer("connect_timeout")));
    // the task's own timeout must not cut the wait short
    Duration limit =
        Duration.ofSeconds(
            args.integer("timeout") + args.integer("delay") + args.integer("connect_timeout") + 30);
    String what = what(args);
    Optional<String> msg = args.optString("msg");
    return Step.ReadBack.of(
        "wait " + what,
        (result, host) -> {
          CommandResult r = host.query(RemoteCommand.script(script.render()), limit);
          ApplyResult waited = result.withCommand(r);
          String out = KeyValueLines.parse(r.stdout()).getOrDefault("elapsed", "");
          if (out.matches("[0-9]+")) {
            waited = waited.withData(Map.of("elapsed", Long.parseLong(out)));
          }
          if (r.exitCode() == 1 && !r.timedOut()) {
            return waited.withFailure(msg.orElse("Timeout when waiting " + what));
          }
          if (!r.ok()) {
            return waited.withFailure(
                "wait_for: "
                    + (r.stderr().isBlank() ? "exit code " + r.exitCode() : r.stderr().strip()));
          }
          return waited;
        });
  }

  private static boolean wantUp(Args args) {
    String state = args.string("state");
    return state.equals("started") || state.equals("present");
  }

  private static String what(Args args) {
    String timeout = " (up to " + args.integer("timeout") + "s)";
    if (args.has("port")) {
      return "for "
          + args.string("host")
          + ":"
          + args.integer("port")
          + (wantUp(args) ? "" : " to stop")
          + timeout;
    }
    if (args.has("path")) {
      String path = args.string("path");
      if (!wantUp(args)) {
        return "for " + path + " to be absent" + timeout;
      }
      return args.optString("search_regex")
              .map(r -> "for search string " + r + " in " + path)
              .orElse("for file " + path)
          + timeout;
    }
    return args.integer("timeout") + "s";
  }
}
