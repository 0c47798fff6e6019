package io.pagetune.state;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The process that runs a run: node name, pid and the process start time (a pid alone can be reused
 * by another process after a crash).
 */
public record RunOwner(String node, long pid, Optional<Instant> processStartedAt) {
  public RunOwner {
    Objects.requireNonNull(node);
    Objects.requireNonNull(processStartedAt);
  }

  /** This JVM. */
  public static RunOwner current() {
    ProcessHandle self = ProcessHandle.current();
    return new RunOwner(localNode(), self.pid(), self.info().startInstant());
  }

  static String localNode() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  /**
   * True when this owner runs on {@code node} and its process is gone (or the pid now belongs to a
   * process started at another time).
   */
  boolean deadOn(String node) {
    if (!this.node.equals(node)) {
      return false;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    Optional<Instant> started = process.get().info().startInstant();
    return processStartedAt.isPresent()
        && started.isPresent()
        && !started.get().equals(processStartedAt.get());
  }
}
