package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An executable inventory, run as Ansible's script inventory runs it: {@code SCRIPT --list} prints
 * a JSON object of groups; its {@code _meta.hostvars} holds every host's variables, and without
 * {@code _meta} the script is asked {@code SCRIPT --host NAME} once per host. The output is host
 * data: it is parsed as JSON, never read as YAML or a template.
 */
public final class InventoryScript {
  /** Ansible sets no limit; a script that hangs must not hold a run before it starts forever. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final Duration timeout;

  public InventoryScript(Duration timeout) {
    this.timeout = timeout;
  }

  /** A regular file the user may run: Ansible tries such a file as a script first. */
  public static boolean isScript(Path file) {
    return Files.isRegularFile(file) && Files.isExecutable(file);
  }

  /**
   * Runs the script and returns what it answered.
   *
   * @param label the script as messages name it
   */
  public InventoryDocument load(Path script, String label) {
    String path = script.toAbsolutePath().toString();
    Map<String, Object> list =
        object(ScriptRun.output(List.of(path, "--list"), label, timeout), label, "--list");
    Map<String, Object> groups = new LinkedHashMap<>(list);
    Object meta = groups.remove("_meta");
    Map<String, Map<String, Object>> hostVars = new LinkedHashMap<>();
    InventoryDocument partial = new InventoryDocument(label, groups, Map.of());
    if (meta instanceof Map<?, ?> m && m.get("hostvars") != null) {
      if (!(m.get("hostvars") instanceof Map<?, ?> all)) {
        throw new InputException(
            SourceLocation.of(label), "_meta.hostvars must map host names to their variables");
      }
      for (String host : partial.hostNames()) {
        hostVars.put(host, vars(all.get(host), label, host));
      }
    } else {
      for (String host : partial.hostNames()) {
        String call = "--host " + host;
        ScriptRun.Output out = ScriptRun.output(List.of(path, "--host", host), label, timeout);
        hostVars.put(host, vars(object(out, label, call), label, host));
      }
    }
    return new InventoryDocument(label, groups, hostVars);
  }

  private static Map<String, Object> vars(Object value, String label, String host) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw new InputException(
          SourceLocation.of(label), "the variables of host '" + host + "' must be a JSON object");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  /** The output as a JSON object; anything else is an error naming the script and the call. */
  static Map<String, Object> object(ScriptRun.Output output, String label, String call) {
    SourceLocation at = SourceLocation.of(label);
    String text = utf8(output.stdout(), at, call);
    if (text.isBlank()) {
      throw new InputException(
          at, "the inventory script printed nothing on " + call + output.stderrSuffix());
    }
    Object value;
    try {
      value = JSON.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      throw new InputException(
          at,
          "the inventory script's output on "
              + call
              + " is not JSON: "
              + e.getOriginalMessage()
              + " (line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ")"
              + output.stderrSuffix());
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw new InputException(
          at,
          "the inventory script's output on "
              + call
              + " must be a JSON object"
              + output.stderrSuffix());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  private static String utf8(byte[] bytes, SourceLocation at, String call) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InputException(at, "the inventory script's output on " + call + " is not UTF-8");
    }
  }
}
