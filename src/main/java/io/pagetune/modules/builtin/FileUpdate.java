package io.pagetune.modules.builtin;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The plan that makes one file hold the given bytes and attributes: a whole-file {@link Step.Put}
 * when the content differs (it keeps the existing owner and mode unless told otherwise), otherwise
 * only the attribute fixes, otherwise nothing.
 */
final class FileUpdate {
  private FileUpdate() {}

  static Plan plan(CurrentFile current, byte[] desired, FileAttributes attrs, boolean backup) {
    Optional<String> problem = current.notAFile().or(attrs::problem);
    if (problem.isPresent()) {
      return Plan.failed(problem.get());
    }
    String path = current.path();
    if (current.content().isEmpty() || !Arrays.equals(current.content().get(), desired)) {
      Step put = new Step.Put(path, desired, attrs.mode(), attrs.owner(), attrs.group(), backup);
      return Plan.of(List.of(put), diff(current, desired));
    }
    List<Step> fixes = attrs.fixes(path, current.meta().orElseThrow());
    if (fixes.isEmpty()) {
      return Plan.upToDate(path + " already has the desired content and attributes");
    }
    return Plan.of(fixes, List.of());
  }

  /** Before/after text for reporters; none when either side is not text. */
  private static List<FileDiff> diff(CurrentFile current, byte[] desired) {
    Optional<String> before =
        current.content().isEmpty()
            ? Optional.of("")
            : current.content().flatMap(CurrentFile::decode);
    Optional<String> after = CurrentFile.decode(desired);
    List<FileDiff> diffs = new ArrayList<>();
    if (before.isPresent() && after.isPresent()) {
      diffs.add(new FileDiff(current.path(), before.get(), after.get()));
    }
    return diffs;
  }
}
