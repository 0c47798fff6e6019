package io.pagetune.cli;

import io.pagetune.state.Journal;
import io.pagetune.state.JournalChange;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code restore_file} item that undoes a journaled change without content (a tree, a link, a
 * directory, a mode, owner or group), from the run's first change of that kind to the path.
 */
final class PathRollbackItem {
  private PathRollbackItem() {}

  static Map<String, Object> of(Journal journal, JournalChange original, JournalChange left) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("path", original.path());
    item.put("expect_sha256", "");
    item.put("changed_by", "run " + original.runId());
    item.put("force", false);
    switch (original.kind()) {
      case TREE -> tree(journal, original, item);
      case LINK -> {
        item.put("kind", "link");
        original
            .beforeValue()
            .ifPresentOrElse(t -> item.put("link_target", t), () -> item.put("absent", true));
      }
      case DIRECTORY -> {
        item.put("kind", "directory");
        item.put("absent", true);
      }
      case MODE -> attributes(item).put("original_mode", original.beforeValue().orElse(""));
      case OWNER -> {
        String[] who = original.beforeValue().orElse(":").split(":", 2);
        attributes(item).put("owner", who[0]);
        item.put("group", who.length > 1 ? who[1] : "");
      }
      case GROUP -> attributes(item).put("group", original.beforeValue().orElse(""));
      case CONTENT -> throw new IllegalArgumentException("a content change is restored by item()");
    }
    return item;
  }

  private static void tree(Journal journal, JournalChange original, Map<String, Object> item) {
    item.put("kind", "tree");
    if (original.beforeSha256().isPresent()) {
      String sha = original.beforeSha256().get();
      if (journal.backups().find(sha).isPresent()) {
        item.put("tree_sha256", sha);
      } else {
        item.put("unrecoverable", "the archive of the removed tree is not in the state store");
      }
    } else if (original.beforeValue().isPresent()) {
      item.put(
          "unrecoverable",
          "run " + original.runId() + " removed it " + original.beforeValue().get());
    } else {
      item.put("absent", true); // the run restored the tree (a rollback): remove it again
    }
  }

  private static Map<String, Object> attributes(Map<String, Object> item) {
    item.put("kind", "attributes");
    return item;
  }
}
