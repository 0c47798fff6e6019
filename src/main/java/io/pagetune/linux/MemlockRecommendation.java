package io.pagetune.linux;

/** The memlock limit (kB, as limits.conf wants it) a huge-page consumer needs, and why. */
public record MemlockRecommendation(long kb, String reason) {}
