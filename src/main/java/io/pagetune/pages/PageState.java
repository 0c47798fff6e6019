package io.pagetune.pages;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The three states of one page-size target, the same shape for every target: what the playbook asks
 * for, what the platform will apply at its next boot, login or restart (computed with the
 * platform's own precedence rules), and what the running processes show.
 *
 * @param target names the target, e.g. {@code oracle/hugepages}, {@code sap/NWP/D00}, {@code
 *     web/https-shop}
 * @param desired the desired setting in the platform's words, e.g. {@code vm.nr_hugepages=6146}
 * @param persisted true when what the platform will apply next is the desired setting
 * @param persistedValue what the platform will apply next, in its words ("" when nothing sets it)
 * @param effective true when the running processes (or the live kernel) show the desired setting
 * @param effectiveValue what the running processes show, in the platform's words
 * @param pendingRestart a restart (or reboot) is needed before persisted becomes effective
 * @param reasons why a state is not reached, or what was left as it is, in words
 */
public record PageState(
    String target,
    String desired,
    boolean persisted,
    String persistedValue,
    boolean effective,
    String effectiveValue,
    boolean pendingRestart,
    List<String> reasons) {

  public PageState {
    Objects.requireNonNull(target, "target");
    desired = Objects.requireNonNullElse(desired, "");
    persistedValue = Objects.requireNonNullElse(persistedValue, "");
    effectiveValue = Objects.requireNonNullElse(effectiveValue, "");
    reasons = List.copyOf(reasons);
  }

  /** The registered / JSON shape: plain maps, lists, strings and booleans. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", target);
    m.put("desired", desired);
    m.put("persisted", persisted);
    m.put("persisted_value", persistedValue);
    m.put("effective", effective);
    m.put("effective_value", effectiveValue);
    m.put("pending_restart", pendingRestart);
    m.put("reasons", reasons);
    return m;
  }
}
