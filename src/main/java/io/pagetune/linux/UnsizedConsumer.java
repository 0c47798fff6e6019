package io.pagetune.linux;

/**
 * A user of the pool found on the host whose size cannot be told from the host now (a stopped
 * server that reports its size only while it runs). Leaving it out of the pool is safe only where
 * it falls back to normal pages at its start.
 *
 * @param name how the pool names it ({@code postgres/13/main}), as a declaration must name it
 * @param why why its size is not known
 * @param failsWithoutPages whether its next start fails without its pages (else it falls back)
 */
public record UnsizedConsumer(String name, String why, boolean failsWithoutPages) {}
