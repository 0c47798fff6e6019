package io.pagetune.linux;

import java.util.Objects;

/** A planned pool ({@link PoolPlan}), or why none is. */
public sealed interface PoolOutcome permits PoolPlan, PoolOutcome.Refused {
  /** Why no pool is planned. */
  record Refused(String reason) implements PoolOutcome {
    public Refused {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
