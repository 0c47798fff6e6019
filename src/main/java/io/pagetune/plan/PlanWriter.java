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

/**
 * Writes a plan file signed and with its digest, atomically (a plan is never seen half-written) and
 * readable by its owner only (it holds file contents the board reviews).
 */
public final class PlanWriter {
  private final ObjectMapper json = PlanJson.mapper();

  /** The plan signed with {@code signer} and with its digest set, as written. */
  public SavedPlan write(SavedPlan plan, Path file, PlanSigner signer) {
    ObjectNode tree = json.valueToTree(plan.withDigest(null));
    tree.remove(PlanSigner.FIELD);
    tree.put(PlanSigner.FIELD, signer.sign(tree));
    String text = toJson(tree);
    SavedPlan written = PlanReader.parse(text, file.toString(), signer);
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    try {
      Files.createDirectories(dir);
      // a temp file is created 0600 where the file system has POSIX modes, and the rename keeps
      // that mode: the plan file is its owner's only, whatever the file it replaces allowed
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

  /** The plan document as it was signed, digest included. */
  public String toJson(SavedPlan plan) {
    return toJson(json.valueToTree(plan.withDigest(null)));
  }

  private String toJson(ObjectNode tree) {
    tree.remove(PlanDigest.FIELD);
    tree.put(PlanDigest.FIELD, PlanDigest.of(tree));
    try {
      return json.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }
}
