package io.pagetune.report;

import java.time.Duration;
import java.util.Map;

/**
 * How long a replayed task really took: {@code wall} from its first host's start to its last host's
 * result, and {@code hosts} each host's own time in it (see {@link RunListener#taskTimed}).
 */
public record TaskTiming(Duration wall, Map<String, Duration> hosts) {
  public TaskTiming {
    hosts = Map.copyOf(hosts);
  }
}
