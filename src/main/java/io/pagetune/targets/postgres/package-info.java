/**
 * PostgreSQL on Linux as a huge-page target: the clusters of a host, their shared memory in huge
 * pages ({@code huge_pages = on}), the cluster restart that maps it, and the smaps check that shows
 * the postmaster's main shared memory really is in huge pages.
 */
package io.pagetune.targets.postgres;
