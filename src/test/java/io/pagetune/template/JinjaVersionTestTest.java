package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code version} test with {@code strict=True} orders as Python's StrictVersion and refuses a
 * version that is not strict (expected values from ansible-core's {@code version_compare}).
 */
class JinjaVersionTestTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private boolean test(String expression) {
    return engine.test(expression, Map.of("kernel", "5.10"), JinjaExpressionsTest.AT, "t");
  }

  @Test
  void strictOrdersReleasesAfterTheirPreReleases() {
    assertTrue(test("'1.2.3a1' is version('1.2.3', 'lt', strict=True)"));
    assertTrue(test("'1.2b2' is version('1.2a9', '>', strict=True)"));
    assertTrue(test("'1.2' is version('1.2.0', '==', strict=True)"));
    assertTrue(test("'1.10' is version('1.9', 'gt', strict=True)"));
    assertTrue(test("kernel is version('5.4', '>=', strict=True)"));
    assertFalse(test("'2.0' is version('2.0b1', '<=', strict=True)"));
  }

  @Test
  void aVersionThatIsNotStrictIsAnError() {
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> test("'1.2.3.4' is version('1.0', 'gt', strict=True)"));
    assertTrue(
        e.getMessage().contains("Version comparison failed: invalid version number '1.2.3.4'"),
        e.getMessage());
    assertThrows(
        TemplateException.class, () -> test("'1.0' is version('1.2.3-rc1', 'lt', strict=True)"));
  }

  @Test
  void withoutStrictTheOrderingStaysLoose() {
    assertTrue(test("'1.2.3.4' is version('1.0', 'gt')"));
    assertTrue(test("'1.2.3.4' is version('1.0', 'gt', strict=False)"));
  }

  @Test
  void aVersionTypeIsRefusedNotGuessed() {
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () -> test("'1.2.3' is version('1.0', 'gt', version_type='semver')"));
    assertTrue(e.getMessage().contains("version_type is not supported"), e.getMessage());
  }
}
