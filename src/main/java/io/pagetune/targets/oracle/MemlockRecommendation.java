package io.pagetune.targets.oracle;

/** The memlock limit (kB, as limits.conf wants it) the Oracle user needs, and why. */
public record MemlockRecommendation(long kb, String reason) {}
