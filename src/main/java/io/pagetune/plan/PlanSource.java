package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a plan was made from and with: playbook and inventory (with digests over their files) and
 * the run's options, so that the apply runs the same thing.
 *
 * @param extraVars the {@code -e} values; a value under a key that names a secret is kept as its
 *     hash ({@link SecretVars}) and must be given again to apply
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanSource(
    String playbook,
    String playbookDigest,
    List<String> inventories,
    String inventoryDigest,
    String limit,
    List<String> tags,
    List<String> skipTags,
    Map<String, Object> extraVars) {
  public PlanSource {
    Objects.requireNonNull(playbook, "playbook");
    Objects.requireNonNull(playbookDigest, "playbookDigest");
    inventories = inventories == null ? List.of() : List.copyOf(inventories);
    tags = tags == null ? List.of() : List.copyOf(tags);
    skipTags = skipTags == null ? List.of() : List.copyOf(skipTags);
    extraVars = extraVars == null ? Map.of() : extraVars;
  }
}
