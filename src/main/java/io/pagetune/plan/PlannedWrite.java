package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One file a task writes or removes.
 *
 * @param becomeUser the user the task reads and writes it as; null without become
 * @param before what the file holds when the plan was made; null when it does not exist
 * @param after what it will hold; null when the task removes it
 * @param diff the unified diff check mode showed; null for a {@code no_log} task
 * @param backup the task also keeps a timestamped copy of the old content beside the file
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlannedWrite(
    String path,
    String becomeUser,
    FileContent before,
    FileContent after,
    String diff,
    boolean backup) {
  public PlannedWrite {
    Objects.requireNonNull(path, "path");
  }

  public String beforeSha256() {
    return before == null ? null : before.sha256();
  }

  public String afterSha256() {
    return after == null ? null : after.sha256();
  }
}
