package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import io.pagetune.facts.Fact;

/**
 * Who owns what a task creates, and the mode a new directory gets: the user the task runs as (the
 * become user, if any), that user's group and umask. Check mode needs it to predict the attributes
 * of files and directories an earlier task would create.
 *
 * @param becomeUser part of the fact's name: the answer differs per user
 */
public record NewFileOwner(String becomeUser) implements Fact<NewFileOwner.Defaults> {

  /** The owner, group and umask of new files; empty names when the host did not say. */
  public record Defaults(String user, String group, int umask) {
    /** The mode {@code mkdir} gives a new directory. */
    public int directoryMode() {
      return 0777 & ~umask;
    }
  }

  @Override
  public String name() {
    return "pagetune_new_file_owner" + (becomeUser == null ? "" : ":" + becomeUser);
  }

  @Override
  public String script() {
    return "id -un; id -gn; umask";
  }

  @Override
  public Defaults parse(CommandResult result) {
    String[] lines = result.stdout().strip().split("\n");
    String user = lines.length > 0 ? lines[0].strip() : "";
    String group = lines.length > 1 ? lines[1].strip() : "";
    int umask = 022;
    if (lines.length > 2 && lines[2].strip().matches("0?[0-7]{1,4}")) {
      umask = Integer.parseInt(lines[2].strip(), 8);
    }
    return new Defaults(user, group, umask);
  }
}
