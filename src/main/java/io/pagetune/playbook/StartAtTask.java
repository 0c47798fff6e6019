package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code --start-at-task NAME}: the playbook from the first task whose name matches (exactly, or as
 * a shell glob with {@code *} and {@code ?}), in run order. Plays before it are dropped; in its
 * play the earlier pre_tasks, tasks and block members are dropped; handlers stay so that
 * notifications still work. A name that matches no task is an error before any host is contacted.
 */
public final class StartAtTask {
  private static final SourceLocation WHERE = SourceLocation.of("--start-at-task");

  private final Pattern pattern;
  private boolean found;

  private StartAtTask(String name) {
    this.pattern = glob(name);
  }

  /** The playbook starting at the named task. */
  public static Playbook apply(Playbook book, String name) {
    StartAtTask start = new StartAtTask(name);
    List<Play> plays = new ArrayList<>();
    for (Play play : book.plays()) {
      if (start.found) {
        plays.add(play);
        continue;
      }
      List<TaskNode> pre = start.trim(play.preTasks());
      List<TaskNode> tasks = start.trim(play.tasks());
      List<TaskNode> post = start.trim(play.postTasks());
      if (start.found) {
        plays.add(play.withSections(pre, tasks, post));
      }
    }
    if (!start.found) {
      throw new InputException(WHERE, "no task of " + book.file() + " is named '" + name + "'");
    }
    return new Playbook(book.file(), plays);
  }

  /** The nodes from the match on (all of them once it was found earlier); none before it. */
  private List<TaskNode> trim(List<TaskNode> nodes) {
    List<TaskNode> kept = new ArrayList<>();
    for (TaskNode node : nodes) {
      if (found) {
        kept.add(node);
      } else if (node instanceof Task t) {
        if (t.name() != null && pattern.matcher(t.name()).matches()) {
          found = true;
          kept.add(t);
        }
      } else if (node instanceof Block b) {
        List<TaskNode> body = trim(b.block());
        if (found) {
          kept.add(new Block(b.name(), body, b.rescue(), b.always(), b.location()));
        }
      }
    }
    return kept;
  }

  private static Pattern glob(String name) {
    StringBuilder re = new StringBuilder();
    for (char c : name.toCharArray()) {
      switch (c) {
        case '*' -> re.append(".*");
        case '?' -> re.append('.');
        default -> re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
