package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a plan was made from and with: playbook and inventory and the run's options, so that the
 * apply runs the same thing.
 *
 * @param files every local file the check run read ({@link SourceDigest#files}): its path relative
 *     to the playbook's directory and its "sha256:" digest
 * @param inventoryDigest the inventory's identity ({@link SourceDigest#inventory})
 * @param extraVars the {@code -e} values; a value under a key that names a secret is kept as its
 *     hash ({@link SecretVars}) and must be given again to apply
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanSource(
    String playbook,
    SortedMap<String, String> files,
    List<String> inventories,
    String inventoryDigest,
    String limit,
    List<String> tags,
    List<String> skipTags,
    Map<String, Object> extraVars) {
  public PlanSource {
    Objects.requireNonNull(playbook, "playbook");
    Objects.requireNonNull(files, "files");
    files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
    inventories = inventories == null ? List.of() : List.copyOf(inventories);
    tags = tags == null ? List.of() : List.copyOf(tags);
    skipTags = skipTags == null ? List.of() : List.copyOf(skipTags);
    extraVars = extraVars == null ? Map.of() : extraVars;
  }
}
