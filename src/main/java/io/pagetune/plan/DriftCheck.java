package io.pagetune.plan;

import io.pagetune.state.Sha256;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Before an apply touches a host: does every file the plan changes there still hold what the plan
 * was made from? A host with any drift is refused as a whole, before anything is written to it.
 */
public final class DriftCheck {
  /** Reads a file on a host as a user (empty user: the login user); empty when absent. */
  @FunctionalInterface
  public interface HostFiles {
    Optional<byte[]> read(String host, String path, Optional<String> becomeUser);
  }

  private final HostFiles files;

  public DriftCheck(HostFiles files) {
    this.files = files;
  }

  /** The drifted files of {@code host}, empty when it may be applied. */
  public List<Drift> check(HostPlan host) {
    List<Drift> drifts = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (PlannedWrite w : host.writes()) {
      if (!seen.add(w.path())) {
        // a later write of the same file starts from what the plan's earlier one left
        continue;
      }
      Optional<byte[]> live =
          files.read(host.host(), w.path(), Optional.ofNullable(w.becomeUser()));
      if (!Objects.equals(live.map(Sha256::hex).orElse(null), w.beforeSha256())) {
        drifts.add(new Drift(host.host(), w.path(), w.before(), live));
      }
    }
    return drifts;
  }
}
