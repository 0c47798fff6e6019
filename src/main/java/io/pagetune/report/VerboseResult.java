package io.pagetune.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A result the module asked to show in full ({@code _ansible_verbose_always}, set by {@code debug:
 * var:}), printed the way ansible-playbook prints it: {@code ok: [h] => {}} with the value as JSON
 * indented by four spaces.
 */
final class VerboseResult {
  static final String MARKER = "_ansible_verbose_always";

  private static final ObjectMapper JSON =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
  private static final DefaultPrettyPrinter PRETTY =
      new DefaultPrettyPrinter(
              Separators.createDefaultInstance()
                  .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
          .withObjectIndenter(new DefaultIndenter("    ", "\n"))
          .withArrayIndenter(new DefaultIndenter("    ", "\n"));

  private VerboseResult() {}

  static boolean wanted(Map<String, Object> result) {
    return Boolean.TRUE.equals(result.get(MARKER));
  }

  /** The result without pagetune's and Ansible's bookkeeping keys, as pretty JSON. */
  static String render(Map<String, Object> result) {
    Map<String, Object> shown = new LinkedHashMap<>();
    result.forEach(
        (k, v) -> {
          if (!k.startsWith("_ansible_")
              && !k.equals("changed")
              && !k.equals("failed")
              && !k.equals("skipped")) {
            shown.put(k, v);
          }
        });
    try {
      return JSON.writer(PRETTY).writeValueAsString(shown);
    } catch (JsonProcessingException e) {
      return String.valueOf(shown);
    }
  }
}
