package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code service}, {@code systemd} and {@code systemd_service}: a service's run state ({@code
 * started}, {@code stopped}, {@code restarted}, {@code reloaded}) and whether it starts at boot.
 * The plan compares the wanted state with what {@link ServiceStatus} reads, so check mode says
 * exactly which {@code systemctl} (or {@code service}) commands the apply runs. {@code
 * daemon_reload} runs before them and, as in Ansible, does not count as a change.
 */
public final class ServiceModule implements Module {
  // a unit name systemctl accepts; never an option (leading '-') nor shell syntax
  private static final Pattern UNIT = Pattern.compile("[A-Za-z0-9@:_\\\\][A-Za-z0-9@:._\\\\-]*");

  private final String name;
  private final ArgSpec spec;

  private ServiceModule(String name, ArgSpec spec) {
    this.name = name;
    this.spec = spec;
  }

  public static ServiceModule service() {
    return new ServiceModule(
        "service",
        ArgSpec.of(
                Arg.required("name", ArgType.STRING).describe("The service (or systemd unit)."),
                Arg.optional("state", ArgType.STRING)
                    .choices("started", "stopped", "restarted", "reloaded")
                    .describe(
                        "started/stopped: running or not (only changed when needed); restarted/reloaded: always done."),
                Arg.optional("enabled", ArgType.BOOL).describe("Whether it starts at boot."))
            .documented(
                "Ensures a service is started, stopped, restarted or reloaded, and enabled at boot or not.",
                "- name: tuned runs\n  service:\n    name: tuned\n    state: started\n    enabled: true\n"));
  }

  /** {@code systemd} or its newer name {@code systemd_service}. */
  public static ServiceModule systemd(String moduleName) {
    return new ServiceModule(
        moduleName,
        ArgSpec.of(
                Arg.optional("name", ArgType.STRING)
                    .aliases("service", "unit")
                    .describe("The service (or systemd unit)."),
                Arg.optional("state", ArgType.STRING)
                    .choices("started", "stopped", "restarted", "reloaded")
                    .describe(
                        "started/stopped: running or not (only changed when needed); restarted/reloaded: always done."),
                Arg.optional("enabled", ArgType.BOOL).describe("Whether it starts at boot."),
                Arg.optional("daemon_reload", ArgType.BOOL, false)
                    .aliases("daemon-reload")
                    .describe("Run systemctl daemon-reload first, so changed unit files are read."))
            .documented(
                "Manages a systemd unit: started, stopped, restarted or reloaded, enabled or not,"
                    + " after an optional daemon-reload.",
                "- name: reread units and restart tuned\n  "
                    + moduleName
                    + ":\n    name: tuned\n    state: restarted\n    daemon_reload: true\n"));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ArgSpec spec() {
    return spec;
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
    Optional<String> unit = args.optString("name");
    if (unit.isPresent() && !unit.get().contains("${") && !UNIT.matcher(unit.get()).matches()) {
      return Optional.of(
          new String[] {"name", "'" + unit.get() + "' is not a service or unit name"});
    }
    boolean reload = args.bool("daemon_reload");
    if (unit.isEmpty() && (args.has("state") || args.has("enabled") || !reload)) {
      return Optional.of(new String[] {"name", "is required unless only daemon_reload is given"});
    }
    if (!args.has("state") && !args.has("enabled") && !reload) {
      return Optional.of(new String[] {"state", "or 'enabled' is required"});
    }
    return Optional.empty();
  }

  /**
   * The unit's plan, after a daemon reload when the task asks for one: it runs first, so a unit an
   * earlier task wrote is known, and as in Ansible it is no change.
   */
  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Plan unit = planUnit(call, host);
    if (!call.args().bool("daemon_reload") || unit.failure().isPresent()) {
      return unit;
    }
    List<Step> steps = new ArrayList<>(List.of(DAEMON_RELOAD));
    steps.addAll(unit.steps());
    return new Plan(steps, unit.diffs(), unit.reason(), unit.data(), unit.failure());
  }

  private static final Step.ReadBack DAEMON_RELOAD =
      Step.ReadBack.of(
          "reload the systemd daemon",
          (result, host) -> {
            CommandResult r = host.query(RemoteCommand.argv("systemctl", "daemon-reload"));
            return r.ok()
                ? result
                : result
                    .withCommand(r)
                    .withFailure(
                        "systemctl daemon-reload: exit code "
                            + r.exitCode()
                            + ": "
                            + r.stderr().strip());
          });

  private Plan planUnit(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      return Plan.failed(name + ": " + problem.get()[0] + " " + problem.get()[1]);
    }
    Optional<String> unit = args.optString("name");
    if (unit.isEmpty()) {
      return Plan.upToDate("only the systemd daemon is reloaded", Map.of());
    }
    ServiceStatus.Reading now = host.fact(new ServiceStatus(unit.get(), call.environment()));
    Optional<String> unusable = managerProblem(now, args, unit.get(), host);
    if (unusable.isPresent()) {
      return Plan.failed(name + ": " + unusable.get());
    }
    boolean systemd = now.manager() == ServiceStatus.Manager.SYSTEMD;
    List<Step> steps = new ArrayList<>();
    List<String> done = new ArrayList<>();
    if (args.has("enabled")) {
      boolean wanted = args.bool("enabled");
      if (wanted && now.masked()) {
        return Plan.failed(name + ": " + unit.get() + " is masked; unmask it to enable it");
      }
      if (wanted != now.enabledOk()) {
        String verb = wanted ? "enable" : "disable";
        steps.add(
            exec(List.of("systemctl", verb, unit.get()), verb + " " + unit.get())
                .predicting(ServicePrediction.of(unit.get(), verb)));
      } else {
        done.add(wanted ? "enabled" : "disabled");
      }
    }
    Optional<String> state = args.optString("state");
    if (state.isPresent()) {
      if (now.masked() && !state.get().equals("stopped")) {
        return Plan.failed(name + ": " + unit.get() + " is masked; unmask it to start it");
      }
      Optional<String> verb =
          switch (state.get()) {
            case "started" -> now.running() ? Optional.empty() : Optional.of("start");
            case "stopped" -> now.running() ? Optional.of("stop") : Optional.empty();
            case "restarted" -> Optional.of("restart");
            default -> Optional.of(now.running() ? "reload" : "start");
          };
      if (verb.isPresent()) {
        List<String> argv =
            systemd
                ? List.of("systemctl", verb.get(), unit.get())
                : List.of("service", unit.get(), verb.get());
        steps.add(
            exec(argv, verb.get() + " " + unit.get())
                .predicting(ServicePrediction.of(unit.get(), verb.get())));
      } else {
        done.add(state.get().equals("started") ? "running" : "stopped");
      }
    }
    Map<String, Object> data =
        data(args, unit.get(), state, systemd ? Optional.of(now) : Optional.empty());
    if (steps.isEmpty()) {
      return Plan.upToDate(unit.get() + " is " + String.join(" and ", done), data);
    }
    return Plan.of(steps, List.of()).withData(data);
  }

  /** Why the host's service manager cannot do what the task asks, if it cannot. */
  private static Optional<String> managerProblem(
      ServiceStatus.Reading now, Args args, String unit, HostState host) {
    boolean reload = args.bool("daemon_reload");
    switch (now.manager()) {
      case UNREADABLE -> {
        return Optional.of("cannot read the state of " + unit + ": " + now.active());
      }
      case NONE -> {
        return Optional.of(host.host() + " has neither systemd nor the service command");
      }
      case SERVICE -> {
        if (args.has("enabled")) {
          return Optional.of(
              "enabled: "
                  + host.host()
                  + " does not run systemd, and pagetune manages boot-time start only through"
                  + " systemctl");
        }
        if (reload) {
          return Optional.of("daemon_reload: " + host.host() + " does not run systemd");
        }
      }
      case SYSTEMD -> {
        // a unit written by an earlier task is known after the daemon reload that runs first,
        // and systemctl loads a unit file it has not seen yet on start; the file is read
        // through the host view, so a check run sees the file an earlier task would write
        if (!now.found() && !reload && unitFile(host, unit).isEmpty()) {
          return Optional.of("Could not find the requested service " + unit + ": host");
        }
      }
    }
    return Optional.empty();
  }

  /** What the task returns: the unit, what was asked, and systemd's view of the unit. */
  private static Map<String, Object> data(
      Args args,
      String unit,
      Optional<String> state,
      Optional<ServiceStatus.Reading> systemdStatus) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", unit);
    state.ifPresent(s -> data.put("state", s));
    if (args.has("enabled")) {
      data.put("enabled", args.bool("enabled"));
    }
    if (systemdStatus.isPresent()) {
      ServiceStatus.Reading now = systemdStatus.get();
      Map<String, Object> status = new LinkedHashMap<>();
      status.put("ActiveState", now.active());
      status.put("UnitFileState", now.enabled());
      status.put("LoadState", now.found() ? "loaded" : "not-found");
      data.put("status", status);
    }
    return data;
  }

  /** Where systemd looks for unit files it has not loaded yet (system scope). */
  static final List<String> UNIT_DIRS =
      List.of(
          "/etc/systemd/system",
          "/run/systemd/system",
          "/usr/lib/systemd/system",
          "/lib/systemd/system");

  static Optional<String> unitFile(HostState host, String unit) {
    String file = unit.contains(".") ? unit : unit + ".service";
    for (String dir : UNIT_DIRS) {
      String path = dir + "/" + file;
      if (host.stat(path).isPresent()) {
        return Optional.of(path);
      }
    }
    return Optional.empty();
  }

  private static Step.Exec exec(List<String> argv, String description) {
    return Step.Exec.of(RemoteCommand.argv(argv), description);
  }
}
