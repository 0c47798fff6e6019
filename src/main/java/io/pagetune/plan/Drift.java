package io.pagetune.plan;

import io.pagetune.report.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A file on a host that no longer holds what the plan was made from.
 *
 * @param planned what the plan says it held (null: no such file)
 * @param live what it holds now (empty: no such file)
 */
public record Drift(String host, String path, FileContent planned, Optional<byte[]> live) {

  /** "PATH changed since the plan was made" and the diff plan → live. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append(path)
        .append(
            planned == null
                ? " did not exist when the plan was made and exists now"
                : live.isEmpty()
                    ? " was removed since the plan was made"
                    : " changed since the plan was made")
        .append(" (refused; make a new plan)");
    String before = planned == null ? "" : planned.display();
    String now =
        live.map(
                b ->
                    planned != null && planned.text() == null && planned.base64() == null
                        ? "(content not shown: no_log)\n"
                        : new String(b, StandardCharsets.UTF_8))
            .orElse("");
    String diff = UnifiedDiff.of(path, before, now, 3);
    if (!diff.isEmpty()) {
      sb.append('\n')
          .append(
              diff.replaceFirst("--- before: ", "--- plan: ")
                  .replaceFirst("\\+\\+\\+ after: ", "+++ live: "));
    }
    return sb.toString().stripTrailing();
  }
}
