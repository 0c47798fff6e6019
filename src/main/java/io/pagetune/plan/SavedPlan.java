package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A check run saved for a change board ({@code run --check --save-plan}): per host and task the
 * steps, the files' before hashes and after contents, the predicted restarts, the facts it rests
 * on, and what it was made from, by whom and when. {@code apply PLAN} runs exactly this.
 *
 * @param schemaVersion the document format; a reader refuses versions it does not know
 * @param createdAt ISO-8601 UTC
 * @param runId the check run that made it (listed by {@code pagetune history})
 * @param signature the state store's HMAC of the content ({@link PlanSigner}); null until written
 * @param digest SHA-256 over the canonical JSON of everything else ({@link PlanDigest}); null until
 *     written
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SavedPlan(
    int schemaVersion,
    String createdAt,
    String createdBy,
    String runId,
    PlanSource source,
    List<HostPlan> hosts,
    String signature,
    String digest) {
  /** 2: signed, commands bound, sources by the files read (plans of version 1 are refused). */
  public static final int SCHEMA_VERSION = 2;

  public SavedPlan {
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(source, "source");
    hosts = hosts == null ? List.of() : List.copyOf(hosts);
  }

  public Instant created() {
    return Instant.parse(createdAt);
  }

  public Optional<HostPlan> host(String name) {
    return hosts.stream().filter(h -> h.host().equals(name)).findFirst();
  }

  /** An unsigned plan, as a check run builds it. */
  public SavedPlan(
      int schemaVersion,
      String createdAt,
      String createdBy,
      String runId,
      PlanSource source,
      List<HostPlan> hosts) {
    this(schemaVersion, createdAt, createdBy, runId, source, hosts, null, null);
  }

  public SavedPlan withDigest(String d) {
    return new SavedPlan(schemaVersion, createdAt, createdBy, runId, source, hosts, signature, d);
  }

  /** Tasks that change something, over all hosts. */
  public int changedTasks() {
    return hosts.stream().mapToInt(h -> h.tasks().size()).sum();
  }
}
