package io.pagetune.app;

import io.pagetune.executor.ExitStatus;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.plan.PlanBuilder;
import io.pagetune.plan.PlanDigest;
import io.pagetune.plan.PlanSigner;
import io.pagetune.plan.PlanSource;
import io.pagetune.plan.PlanText;
import io.pagetune.plan.PlanWriter;
import io.pagetune.plan.SavedPlan;
import io.pagetune.plan.SecretVars;
import io.pagetune.plan.SourceDigest;
import io.pagetune.state.PlanKeys;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.ReadFiles;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * {@code run --check --save-plan PLAN}: once the check run is over, writes what it planned as a
 * plan file and records it in the history. A check run in which a host failed or was unreachable
 * saves nothing: a plan that leaves hosts out is not what the board should approve.
 */
public final class PlanSaving {
  private final Path file;
  private final PlanBuilder builder;
  private final Predicate<String> secret;

  /**
   * @param secret true for a value that is secret by what it is (one a vault decrypted), whatever
   *     its name: the plan keeps it, and every task holding it, as hashes only
   */
  public PlanSaving(Path file, Predicate<String> secret) {
    this.file = file;
    this.secret = secret;
    this.builder = new PlanBuilder(secret);
  }

  public PlanBuilder recorder() {
    return builder;
  }

  /**
   * The plan written, or empty when the run does not make one.
   *
   * @param inventoryAnswers what the inventory's dynamic sources answered ({@code
   *     Inventory.dynamicAnswers}), so that the plan's inventory digest covers it
   */
  public Optional<SavedPlan> finish(
      RunResult result,
      Path playbook,
      ReadFiles reads,
      List<String> inventories,
      Path windowsFile,
      List<String> inventoryAnswers,
      RunOptions options,
      Instant planTime,
      String user,
      Optional<StateStore> store,
      PrintStream out,
      PrintStream err) {
    if (result.exit() != ExitStatus.SUCCESS && result.exit() != ExitStatus.CHANGES_PENDING) {
      err.println(
          "pagetune: the plan was not saved to "
              + file
              + ": the check run did not end cleanly (exit "
              + result.exit().code()
              + ")");
      return Optional.empty();
    }
    PlanSource source =
        new PlanSource(
            playbook.toString(),
            SourceDigest.files(reads, playbook),
            inventories,
            SourceDigest.inventory(inventories, windowsFile, inventoryAnswers),
            options.limit(),
            options.tags().stream().sorted().toList(),
            options.skipTags().stream().sorted().toList(),
            SecretVars.hashed(options.extraVars(), secret));
    String runId = result.summary().runId();
    // RunCommand refuses --save-plan with --state none before the run: the key is the store's
    StateStore s = store.orElseThrow();
    SavedPlan plan =
        new PlanWriter()
            .write(
                builder.build(planTime, user, runId, source),
                file,
                new PlanSigner(new PlanKeys(s).key()));
    if (s.journal().runs().find(runId).isEmpty()) {
      s.journal().runs().start(runId, playbook.toString(), user, true);
    }
    s.journal().runs().finish(runId, "planned " + PlanDigest.shortForm(plan.digest()));
    out.println();
    out.println("Plan saved to " + file + " (" + plan.digest() + ")");
    out.println(PlanText.summary(plan));
    return Optional.of(plan);
  }
}
