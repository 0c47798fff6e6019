package io.pagetune.report;

/**
 * One PLAY RECAP line. As in Ansible, {@code ok} also counts changed tasks; {@code pending} counts
 * restarts that are needed before a change is effective.
 */
public record HostCounts(
    int ok,
    int changed,
    int unreachable,
    int failed,
    int skipped,
    int rescued,
    int ignored,
    int pending) {

  public static final HostCounts ZERO = new HostCounts(0, 0, 0, 0, 0, 0, 0, 0);

  public HostCounts plus(HostCounts o) {
    return new HostCounts(
        ok + o.ok,
        changed + o.changed,
        unreachable + o.unreachable,
        failed + o.failed,
        skipped + o.skipped,
        rescued + o.rescued,
        ignored + o.ignored,
        pending + o.pending);
  }
}
