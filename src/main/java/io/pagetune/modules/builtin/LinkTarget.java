package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.Map;
import java.util.Optional;

/**
 * Where a symlink finally leads on the host ({@code readlink -f}, or a {@code cd}/{@code pwd -P}
 * walk where readlink has no {@code -f}, as on AIX and Solaris 10); empty when it leads nowhere.
 */
final class LinkTarget implements Fact<Optional<String>> {
  private final String path;
  private final Map<String, String> environment;

  LinkTarget(String path, Map<String, String> environment) {
    this.path = path;
    this.environment = Map.copyOf(environment);
  }

  @Override
  public String name() {
    return "link_target:" + path + (environment.isEmpty() ? "" : "@" + environment.hashCode());
  }

  @Override
  public String script() {
    String body =
        "p="
            + ShellQuote.quote(path)
            + "\n"
            + "t=$(readlink -f -- \"$p\" 2>/dev/null) && [ -e \"$t\" ] && { printf '%s\\n' \"$t\";"
            + " exit 0; }\n"
            + "[ -e \"$p\" ] || exit 1\n"
            + "d=$(cd -P -- \"$(dirname -- \"$p\")\" && pwd -P) || exit 1\n"
            + "l=$(ls -ld -- \"$p\" | sed 's/.* -> //')\n"
            + "case $l in /*) printf '%s\\n' \"$l\" ;; *) printf '%s/%s\\n' \"$d\" \"$l\" ;; esac\n";
    return ShellQuote.render(RemoteCommand.script(body).withEnv(environment));
  }

  @Override
  public Optional<String> parse(CommandResult result) {
    String out = result.stdout().strip();
    return result.ok() && out.startsWith("/") ? Optional.of(out) : Optional.empty();
  }
}
