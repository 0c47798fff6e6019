package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** User templates are bounded: too much output or too much time fails the evaluation, fast. */
class TemplateLimitsTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 9, 3);
  private final TemplateEngine engine =
      new TemplateEngine(List.of(), new TemplateLimits(1 << 20, Duration.ofMillis(1500)));

  private static long millis(Runnable r) {
    long start = System.nanoTime();
    r.run();
    return (System.nanoTime() - start) / 1_000_000;
  }

  @Test
  void outputPastTheSizeLimitFailsWithALocatedMessage() {
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () ->
                engine.render(
                    "<#list 1..100000000 as i>xxxxxxxx</#list>", Map.of(), AT, "task 'big'"));
    assertTrue(
        e.getMessage()
            .startsWith("play.yml:9:3: task 'big': template output is larger than 1048576"),
        e.getMessage());
  }

  @Test
  void aBuiltInThatBuildsAHugeStringIsRefusedToo() {
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () -> engine.interpolate("${'x'?left_pad(3000000)}", Map.of(), AT, "t"));
    assertTrue(e.getMessage().contains("larger than"), e.getMessage());
  }

  @Test
  void aLoopWithoutOutputIsStoppedAtTheTimeLimitAndTheThreadStaysClean() {
    long took =
        millis(
            () -> {
              TemplateException e =
                  assertThrows(
                      TemplateException.class,
                      () ->
                          engine.render(
                              "<#list 1..100000000000 as i></#list>done",
                              Map.of(),
                              AT,
                              "task 'spin'"));
              assertTrue(
                  e.getMessage().contains("task 'spin': template evaluation stopped after"),
                  e.getMessage());
            });
    assertTrue(took < 6000, "took " + took + " ms");
    assertFalse(Thread.currentThread().isInterrupted(), "the watchdog's interrupt leaked");
    assertEquals("ok", engine.render("${'o' + 'k'}", Map.of(), AT, "t"), "engine still works");
  }

  @Test
  void aVariableThatSpinsIsStoppedWhenItIsRenderedLazily() {
    Map<String, Object> vars =
        Map.of("spin", "<#list 1..100000000000 as i></#list>", "also", "${spin}x");
    TemplateException e =
        assertThrows(TemplateException.class, () -> engine.evaluate("also", vars, AT, "when"));
    assertTrue(e.getMessage().contains("stopped after"), e.getMessage());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void aTemplateFileIsBoundedAsWell(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("spin.ftl"), "<#list 1..100000000000 as i></#list>\n");
    Files.writeString(dir.resolve("big.ftl"), "<#list 1..100000000 as i>yyyyyyyy</#list>\n");
    TemplateEngine files =
        new TemplateEngine(List.of(dir), new TemplateLimits(1 << 20, Duration.ofMillis(1500)));
    for (int i = 0; i < 2; i++) { // the second time the template comes from FreeMarker's cache
      TemplateException spin =
          assertThrows(
              TemplateException.class, () -> files.renderFile("spin.ftl", Map.of(), AT, "t"));
      assertTrue(spin.getMessage().contains("stopped after"), spin.getMessage());
    }
    TemplateException big =
        assertThrows(TemplateException.class, () -> files.renderFile("big.ftl", Map.of(), AT, "t"));
    assertTrue(big.getMessage().contains("larger than"), big.getMessage());
  }

  @Test
  void runawayRecursionAndMemoryEndTheEvaluationNotTheProcess() {
    TemplateException deep =
        assertThrows(
            TemplateException.class,
            () -> engine.render("<#macro m><@m/></#macro><@m/>", Map.of(), AT, "t"));
    assertTrue(deep.getMessage().contains("stopped"), deep.getMessage());
    // an array no JVM can allocate: refused at once, without filling the heap first
    TemplateEngine roomy =
        new TemplateEngine(List.of(), new TemplateLimits(Long.MAX_VALUE, Duration.ofSeconds(5)));
    TemplateException memory =
        assertThrows(
            TemplateException.class,
            () -> roomy.interpolate("${'x'?left_pad(2147483647)}", Map.of(), AT, "t"));
    assertTrue(memory.getMessage().contains("memory"), memory.getMessage());
  }

  @Test
  void aRegexThatBacktracksOnHostTextStopsAtTheTimeLimit() {
    Map<String, Object> vars = Map.of("out", new HostText("a".repeat(30) + "!"));
    long took =
        millis(
            () -> {
              TemplateException e =
                  assertThrows(
                      TemplateException.class,
                      () -> engine.evaluate("regex_search(out, '(.*a){14}$')??", vars, AT, "t"));
              assertTrue(e.getMessage().contains("stopped after"), e.getMessage());
            });
    assertTrue(took < 6000, "took " + took + " ms");
    assertFalse(Thread.currentThread().isInterrupted());
    assertEquals("aa", engine.evaluate("regex_replace('ab', 'b', 'a')", vars, AT, "t"));
  }

  @Test
  void anIncludedTemplateIsStoppedToo(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("outer.ftl"), "before <#include \"spin.ftl\"> after\n");
    Files.writeString(dir.resolve("spin.ftl"), "<#list 1..100000000000 as i></#list>");
    TemplateEngine files =
        new TemplateEngine(List.of(dir), new TemplateLimits(1 << 20, Duration.ofMillis(1500)));
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> files.renderFile("outer.ftl", Map.of(), AT, "t"));
    assertTrue(e.getMessage().contains("stopped after"), e.getMessage());
  }

  @Test
  void ordinaryTemplatesAreUnaffected() {
    assertEquals("1,2,3", engine.render("<#list 1..3 as i>${i}<#sep>,</#list>", Map.of(), AT, "t"));
  }
}
