package io.pagetune.playbook;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The keywords a task inherits from its enclosing blocks and play. {@code null} = not set here.
 * {@code when} conditions are ANDed outer-first; tags are unioned; environment and vars merge with
 * the inner value winning.
 *
 * @param ignoreUnreachable {@code ignore_unreachable}: an unreachable host is counted ok and
 *     ignored on this task, and goes on with the next one
 * @param throttle {@code throttle}: at most this many hosts run the task at once (0: no limit)
 */
public record Keywords(
    List<String> when,
    List<String> tags,
    Boolean become,
    String becomeUser,
    Map<String, Object> environment,
    Boolean ignoreErrors,
    Boolean checkMode,
    Boolean diff,
    Boolean noLog,
    Map<String, Object> vars,
    Boolean anyErrorsFatal,
    BecomeHow becomeHow,
    Boolean ignoreUnreachable,
    Integer throttle) {

  public static final Keywords NONE =
      new Keywords(
          List.of(),
          List.of(),
          null,
          null,
          Map.of(),
          null,
          null,
          null,
          null,
          Map.of(),
          null,
          BecomeHow.NONE,
          null,
          null);

  public Keywords {
    when = List.copyOf(when);
    tags = List.copyOf(tags);
    environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    vars = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(vars));
    becomeHow = becomeHow == null ? BecomeHow.NONE : becomeHow;
  }

  /** This (inner) block's or task's keywords on top of its parent's. */
  public Keywords inheriting(Keywords parent) {
    List<String> w = new ArrayList<>(parent.when);
    w.addAll(when);
    LinkedHashSet<String> t = new LinkedHashSet<>(parent.tags);
    t.addAll(tags);
    Map<String, Object> env = new LinkedHashMap<>(parent.environment);
    env.putAll(environment);
    Map<String, Object> v = new LinkedHashMap<>(parent.vars);
    v.putAll(vars);
    return new Keywords(
        w,
        new ArrayList<>(t),
        become != null ? become : parent.become,
        becomeUser != null ? becomeUser : parent.becomeUser,
        env,
        ignoreErrors != null ? ignoreErrors : parent.ignoreErrors,
        checkMode != null ? checkMode : parent.checkMode,
        diff != null ? diff : parent.diff,
        noLog != null ? noLog : parent.noLog,
        v,
        anyErrorsFatal != null ? anyErrorsFatal : parent.anyErrorsFatal,
        becomeHow.inheriting(parent.becomeHow),
        ignoreUnreachable != null ? ignoreUnreachable : parent.ignoreUnreachable,
        throttle != null ? throttle : parent.throttle);
  }

  /** The same keywords without vars (block vars are kept in their own layer). */
  public Keywords withoutVars() {
    return withoutVars(when);
  }

  /**
   * The same keywords without vars and without {@code when}: for the tasks of a dynamic include,
   * whose gate evaluated the conditions once per host.
   */
  public Keywords withoutConditions() {
    return withoutVars(List.of());
  }

  private Keywords withoutVars(List<String> conditions) {
    return new Keywords(
        conditions,
        tags,
        become,
        becomeUser,
        environment,
        ignoreErrors,
        checkMode,
        diff,
        noLog,
        Map.of(),
        anyErrorsFatal,
        becomeHow,
        ignoreUnreachable,
        throttle);
  }
}
