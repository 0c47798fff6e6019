package io.pagetune.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a plan file and refuses one that is not a plan, has a schema version this pagetune does not
 * know, or whose content no longer matches its digest (edited after it was saved); to apply it,
 * also one that does not carry the state store's signature (edited and digested again).
 */
public final class PlanReader {
  private static final long MAX_BYTES = 64L * 1024 * 1024;

  private PlanReader() {}

  /** The plan as saved, its signature not checked (to show it). */
  public static SavedPlan read(Path file) {
    return read(file, null);
  }

  /** The plan, refused unless {@code signer}'s key signed it (to apply it). */
  public static SavedPlan read(Path file, PlanSigner signer) {
    SourceLocation at = SourceLocation.of(file.toString());
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new InputException(at, "the plan is larger than 64 MB; not a pagetune plan");
      }
      return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), signer);
    } catch (NoSuchFileException e) {
      throw new InputException(at, "no such plan file");
    } catch (IOException e) {
      throw new InputException(at, "cannot read the plan: " + e.getClass().getSimpleName());
    }
  }

  static SavedPlan parse(String text, String label, PlanSigner signer) {
    SourceLocation at = SourceLocation.of(label);
    ObjectMapper json = PlanJson.mapper();
    JsonNode tree;
    try {
      tree = json.readTree(text);
    } catch (JsonProcessingException e) {
      throw new InputException(
          new SourceLocation(label, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), 0),
          "not a pagetune plan: invalid JSON");
    }
    if (tree == null || !tree.isObject() || !tree.has("schema_version")) {
      throw new InputException(at, "not a pagetune plan: no schema_version");
    }
    int version = tree.get("schema_version").asInt(-1);
    if (version != SavedPlan.SCHEMA_VERSION) {
      throw new InputException(
          at,
          "plan schema version "
              + tree.get("schema_version").asText()
              + " is not supported (this pagetune reads version "
              + SavedPlan.SCHEMA_VERSION
              + ")"
              + (version > 0 && version < SavedPlan.SCHEMA_VERSION ? ": make a new plan" : ""));
    }
    JsonNode stated = tree.get(PlanDigest.FIELD);
    String actual = PlanDigest.of(tree);
    if (stated == null || !stated.asText().equals(actual)) {
      throw new InputException(
          at,
          "the plan does not match its digest (it was changed after it was saved): stated "
              + (stated == null ? "none" : stated.asText())
              + ", content "
              + actual);
    }
    if (signer != null && !signer.signed(tree)) {
      throw new InputException(
          at,
          "the plan is not signed by this state store (it was changed after it was saved, or"
              + " saved with another state store): make a new plan");
    }
    try {
      return json.treeToValue(tree, SavedPlan.class);
    } catch (JsonProcessingException e) {
      throw new InputException(at, "not a pagetune plan: " + e.getOriginalMessage());
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new InputException(at, "not a pagetune plan: " + e.getMessage());
    }
  }
}
