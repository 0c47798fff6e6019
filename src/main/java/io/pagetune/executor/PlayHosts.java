package io.pagetune.executor;

import java.util.List;
import java.util.function.Predicate;

/**
 * The hosts a play's magic variables list, as Ansible keeps them: {@code ansible_play_hosts_all}
 * every host the play started with; {@code ansible_play_hosts} those not failed nor unreachable,
 * whatever their {@code serial} batch; {@code ansible_play_batch} (and {@code play_hosts}) those of
 * the batch running now that are still active. The lists are taken when a task first reads them (a
 * task's variables carry them, but few tasks read them), so a host that failed before is no longer
 * listed.
 */
public final class PlayHosts {
  private final List<String> all;
  private final Predicate<String> active;
  private volatile List<String> batch;

  /**
   * @param active whether a host is neither failed nor unreachable now
   */
  public PlayHosts(List<String> all, Predicate<String> active) {
    this.all = List.copyOf(all);
    this.active = active;
    this.batch = this.all;
  }

  /** The batch the play runs now (the whole play without {@code serial}). */
  public void batch(List<String> names) {
    batch = List.copyOf(names);
  }

  public List<String> all() {
    return all;
  }

  /** The play's hosts not failed nor unreachable, taken when the list is first read. */
  public List<String> remaining() {
    return activeOnRead(all);
  }

  /** The batch's active hosts, taken when the list is first read. */
  public List<String> activeBatch() {
    return activeOnRead(batch);
  }

  private List<String> activeOnRead(List<String> names) {
    return new FirstReadList<>(() -> names.stream().filter(active).toList());
  }
}
