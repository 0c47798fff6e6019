package io.pagetune.executor.play;

import java.util.List;
import java.util.Set;

/**
 * Ansible's tag rules: {@code always} runs unless skipped by name, {@code never} runs only when
 * asked for by name, {@code --tags tagged/untagged/all} select by presence.
 */
public final class TagFilter {
  private TagFilter() {}

  public static boolean selects(List<String> taskTags, Set<String> only, Set<String> skip) {
    for (String t : taskTags) {
      if (skip.contains(t)) {
        return false;
      }
    }
    if (skip.contains("tagged") && !taskTags.isEmpty()) {
      return false;
    }
    if (skip.contains("untagged") && taskTags.isEmpty()) {
      return false;
    }
    if (taskTags.contains("never")) {
      for (String t : taskTags) {
        if (!t.equals("never") && only.contains(t)) {
          return true;
        }
      }
      return only.contains("never");
    }
    if (only.isEmpty() || only.contains("all")) {
      return true;
    }
    if (taskTags.contains("always")) {
      return true;
    }
    if (only.contains("tagged") && !taskTags.isEmpty()) {
      return true;
    }
    if (only.contains("untagged") && taskTags.isEmpty()) {
      return true;
    }
    for (String t : taskTags) {
      if (only.contains(t)) {
        return true;
      }
    }
    return false;
  }
}
