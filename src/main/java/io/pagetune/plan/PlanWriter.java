package io.pagetune.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pagetune.error.EnvironmentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a plan file with its digest, atomically (a plan is never seen half-written). */
public final class PlanWriter {
  private final ObjectMapper json = PlanJson.mapper();

  /** The plan with its digest set, as written. */
  public SavedPlan write(SavedPlan plan, Path file) {
    String text = toJson(plan);
    SavedPlan written = PlanReader.parse(text, file.toString());
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    try {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
      try {
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
          Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new EnvironmentException(
          "cannot write the plan to " + file + ": " + e.getClass().getSimpleName(), e);
    }
    return written;
  }

  /** The plan document, digest included. */
  public String toJson(SavedPlan plan) {
    ObjectNode tree = json.valueToTree(plan.withDigest(null));
    tree.put(PlanDigest.FIELD, PlanDigest.of(tree));
    try {
      return json.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }
}
