package io.pagetune.targets.oracle;

/** A declared SGA size of one database instance (ASM and GIMR included when they use pages). */
record InstanceSga(String instance, long sgaBytes) {
  public InstanceSga {
    if (sgaBytes < 0) {
      throw new IllegalArgumentException("SGA size of " + instance + " is negative");
    }
  }
}
