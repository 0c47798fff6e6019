package io.pagetune.targets.oracle;

import io.pagetune.connection.ShellQuote;
import io.pagetune.targets.DefaultProbe;
import java.util.Map;
import java.util.Optional;

/**
 * Oracle's built-in benefit probe: a SQL*Plus {@code / as sysdba} login and logout, run as the
 * instance owner ({@code oracle_user}, default {@code oracle}) with the instance's ORACLE_SID and,
 * when the host sets {@code oracle_home}, its ORACLE_HOME and {@code bin} first on the PATH.
 * Logging in attaches a server process to the SGA, so the login time shows what large pages change
 * in attaching it. An ORA-/SP2- message (a refused login, say) fails the run, so a broken probe is
 * never timed as a fast one.
 */
final class SqlplusLoginProbe {
  private SqlplusLoginProbe() {}

  static DefaultProbe of(String sid, Map<String, Object> hostVars) {
    String user = String.valueOf(hostVars.getOrDefault("oracle_user", "oracle"));
    Optional<String> home =
        Optional.ofNullable(hostVars.get("oracle_home"))
            .map(String::valueOf)
            .filter(h -> !h.isBlank());
    String login =
        "o=$(echo exit | sqlplus -S -L '/ as sysdba' 2>&1); s=$?\n"
            + "case \"$o\" in *ORA-*|*SP2-*) echo \"$o\" >&2; exit 1 ;; esac\n"
            + "exit $s";
    StringBuilder env = new StringBuilder("env ORACLE_SID=").append(ShellQuote.quote(sid));
    home.ifPresent(
        h ->
            env.append(" ORACLE_HOME=")
                .append(ShellQuote.quote(h))
                .append(" PATH=")
                .append(ShellQuote.quote(h + "/bin"))
                .append(":\"$PATH\""));
    String command =
        "u="
            + ShellQuote.quote(user)
            + "\nset -- "
            + env
            + " sh -c "
            + ShellQuote.quote(login)
            + "\n"
            // as the owner already, as root through runuser, else through sudo
            + "if [ \"$(id -un)\" = \"$u\" ]; then \"$@\"\n"
            + "elif [ \"$(id -u)\" = 0 ]; then runuser -u \"$u\" -- \"$@\"\n"
            + "else sudo -n -u \"$u\" -- \"$@\"; fi\n";
    return new DefaultProbe(command, Optional.empty());
  }
}
