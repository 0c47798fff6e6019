package io.pagetune.playbook;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Every playbook keyword, declared once, with the places it may appear. The loader's "unknown
 * keyword" checks and their suggestions come from this table.
 */
enum Keyword {
  NAME("name", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  HOSTS("hosts", Scope.PLAY),
  VARS("vars", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  VARS_FILES("vars_files", Scope.PLAY),
  GATHER_FACTS("gather_facts", Scope.PLAY),
  GATHER_SUBSET("gather_subset", Scope.PLAY),
  CONNECTION("connection", Scope.PLAY),
  REMOTE_USER("remote_user", Scope.PLAY),
  SERIAL("serial", Scope.PLAY),
  STRATEGY("strategy", Scope.PLAY),
  MAX_FAIL_PERCENTAGE("max_fail_percentage", Scope.PLAY),
  FORCE_HANDLERS("force_handlers", Scope.PLAY),
  PRE_TASKS("pre_tasks", Scope.PLAY),
  TASKS("tasks", Scope.PLAY),
  POST_TASKS("post_tasks", Scope.PLAY),
  HANDLERS("handlers", Scope.PLAY),
  ROLES("roles", Scope.PLAY),
  WHEN("when", Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  TAGS("tags", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  BECOME("become", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  BECOME_USER("become_user", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  /** sudo or su; any other method is refused when the playbook is read. */
  BECOME_METHOD("become_method", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  BECOME_EXE("become_exe", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  /** Checked when read: a flag that would put a secret into argv is refused. */
  BECOME_FLAGS("become_flags", Scope.PLAY, Scope.BLOCK, Scope.TASK, Scope.INCLUDE),
  ENVIRONMENT("environment", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  IGNORE_ERRORS("ignore_errors", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  /** An unreachable host is counted ok and ignored, and goes on with the next task. */
  IGNORE_UNREACHABLE("ignore_unreachable", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  /** At most that many hosts run the task at once; a play that sets it runs its hosts in step. */
  THROTTLE("throttle", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  CHECK_MODE("check_mode", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  DIFF("diff", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  NO_LOG("no_log", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  ANY_ERRORS_FATAL("any_errors_fatal", Scope.PLAY, Scope.BLOCK, Scope.TASK),
  BLOCK("block", Scope.BLOCK),
  RESCUE("rescue", Scope.BLOCK),
  ALWAYS("always", Scope.BLOCK),
  /**
   * On an {@code include_tasks} too (each item runs the file); an {@code import_tasks} refuses it.
   */
  LOOP("loop", Scope.TASK, Scope.INCLUDE),
  WITH_ITEMS("with_items", Scope.TASK, Scope.INCLUDE),
  WITH_LIST("with_list", Scope.TASK, Scope.INCLUDE),
  LOOP_CONTROL("loop_control", Scope.TASK, Scope.INCLUDE),
  REGISTER("register", Scope.TASK),
  NOTIFY("notify", Scope.TASK),
  LISTEN("listen", Scope.TASK),
  CHANGED_WHEN("changed_when", Scope.TASK),
  FAILED_WHEN("failed_when", Scope.TASK),
  ARGS("args", Scope.TASK),
  TIMEOUT("timeout", Scope.TASK),
  UNTIL("until", Scope.TASK),
  RETRIES("retries", Scope.TASK),
  DELAY("delay", Scope.TASK),
  WITH_DICT("with_dict", Scope.TASK),
  RUN_ONCE("run_once", Scope.TASK),
  DELEGATE_TO("delegate_to", Scope.TASK);

  /** Where a keyword may appear; an {@code import_tasks}/{@code include_tasks} entry is INCLUDE. */
  enum Scope {
    PLAY,
    BLOCK,
    TASK,
    INCLUDE
  }

  private final String word;
  private final Set<Scope> scopes;

  Keyword(String word, Scope first, Scope... more) {
    this.word = word;
    this.scopes = EnumSet.of(first, more);
  }

  String word() {
    return word;
  }

  /** The keywords allowed in {@code scope}, in table order. */
  static Set<String> allowedIn(Scope scope) {
    Set<String> out = new LinkedHashSet<>();
    for (Keyword k : values()) {
      if (k.scopes.contains(scope)) {
        out.add(k.word);
      }
    }
    return Collections.unmodifiableSet(out);
  }
}
