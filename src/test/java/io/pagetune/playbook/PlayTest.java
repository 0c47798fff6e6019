package io.pagetune.playbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.pagetune.error.SourceLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlayTest {
  private static final SourceLocation AT = new SourceLocation("site.yml", 1, 3);

  private static MetaTask meta(String name, int line) {
    return new MetaTask(name, MetaTask.Action.NOOP, new SourceLocation("site.yml", line, 7));
  }

  /** A play whose every field differs from the builder's default, so a dropped field shows. */
  private static Play everyFieldSet() {
    Task handler =
        new Task(
            "restart",
            "service",
            Map.of("name", "db"),
            AT,
            AT,
            Keywords.NONE,
            Map.of(),
            null,
            null,
            null,
            List.of(),
            List.of("restarts"),
            List.of(),
            List.of(),
            30,
            null,
            null,
            null,
            null);
    Keywords keywords =
        new Keywords(
            List.of("ok"),
            List.of("t"),
            true,
            "root",
            Map.of("A", "1"),
            true,
            false,
            true,
            false,
            Map.of("k", "v"),
            true,
            new BecomeHow("su", "/bin/su", "-l"),
            true,
            2);
    return Play.builder("db", Path.of("books"), AT)
        .name("tune")
        .hostsLocation(new SourceLocation("site.yml", 1, 10))
        .vars(Map.of("pages", 512L))
        .varsFiles(List.of(Path.of("books/vars.yml")))
        .gatherFacts(false)
        .serial(new Serial(List.of("2")))
        .strategy(Play.Strategy.FREE)
        .maxFailPercentage(20)
        .anyErrorsFatal(true)
        .forceHandlers(true)
        .keywords(keywords)
        .preTasks(List.of(meta("pre", 5)))
        .tasks(List.of(meta("task", 7)))
        .postTasks(List.of(meta("post", 9)))
        .handlers(List.of(handler))
        .roleVars(new PublicRoleVars(Map.of("d", 1L), Map.of("v", 2L)))
        .gatherSubset(List.of("hardware"))
        .build();
  }

  @Test
  void toBuilderKeepsEveryField() {
    Play play = everyFieldSet();
    assertEquals(play, play.toBuilder().build());
  }

  @Test
  void withSectionsChangesOnlyTheTaskSections() {
    Play play = everyFieldSet();
    List<TaskNode> pre = List.of(meta("pre2", 11));
    List<TaskNode> tasks = List.of(meta("task2", 12));
    List<TaskNode> post = List.of();
    Play changed = play.withSections(pre, tasks, post);
    assertEquals(play.toBuilder().preTasks(pre).tasks(tasks).postTasks(post).build(), changed);
    assertEquals(List.of(meta("task2", 12)), changed.tasks());
    assertEquals(play.handlers(), changed.handlers());
  }

  @Test
  void withDefaultStrategyReplacesOnlyAnUnnamedStrategy() {
    Play named = everyFieldSet();
    assertSame(named, named.withDefaultStrategy(Play.Strategy.LINEAR));
    Play unnamed = named.toBuilder().strategy(Play.Strategy.DEFAULT).build();
    Play linear = unnamed.withDefaultStrategy(Play.Strategy.LINEAR);
    assertEquals(Play.Strategy.LINEAR, linear.strategy());
    assertEquals(named.toBuilder().strategy(Play.Strategy.LINEAR).build(), linear);
    assertSame(unnamed, unnamed.withDefaultStrategy(Play.Strategy.DEFAULT));
  }
}
