package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code version} test: loose as Python's LooseVersion, {@code strict=True} as StrictVersion,
 * {@code version_type='semver'} as Semantic Versioning 2.0.0; a version its type cannot read is an
 * error (expected values from ansible-core 2.14.18's {@code version_compare}, run on this machine).
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

  private void fails(String expression, String reason) {
    TemplateException e = assertThrows(TemplateException.class, () -> test(expression));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  /** Semantic Versioning 2.0.0, items 9 to 11 (semver.org): pre-releases and build metadata. */
  @Test
  void semverOrdersPreReleasesBySemanticVersioningRules() {
    assertTrue(test("'2.0.0-rc1' is version('2.0.0', '<', version_type='semver')"));
    // numeric identifiers compare as numbers, below alphanumeric ones; a longer set wins a tie
    assertTrue(test("'1.0.0-rc.2' is version('1.0.0-rc.10', '<', version_type='semantic')"));
    assertTrue(test("'1.0.0-alpha' is version('1.0.0-1', '>', version_type='semver')"));
    assertTrue(test("'1.0.0-alpha' is version('1.0.0-alpha.1', '<', version_type='semver')"));
    assertTrue(test("'1.0.0-beta.11' is version('1.0.0-rc.1', '<', version_type='semver')"));
    assertTrue(test("'1.0.0+build.5' is version('1.0.0+other', '==', version_type='semver')"));
    assertTrue(test("'10.0.0' is version('9.99.99', '>', version_type='semver')"));
  }

  @Test
  void semverRefusesWhatIsNotASemanticVersion() {
    fails(
        "'1.2.3' is version('1.2', 'gt', version_type='semver')",
        "Version comparison failed: invalid semantic version '1.2'");
    fails(
        "'01.0.0' is version('1.0.0', 'eq', version_type='semver')",
        "invalid semantic version '01.0.0'");
    fails("'1.0.0-' is version('1.0.0', 'eq', version_type='semver')", "invalid semantic version");
  }

  @Test
  void versionTypesNameTheirComparison() {
    assertTrue(test("'1.2' is version('1.10', '<', version_type='strict')"));
    assertTrue(test("kernel is version('5.4', '>=', version_type='loose')"));
    fails("'1.2a' is version('1.10', '<', version_type='strict')", "invalid version number '1.2a'");
    fails(
        "'1.2' is version('1.10', '<', version_type='bogus')",
        "Invalid version type (bogus). Must be one of 'loose', 'strict', 'semver', 'semantic',"
            + " 'pep440'");
    fails(
        "'1.2' is version('1.10', '<', strict=true, version_type='loose')",
        "Cannot specify both 'strict' and 'version_type'");
    fails("'1.2' is version('1.10', '<', version_type='pep440')", "pep440");
  }

  /** Python 3's LooseVersion: list order, and no order between a number and text. */
  @Test
  void looseVersionComparesAsPythonListsDo() {
    assertTrue(test("'1.1a' is version('1.1', '>')"));
    assertTrue(test("'2.6.32-754.el6' is version('2.6.32-754.el6.x86_64', '<')"));
    assertTrue(test("'1.0-RC1' is version('1.0-RC2', '<')"));
    // upper case and '-' are pieces of their own: RC is not rc, 1-2 is not 1.2
    assertTrue(test("'1.0-RC1' is version('1.0-rc1', '!=')"));
    fails(
        "'1-2' is version('1.2', '==')", "'<' not supported between instances of 'str' and 'int'");
    fails("'1.a' is version('1.1', '>')", "'<' not supported between instances of 'str' and 'int'");
    fails("'abc' is version('1', 'lt')", "not supported between instances");
    fails("0 is version('1', '<')", "Input version value cannot be empty");
  }
}
