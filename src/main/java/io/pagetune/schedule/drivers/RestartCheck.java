package io.pagetune.schedule.drivers;

import io.pagetune.schedule.RestartTarget;
import java.util.Map;
import java.util.Optional;

/**
 * How a restart of one kind is verified: the {@code page_verify} arguments that prove the pages are
 * in use after it, from the target and the host's variables. Empty when the kind (or this host's
 * configuration) gives nothing to verify.
 */
@FunctionalInterface
public interface RestartCheck {
  RestartCheck NONE = (target, hostVars) -> Optional.empty();

  Optional<Map<String, Object>> verifyArgs(RestartTarget target, Map<String, Object> hostVars);
}
