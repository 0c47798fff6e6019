package io.pagetune.modules.builtin;

import io.pagetune.facts.Fact;
import io.pagetune.modules.PredictedFact;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code groupadd}/{@code groupmod}/{@code groupdel} and {@code useradd}/{@code usermod}/
 * {@code userdel} leave behind, for the later tasks of a check run: the group or user as {@link
 * GroupEntry} and {@link UserAccount} would read it. A gid or uid the host chooses is not known
 * before the apply: it reads as {@link #CHOSEN_BY_HOST}.
 */
final class AccountPrediction {
  /** An id the host picks when the command runs. */
  static final long CHOSEN_BY_HOST = -1;

  private AccountPrediction() {}

  /** After this command, group {@code name} is {@code after} (empty = removed). */
  static PredictedFact group(String name, Optional<GroupEntry.Group> after) {
    return new GroupAfter(name, after);
  }

  /** After this command, user {@code name} is {@code after} (empty = removed). */
  static PredictedFact user(String name, Optional<UserAccount.User> after) {
    return new UserAfter(name, after);
  }

  private record GroupAfter(String name, Optional<GroupEntry.Group> after)
      implements PredictedFact {
    @Override
    public String subject() {
      return "group " + name;
    }

    @Override
    public <T> T after(Fact<T> fact, T before) {
      if (fact instanceof GroupEntry entry && entry.group().equals(name)) {
        return cast(after);
      }
      if (fact instanceof UserAccount account
          && account.groups().contains(name)
          && before instanceof UserAccount.Reading reading) {
        Map<String, GroupEntry.Group> groups = new LinkedHashMap<>(reading.groups());
        after.ifPresentOrElse(g -> groups.put(name, g), () -> groups.remove(name));
        return cast(new UserAccount.Reading(reading.user(), groups));
      }
      return before;
    }
  }

  private record UserAfter(String name, Optional<UserAccount.User> after) implements PredictedFact {
    @Override
    public String subject() {
      return "user " + name;
    }

    @Override
    public <T> T after(Fact<T> fact, T before) {
      if (fact instanceof UserAccount account
          && account.user().equals(name)
          && before instanceof UserAccount.Reading reading) {
        return cast(new UserAccount.Reading(after, reading.groups()));
      }
      return before;
    }
  }

  /** The fact was matched by its class above, so the value is of its type. */
  @SuppressWarnings("unchecked")
  private static <T> T cast(Object value) {
    return (T) value;
  }
}
