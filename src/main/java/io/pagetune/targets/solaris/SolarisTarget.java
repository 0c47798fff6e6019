package io.pagetune.targets.solaris;

import io.pagetune.modules.Module;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.FactCells;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Sun Java System Web Server on Solaris: MPSS in bin/startserv, effective after a restart. */
public final class SolarisTarget implements Target {
  /** The restart kind: one restart per host and instance directory. */
  public static final String WEB_SERVER = "web_server";

  /** A heap summary with most of it in 256M or 4M pages, e.g. {@code 256M:98%}. */
  private static final Pattern LARGE_HEAP = Pattern.compile("(256M|4M):([5-9]\\d|100)%");

  @Override
  public String name() {
    return "solaris";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new MpssStartservModule(clock));
  }

  /**
   * Per web server instance: persisted when its startserv carries the MPSS block, effective when
   * most of the worker's heap is in large pages (256M or 4M).
   */
  @Override
  @SuppressWarnings("unchecked")
  public List<PageState> factStates(Map<String, Object> pages) {
    List<PageState> out = new ArrayList<>();
    Map<String, Object> servers = (Map<String, Object>) pages.getOrDefault("web_servers", Map.of());
    for (Map.Entry<String, Object> w : servers.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) w.getValue();
      String heap = String.valueOf(m.get("heap"));
      // computed from the script with ld.so.1's precedence when the scan read it (hand-made
      // settings count); else only pagetune's own block is known
      boolean computed = m.containsKey("mpss_persisted");
      boolean persisted =
          Boolean.TRUE.equals(computed ? m.get("mpss_persisted") : m.get("mpss_block"));
      String persistedValue =
          computed
              ? String.valueOf(m.get("mpss_persisted_value"))
              : persisted ? "MPSS block in bin/startserv" : "";
      // the worker's heap in the desired size when it is known, else in any large size
      boolean effective =
          computed
              ? heap.startsWith(m.get("mpss_desired_heap") + ":")
                  && LARGE_HEAP.matcher(heap).matches()
              : LARGE_HEAP.matcher(heap).matches();
      List<String> reasons = new ArrayList<>();
      if (!persisted) {
        reasons.add(
            computed
                ? "bin/startserv starts the server with "
                    + persistedValue
                    + ", not mpss.so.1 with MPSSHEAP="
                    + m.get("mpss_desired_heap")
                : "bin/startserv has no MPSS block");
      }
      if (!effective) {
        reasons.add("the heap is " + heap);
      }
      String instance = w.getKey();
      out.add(
          new PageState(
              "web/" + instance.substring(instance.lastIndexOf('/') + 1),
              computed ? "MPSS heap pages of " + m.get("mpss_desired_heap") : "MPSS heap pages",
              persisted,
              persistedValue,
              effective,
              heap,
              persisted && !effective,
              reasons));
    }
    return out;
  }

  /**
   * Per web server instance: the worker's heap page sizes, and a pending restart when its startserv
   * carries pagetune's MPSS block but the heap is not in large pages yet.
   */
  @Override
  @SuppressWarnings("unchecked")
  public FactCells factCells(Map<String, Object> pages) {
    List<String> inUse = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    Map<String, Object> servers = (Map<String, Object>) pages.getOrDefault("web_servers", Map.of());
    for (Map.Entry<String, Object> w : servers.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) w.getValue();
      String heap = String.valueOf(m.get("heap"));
      inUse.add("webservd heap " + heap);
      if (Boolean.TRUE.equals(m.get("mpss_block")) && !LARGE_HEAP.matcher(heap).matches()) {
        pending.add("web server " + w.getKey());
      }
    }
    return new FactCells(inUse, List.of(), List.of(), List.of(), pending);
  }

  @Override
  public PageVerifier pageVerifier() {
    return new WebServerPageVerifier();
  }

  @Override
  public PageFactSection pageFacts() {
    return new SolarisFacts();
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(
        new RestartKind(
            WEB_SERVER,
            Duration.ofMinutes(5),
            c -> new WebServerDriver(WebServerDriver.Options.defaults(), c.clock(), c.sleeper()),
            (target, vars) -> Optional.of(Map.of("web_instance", target.id()))));
  }
}
