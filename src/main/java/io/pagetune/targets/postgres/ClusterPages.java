package io.pagetune.targets.postgres;

import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the running postmaster shows: whether its main shared memory is mapped in pages of the
 * pool's size with the {@code huge_pages} the task asks for, and the cluster's three states.
 *
 * @param running the {@code huge_pages} the running server reports ({@code unknown} when stopped)
 * @param effective the running server already has what the task asks for
 */
record ClusterPages(
    PgClusterState pg,
    Optional<SmapsMapping> mapping,
    String wantedMode,
    String running,
    boolean effective) {

  static ClusterPages of(PgClusterState pg, long pageBytes, String wantedMode) {
    Optional<SmapsMapping> mapping = pg.mainSharedMemory();
    boolean mappedHuge =
        pg.running() && mapping.isPresent() && mapping.get().kernelPageSizeKb() == pageBytes >> 10;
    String running = pg.setting("huge_pages").orElse("unknown");
    return new ClusterPages(
        pg, mapping, wantedMode, running, mappedHuge && running.equals(wantedMode));
  }

  /** Why the cluster does not show it yet (empty when it does). */
  List<String> reasons() {
    List<String> reasons = new ArrayList<>();
    if (!pg.running()) {
      reasons.add("the cluster is not running: it maps huge pages at its next start");
    } else if (!effective) {
      reasons.add(
          "running with huge_pages="
              + running
              + "; the main shared memory is "
              + mapping.map(SmapsMapping::describe).orElse("not found in smaps"));
    }
    return reasons;
  }

  PageState state(String cluster, long pageBytes, HugePagesSetting setting) {
    return new PageState(
        "postgres/" + cluster,
        "huge_pages="
            + wantedMode
            + ", main shared memory in "
            + new PageSize(pageBytes)
            + " pages",
        setting.persists(wantedMode),
        setting.persistedValue(),
        effective,
        pg.running()
            ? "pid "
                + pg.postmasterPid().getAsLong()
                + ": "
                + mapping.map(SmapsMapping::describe).orElse("no shared mapping")
            : "not running",
        !effective,
        reasons());
  }

  /** The message of a plan with nothing to do. */
  String upToDate() {
    return effective
        ? "; effective: " + mapping.map(SmapsMapping::describe).orElse("")
        : "; pending: " + String.join("; ", reasons());
  }
}
