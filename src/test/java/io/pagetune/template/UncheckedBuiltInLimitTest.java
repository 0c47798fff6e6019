package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.error.SourceLocation;
import io.pagetune.testing.TickingClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The time limit holds whatever FreeMarker does, including built-ins and operators that never look
 * at an interrupt and do no arithmetic: walking a huge range with a lambda that returns text, the
 * size of a sequence doubled 40 times, a string doubled. The time limit is measured by a clock that
 * moves a second each time it is read, so it is reached after a known number of looks; the
 * preemptive bound only keeps a regression from hanging the build.
 */
class UncheckedBuiltInLimitTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 9, 3);
  private static final Duration HANG_GUARD = Duration.ofSeconds(20);
  private static final String HUGE = "(1..2000000000)";
  private static final String TIME_MESSAGE =
      "play.yml:9:3: task 'spin': template evaluation stopped after 30s"
          + " (time limit per evaluation)";

  /** 30 s by a clock that ticks a second a look: 30 looks, whatever the machine's speed. */
  private static TemplateEngine byTicks() {
    return byTicks(Duration.ofSeconds(1));
  }

  private static TemplateEngine byTicks(Duration tick) {
    return new TemplateEngine(
        List.of(),
        new TemplateLimits(1 << 20, Duration.ofSeconds(30)).withClock(new TickingClock(tick)));
  }

  private static TemplateLimitException refused(Runnable evaluation) {
    return assertTimeoutPreemptively(
        HANG_GUARD, () -> assertThrows(TemplateLimitException.class, evaluation::run));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        HUGE + "?map(i -> 'x')?seq_contains('y')",
        HUGE + "?filter(i -> true)?size",
        HUGE + "?filter(i -> i?is_string)?size",
        HUGE + "?map(i -> 'x')?join(',')?length",
        HUGE + "?map(i -> 'x')?sort?first",
        HUGE + "?reverse?map(i -> 'x')?seq_contains('y')",
        "(1..)?map(i -> 'x')?seq_contains('y')",
      })
  void aBuiltInOnAHugeRangeStopsAtTheTimeLimit(String expression) {
    TemplateEngine engine = byTicks();
    TemplateLimitException e =
        refused(() -> engine.evaluate(expression, Map.of(), AT, "task 'spin'"));
    assertEquals(TIME_MESSAGE, e.getMessage());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void theSizeOfASequenceDoubledFortyTimesStopsAtTheTimeLimit() {
    TemplateEngine engine = byTicks();
    String text = "<#assign s = [1]><#list 1..40 as i><#assign s = s + s></#list>${s?size}";
    TemplateLimitException e = refused(() -> engine.render(text, Map.of(), AT, "task 'spin'"));
    assertEquals(TIME_MESSAGE, e.getMessage());
    assertEquals("ok", engine.render("${'o' + 'k'}", Map.of(), AT, "t"), "the engine goes on");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "<#assign s = 'x'><#list 1..40 as i><#assign s = s + s></#list>${s?length}",
        "${" + HUGE + "?map(i -> 'x')?join('')?length}",
      })
  void textThatGrowsWithoutEndStopsAtTheTimeLimit(String text) {
    // the limit passes at the first look, before the text outgrows the test's heap
    TemplateEngine engine = byTicks(Duration.ofSeconds(30));
    TemplateLimitException e = refused(() -> engine.render(text, Map.of(), AT, "task 'spin'"));
    assertEquals(TIME_MESSAGE, e.getMessage());
  }

  @Test
  void aRunawayThatIgnoresItsInterruptIsStoppedNotLeftRunning() throws Exception {
    assumeTrue(Runtime.version().feature() < 20, "Java 20 and later cannot stop a thread");
    TemplateEngine engine = byTicks();
    refused(() -> engine.evaluate(HUGE + "?map(i -> 'x')?seq_contains('y')", Map.of(), AT, "spin"));
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          while (Thread.getAllStackTraces().entrySet().stream()
              .anyMatch(
                  t ->
                      t.getKey().getName().startsWith("pagetune-template-")
                          && java.util.Arrays.stream(t.getValue())
                              .anyMatch(f -> f.getClassName().startsWith("freemarker.")))) {
            Thread.sleep(10);
          }
        });
  }

  @Test
  void quickEvaluationsAreUnaffected() {
    TemplateEngine engine = byTicks();
    assertEquals(List.of("x", "x"), engine.evaluate("(1..2)?map(i -> 'x')", Map.of(), AT, "t"));
    assertEquals(
        "8",
        engine.render(
            "<#assign s = [1]><#list 1..3 as i><#assign s = s + s></#list>${s?size}",
            Map.of(),
            AT,
            "t"));
    assertEquals(3L, engine.evaluate("(1..3)?reverse?first", Map.of(), AT, "t"));
  }
}
