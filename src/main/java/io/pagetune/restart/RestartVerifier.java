package io.pagetune.restart;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.error.SourceLocation;
import io.pagetune.facts.FactCache;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.modules.Args;
import io.pagetune.modules.LiveHostState;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.TaskServices;
import io.pagetune.modules.pages.PageVerifyModule;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.Drivers;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs {@code page_verify} for what a restart was for, with the arguments the restart kind's target
 * gives (the SAP system's disp+work page sizes, the web server's heap pages, the HugePages pool).
 * Empty when nothing can be verified for the target.
 */
final class RestartVerifier {
  private static final SourceLocation HERE = SourceLocation.of("restart verification");
  private final PageVerifyModule module;
  private final Drivers kinds;

  RestartVerifier(Drivers kinds, PageVerifyModule module) {
    this.kinds = kinds;
    this.module = module;
  }

  /** A verification: passed, or the specifics of what is not effective. */
  record Verification(boolean passed, String detail) {}

  Optional<Verification> verify(RestartTarget target, Map<String, Object> vars, Connection conn) {
    Optional<Map<String, Object>> wanted =
        kinds.kind(target.kind()).flatMap(k -> k.check().verifyArgs(target, vars));
    if (wanted.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Object> raw = new LinkedHashMap<>(wanted.get());
    Args args = module.spec().validate(module.name(), raw, HERE, true);
    module.validate(args);
    Become become = become(vars);
    Duration timeout = Duration.ofMinutes(5);
    ModuleCall call =
        new ModuleCall(
            module.name(), args, NO_TEMPLATES, become, Map.of(), timeout, "verify after restart");
    Plan plan = module.plan(call, new LiveHostState(conn, become, timeout, new FactCache()));
    if (plan.failure().isPresent()) {
      return Optional.of(new Verification(false, plan.failure().get()));
    }
    return Optional.of(new Verification(true, String.valueOf(plan.reason())));
  }

  private static Become become(Map<String, Object> vars) {
    boolean on =
        ArgCoercion.toBool(
            vars.getOrDefault("ansible_become", false), () -> new IllegalArgumentException());
    return on
        ? Become.as(String.valueOf(vars.getOrDefault("ansible_become_user", "root")))
        : Become.NONE;
  }

  /** page_verify renders nothing: it only reads facts. */
  private static final TaskServices NO_TEMPLATES =
      new TaskServices() {
        @Override
        public String renderTemplate(String src) {
          throw new UnsupportedOperationException("no templates while verifying");
        }

        @Override
        public byte[] readLocalFile(String src) {
          throw new UnsupportedOperationException("no local files while verifying");
        }

        @Override
        public boolean test(String expression) {
          throw new UnsupportedOperationException("no expressions while verifying");
        }

        @Override
        public String interpolate(String text) {
          return text;
        }

        @Override
        public SourceLocation location() {
          return HERE;
        }
      };
}
