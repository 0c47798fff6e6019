package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pagetune.error.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The time limit holds inside FreeMarker's built-ins too, which never look at the interrupt flag
 * themselves: each expression here runs for minutes without the limit. The preemptive bound only
 * keeps a regression from hanging the build; what is asserted is the limit's own exception.
 */
class BuiltInTimeLimitTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 9, 3);
  private static final Duration LIMIT = Duration.ofMillis(300);
  private static final Duration HANG_GUARD = Duration.ofSeconds(30);
  private static final String HUGE = "(1..2000000000)";

  private final TemplateEngine engine =
      new TemplateEngine(List.of(), new TemplateLimits(1 << 20, LIMIT));

  @ParameterizedTest
  @ValueSource(
      strings = {
        HUGE + "?filter(i -> i % 7 == 100)?size",
        HUGE + "?map(i -> i * 2)?seq_contains(-1)",
        HUGE + "?take_while(i -> i > 0)?size",
        HUGE + "?drop_while(i -> i > 0)?size",
        HUGE + "?seq_contains(-1)",
        HUGE + "?seq_index_of(-1)",
        HUGE + "?min",
        HUGE + "?max",
        "(1..100000)?map(i -> (1..100000)?sort?last)?seq_contains(0)",
        "(1..100000)?map(i -> (1..100000)?filter(j -> j == i)?size)?seq_contains(0)",
        "(1..1000000)?map(i -> (1..100000)?join(','))?seq_contains('x')",
        HUGE + "?join(',')?length",
      })
  void aBuiltInOnAHugeSequenceStopsAtTheLimit(String expression) {
    TemplateLimitException e =
        assertTimeoutPreemptively(
            HANG_GUARD,
            () ->
                assertThrows(
                    TemplateLimitException.class,
                    () -> engine.evaluate(expression, Map.of(), AT, "task 'spin'")));
    assertEquals(
        "play.yml:9:3: task 'spin': template evaluation stopped after 300ms"
            + " (time limit per evaluation)",
        e.getMessage());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void aSequenceConcatenatedInALoopStopsAtTheLimit() {
    String text =
        // 16 quick loop turns (FreeMarker checks the interrupt there) build 65536 elements
        "<#assign s = [0]><#list 1..16 as n><#assign s = s + s></#list>"
            + "${(1..100000)?filter(i -> s?seq_contains(-i))?size}";
    TemplateLimitException e =
        assertTimeoutPreemptively(
            HANG_GUARD,
            () ->
                assertThrows(
                    TemplateLimitException.class,
                    () -> engine.render(text, Map.of(), AT, "task 'spin'")));
    assertEquals(
        "play.yml:9:3: task 'spin': template evaluation stopped after 300ms"
            + " (time limit per evaluation)",
        e.getMessage());
  }

  @Test
  void aTemplateFileNamesTheLineOfTheBuiltInThatRanOver(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("spin.ftl"), "ok\n  ${(1..2000000000)?seq_contains(-1)?c}\n");
    TemplateEngine files = new TemplateEngine(List.of(dir), new TemplateLimits(1 << 20, LIMIT));
    TemplateLimitException e =
        assertTimeoutPreemptively(
            HANG_GUARD,
            () ->
                assertThrows(
                    TemplateLimitException.class,
                    () -> files.renderFile("spin.ftl", Map.of(), AT, "task 'spin'")));
    assertEquals(
        "templates/spin.ftl:2:3: task 'spin': template evaluation stopped after 300ms"
            + " (time limit per evaluation)",
        e.getMessage());
  }

  @Test
  void builtInsWithinTheLimitStillWork() {
    assertEquals(
        List.of(2L, 4L), engine.evaluate("(1..4)?filter(i -> i % 2 == 0)", Map.of(), AT, "t"));
    assertEquals(3L, engine.evaluate("[3, 1, 2]?sort?last", Map.of(), AT, "t"));
    assertEquals("1,2,3", engine.evaluate("(1..3)?join(',')", Map.of(), AT, "t"));
  }
}
