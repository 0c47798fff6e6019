package io.pagetune.modules;

/**
 * Desired state in, plan out. {@link #plan} sees the host only through {@link HostState}, so it
 * cannot change anything. The plan describes the apply entirely: the executor runs its steps
 * through a {@link StepRunner} (what an apply reads back is a {@link Step.ReadBack}), so no module
 * applies anything itself and check mode predicts what the apply does. The executor re-plans right
 * before applying, so an apply never works from stale facts.
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
}
