package io.pagetune.executor;

import java.util.List;
import java.util.function.Predicate;

/**
 * The hosts a play's magic variables list, as Ansible keeps them: {@code ansible_play_hosts_all}
 * every host the play started with; {@code ansible_play_hosts} those not failed nor unreachable,
 * whatever their {@code serial} batch; {@code ansible_play_batch} (and {@code play_hosts}) those of
 * the batch running now that are still active. Read when a task's variables are built, so a host
 * that failed a moment ago is no longer listed.
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

  public List<String> remaining() {
    return all.stream().filter(active).toList();
  }

  public List<String> activeBatch() {
    return batch.stream().filter(active).toList();
  }
}
