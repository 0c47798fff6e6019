package io.pagetune.modules;

import io.pagetune.facts.Fact;

/**
 * What a fact reads after a planned command, declared by the module that plans it (a {@code
 * groupadd} says the group exists, a {@code systemctl start} that the unit runs). Check mode cannot
 * run the command, so later tasks of the run read their facts through these instead of the host's
 * stale answer. Applying clears the fact cache instead: the host answers again.
 */
public interface PredictedFact {
  /**
   * What the prediction is about ("group sapsys", "service sshd"): a later prediction, or a real
   * change, of the same subject replaces it.
   */
  String subject();

  /**
   * The value {@code fact} has after the command, given the value {@code before} it; {@code before}
   * itself when the command does not change what this fact reads.
   */
  <T> T after(Fact<T> fact, T before);
}
