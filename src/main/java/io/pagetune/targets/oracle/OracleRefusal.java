package io.pagetune.targets.oracle;

/**
 * Why {@code oracle_hugepages} plans nothing for a host: thrown by the planning steps, turned into
 * the task's one-line failure by the module, so that each step says its reason where it finds it.
 */
final class OracleRefusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OracleRefusal(String reason) {
    super(reason, null, false, false);
  }
}
