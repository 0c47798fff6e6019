package io.pagetune.executor;

/**
 * How many hosts may hold an open connection at once. A play with more hosts than this runs host by
 * host ({@code HostPinnedPlay}) when nothing in it needs the hosts in step, so a big fleet costs
 * {@code hosts} connections of memory, not one per host of the inventory.
 *
 * @param hosts at least 1
 */
public record ConnectionBudget(int hosts) {
  /** Never fewer than this from the heap formula: a small heap still runs a few hosts at once. */
  public static final int MINIMUM_DEFAULT = 8;

  /**
   * What one open SSH host costs, counted against the heap: 60 hosts connected to a loopback
   * OpenSSH sshd, each with its shell session, held 370 KB of heap each (sshj's transport and
   * buffers), plus two threads whose stacks and buffers live outside the heap but in the process's
   * memory all the same, plus the host's run state; 1 MB keeps the process's total near the heap.
   */
  public static final long HEAP_PER_HOST = 1024 * 1024;

  /** Heap kept for the rest of the run: the engine, the playbook, reporters, the state store. */
  public static final long HEAP_RESERVE = 96L * 1024 * 1024;

  /**
   * Heap kept for the largest file a module reads whole ({@code pagetune_max_file_bytes}, 32 MB by
   * default): its bytes, its text, the edited copy and the diff take about twelve times its size (a
   * 31 MB lineinfile with --diff ran out of memory at 256 MB and passed at 384 MB).
   */
  public static final long FILE_ROOM = 12 * io.pagetune.modules.FileSizeLimit.DEFAULT_BYTES;

  /** The formula the CLI's help and the README state. */
  public static final String FORMULA =
      "max(" + MINIMUM_DEFAULT + ", (max heap - 96 MB - 384 MB for file edits) / 1 MB)";

  public ConnectionBudget {
    if (hosts < 1) {
      throw new IllegalArgumentException("the connection budget must be at least 1 host");
    }
  }

  /** The default for a JVM whose heap may grow to {@code maxHeapBytes}. */
  public static ConnectionBudget fromHeap(long maxHeapBytes) {
    long room = Math.max(0, maxHeapBytes - HEAP_RESERVE - FILE_ROOM) / HEAP_PER_HOST;
    return new ConnectionBudget((int) Math.max(MINIMUM_DEFAULT, Math.min(Integer.MAX_VALUE, room)));
  }

  /** The default for this JVM ({@code -Xmx}). */
  public static ConnectionBudget forThisJvm() {
    return fromHeap(Runtime.getRuntime().maxMemory());
  }

  /** True when a play on this many hosts would hold more connections than the budget allows. */
  public boolean exceededBy(int playHosts) {
    return playHosts > hosts;
  }
}
