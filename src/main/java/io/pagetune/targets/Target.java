package io.pagetune.targets;

import io.pagetune.modules.Module;
import io.pagetune.schedule.drivers.RestartCheck;
import io.pagetune.schedule.drivers.RestartKind;
import java.time.Clock;
import java.util.List;

/**
 * One page-size target (SAP, Solaris web server, Oracle): the modules that set it up and the
 * restarts that make it effective. Each target lives in its own package and never imports another
 * one; the composition root lists them once.
 */
public interface Target {
  /** A short name: {@code sap}, {@code solaris}, {@code oracle}. */
  String name();

  /** The modules this target adds to the registry (names are unique across all modules). */
  List<Module> modules(Clock clock);

  /** The restart kinds this target restarts, with their drivers. */
  List<RestartKind> restartKinds();

  /**
   * What this target verifies after a restart of a whole host or of a service (which restart no
   * target of their own); {@link RestartCheck#NONE} when nothing.
   */
  default RestartCheck afterHostRestart() {
    return RestartCheck.NONE;
  }
}
