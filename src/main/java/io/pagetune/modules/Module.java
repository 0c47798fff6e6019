package io.pagetune.modules;

/**
 * Desired state in, plan out. {@link #plan} sees the host only through {@link HostState}, so it
 * cannot change anything; {@link #apply} executes a plan's steps through a {@link StepRunner}. The
 * executor re-plans right before applying, so an apply never works from stale facts.
 */
public interface Module {
  String name();

  ArgSpec spec();

  default CheckSupport checkSupport() {
    return CheckSupport.FULL;
  }

  /** Extra cross-argument checks (mutually exclusive, required together) at load and run time. */
  default void validate(Args args) {}

  Plan plan(ModuleCall call, HostState host);

  default ApplyResult apply(Plan plan, ModuleCall call, StepRunner runner) {
    return runner.run(plan, call);
  }
}
