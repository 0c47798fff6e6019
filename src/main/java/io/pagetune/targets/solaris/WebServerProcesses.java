package io.pagetune.targets.solaris;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Web Server 7 processes in {@code ps -eo pid,ppid,args} (the arguments completed by {@code
 * pargs -l}, as ps cuts them at 80 characters), each matched to its instance by the {@code -d
 * <instance>/config} argument the watchdog passes on: a {@code webservd} whose parent is a {@code
 * webservd} is a worker, any other {@code webservd} the primordial. The admin server runs the same
 * binaries; it is an instance like the others here.
 */
record WebServerProcesses(List<WebServerProcess> processes) {
  public WebServerProcesses {
    processes = List.copyOf(processes);
  }

  public static WebServerProcesses parse(String psOutput) {
    record Row(String pid, String ppid, String program, String configDir) {}
    Map<String, Row> rows = new HashMap<>();
    List<Row> ordered = new ArrayList<>();
    for (String line : psOutput.split("\\R")) {
      // pargs -l quotes arguments that need it; instance paths do not contain blanks
      String[] w = line.strip().replace("'", "").split("\\s+");
      if (w.length < 3 || !w[0].matches("\\d+") || !w[1].matches("\\d+")) {
        continue;
      }
      String program = w[2].substring(w[2].lastIndexOf('/') + 1);
      if (!program.equals("webservd") && !program.equals("webservd-wdog")) {
        continue;
      }
      String config = "";
      for (int i = 3; i + 1 < w.length; i++) {
        if (w[i].equals("-d")) {
          config = w[i + 1];
          break;
        }
      }
      Row r = new Row(w[0], w[1], program, config);
      rows.put(r.pid(), r);
      ordered.add(r);
    }
    List<WebServerProcess> out = new ArrayList<>();
    for (Row r : ordered) {
      Row parent = rows.get(r.ppid());
      WebServerProcess.Role role;
      if (r.program().equals("webservd-wdog")) {
        role = WebServerProcess.Role.WATCHDOG;
      } else if (parent != null && parent.program().equals("webservd")) {
        role = WebServerProcess.Role.WORKER;
      } else {
        role = WebServerProcess.Role.PRIMORDIAL;
      }
      String config =
          r.configDir().isEmpty() && parent != null ? parent.configDir() : r.configDir();
      out.add(new WebServerProcess(r.pid(), r.ppid(), role, instanceOf(config)));
    }
    return new WebServerProcesses(out);
  }

  /** {@code /x/https-a} for {@code /x/https-a/config} (or {@code /x/https-a/config/}). */
  static String instanceOf(String configDir) {
    String c = configDir.replaceAll("/+$", "");
    return c.endsWith("/config") ? c.substring(0, c.length() - "/config".length()) : c;
  }

  public List<WebServerProcess> of(String instanceDir) {
    return processes.stream().filter(p -> p.instanceDir().equals(instanceDir)).toList();
  }

  /** The instance's worker, the process whose heap counts; empty when none runs. */
  public Optional<WebServerProcess> worker(String instanceDir) {
    return of(instanceDir).stream()
        .filter(p -> p.role() == WebServerProcess.Role.WORKER)
        .findFirst();
  }

  /** The instance directories the running processes name. */
  public List<String> instances() {
    return processes.stream()
        .map(WebServerProcess::instanceDir)
        .filter(d -> !d.isEmpty())
        .distinct()
        .toList();
  }
}
