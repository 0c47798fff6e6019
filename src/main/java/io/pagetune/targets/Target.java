package io.pagetune.targets;

import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.modules.Module;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartCheck;
import io.pagetune.schedule.drivers.RestartKind;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  /**
   * The modules, for a run where {@code pool} lists every target's users of the Linux huge-page
   * pool: a target whose module sizes that pool overrides this to count the other targets' ones.
   */
  default List<Module> modules(Clock clock, HugePageConsumers pool) {
    return modules(clock);
  }

  /** How this target finds its users of a Linux host's huge-page pool; none by default. */
  default List<HugePageConsumerSource> hugePageConsumers() {
    return List.of();
  }

  /**
   * The facts this target adds to the page facts ({@code ansible_facts.pages}); gathered with every
   * other target's in the host's one fact script.
   */
  PageFactSection pageFacts();

  /** This target's part of {@code page_verify}: the effective state after a change. */
  PageVerifier pageVerifier();

  /** The restart kinds this target restarts, with their drivers. */
  List<RestartKind> restartKinds();

  /**
   * The target's page states as far as the gathered page facts ({@code ansible_facts.pages}) tell
   * them without a playbook: one per system, instance or pool the facts found; empty when the host
   * has none of this target. What {@code pagetune facts} shows for every target alike.
   */
  default List<PageState> factStates(Map<String, Object> pages) {
    return List.of();
  }

  /**
   * What this target shows in the host's row of the {@code pagetune facts} table, from the same
   * page facts; {@link FactCells#NONE} when the host has none of this target.
   */
  default FactCells factCells(Map<String, Object> pages) {
    return FactCells.NONE;
  }

  /**
   * What this target verifies after a restart of a whole host or of a service (which restart no
   * target of their own); {@link RestartCheck#NONE} when nothing.
   */
  default RestartCheck afterHostRestart() {
    return RestartCheck.NONE;
  }

  /**
   * The probe a restart of {@code target} (one of this target's kinds) times before and after
   * itself when the host's {@code benefit_probe} names no command; empty when the target has none
   * for that kind.
   *
   * @param probeArgs the host's {@code benefit_probe} map (a target's own keys, such as the table
   *     to scan), empty when the host declares none
   */
  default Optional<DefaultProbe> defaultBenefitProbe(
      RestartTarget target, Map<String, Object> probeArgs, Map<String, Object> hostVars) {
    return Optional.empty();
  }
}
