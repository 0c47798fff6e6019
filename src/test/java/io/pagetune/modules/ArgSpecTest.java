package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ArgSpecTest {
  private static final SourceLocation AT = new SourceLocation("site.yml", 12, 7);

  @Test
  void unknownArgumentNamesTheClosestAndTheLocation() {
    ArgSpec spec =
        ArgSpec.of(Arg.required("path", ArgType.STRING), Arg.optional("mode", ArgType.MODE));
    InputException e =
        assertThrows(
            InputException.class, () -> spec.validate("file", Map.of("paht", "/x"), AT, true));
    assertEquals(
        "site.yml:12:7: file: unknown argument 'paht'; did you mean 'path'? (accepted: path, mode)",
        e.getMessage());
  }

  @Test
  void templatedValuesAreTypeCheckedOnlyAfterInterpolation() {
    ArgSpec spec = ArgSpec.of(Arg.optional("mode", ArgType.MODE));
    spec.validate("file", Map.of("mode", "${m}"), AT, false);
    assertThrows(
        InputException.class, () -> spec.validate("file", Map.of("mode", "${m}"), AT, true));
  }

  /** Jinja2 too: {@code limit_type: "{{ item.type }}"} is checked when the run has its value. */
  @Test
  void jinjaValuesAreTypeCheckedOnlyAfterInterpolation() {
    ArgSpec spec = ArgSpec.of(Arg.optional("mode", ArgType.MODE));
    spec.validate("file", Map.of("mode", "{{ m | default(omit) }}"), AT, false);
    spec.validate("file", Map.of("mode", "{% if a %}0644{% endif %}"), AT, false);
    assertThrows(
        InputException.class, () -> spec.validate("file", Map.of("mode", "{{ m }}"), AT, true));
  }

  @Test
  void openKeysAcceptAnyNameButStillCheckDeclaredOnes() {
    ArgSpec spec = ArgSpec.of(Arg.optional("cacheable", ArgType.BOOL)).withOpenKeys();
    Args args = spec.validate("set_fact", Map.of("anything", 1, "cacheable", "yes"), AT, true);
    assertEquals(1, args.raw("anything"));
    assertThrows(
        InputException.class,
        () -> spec.validate("set_fact", Map.of("cacheable", "perhaps"), AT, true));
    assertTrue(spec.openKeys());
    assertTrue(spec.withFreeForm("x").openKeys(), "free form keeps open keys");
  }

  @Test
  void closedByDefault() {
    ArgSpec spec = new ArgSpec(java.util.List.of(), Optional.empty());
    assertEquals(false, spec.openKeys());
    assertThrows(InputException.class, () -> spec.validate("m", Map.of("x", 1), AT, true));
  }

  @Test
  void defaultsFillMissingOptionalArguments() {
    ArgSpec spec = ArgSpec.of(Arg.optional("force", ArgType.BOOL, true));
    assertEquals(true, spec.validate("copy", Map.of(), AT, true).raw("force"));
  }
}
