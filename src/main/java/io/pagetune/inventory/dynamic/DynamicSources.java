package io.pagetune.inventory.dynamic;

import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What dynamic inventory sources run with: the process environment (ServiceNow credentials), the
 * clock (cache ages), where the CMDB cache lives, how long a script may run, how ServiceNow is
 * asked, and where warnings go (a stale cache used during an outage).
 *
 * @param cacheDir the default directory of CMDB caches
 * @param warnings receives one line per warning, without the {@code [WARNING]: } prefix
 */
public record DynamicSources(
    Map<String, String> env,
    Clock clock,
    Path cacheDir,
    Duration scriptTimeout,
    ServiceNowClient.Options http,
    Sleeper sleeper,
    Consumer<String> warnings) {
  public DynamicSources {
    env = Map.copyOf(env);
  }

  /** {@code ~/.pagetune/inventory-cache}, beside the default state store. */
  public static Path defaultCacheDir() {
    return Path.of(System.getProperty("user.home"), ".pagetune", "inventory-cache");
  }

  /**
   * For a command: its environment and clock, warnings as {@code [WARNING]:} lines on {@code err}.
   */
  public static DynamicSources of(Map<String, String> env, Clock clock, PrintStream err) {
    return new DynamicSources(
        env,
        clock,
        defaultCacheDir(),
        InventoryScript.DEFAULT_TIMEOUT,
        ServiceNowClient.Options.defaults(),
        Sleeper.REAL,
        w -> err.println("[WARNING]: " + w));
  }

  /** The process's own environment and the real clock (commands that do not pass theirs). */
  public static DynamicSources ofProcess() {
    return of(System.getenv(), Clock.systemUTC(), System.err);
  }
}
