package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user and group names of the numeric ids SFTP v3 gives, looked up on the host once per id, the
 * owner and group of a stat together: by the SFTP server where it offers OpenSSH's request for it
 * ({@link SftpIdNames}: no process on the host), else by one script with one {@code getent} each
 * (the entry split by the shell, not by a pipe into {@code cut}), {@code /etc/passwd} or {@code
 * /etc/group} read by {@code awk} only where there is no getent. An id the host does not know stays
 * numeric.
 */
final class IdNames {
  /** One id in a database ({@code passwd} or {@code group}). */
  record Id(String database, int id) {
    boolean isUser() {
      return database.equals("passwd");
    }
  }

  private final FileScripts scripts;
  private final SftpChannel sftp;
  private final Map<Id, String> names = new ConcurrentHashMap<>();

  IdNames(FileScripts scripts, SftpChannel sftp) {
    this.scripts = scripts;
    this.sftp = sftp;
  }

  /** A file's owner and group by name. */
  record OwnerAndGroup(String owner, String group) {}

  /** The owner's and group's names of a file with these ids. */
  OwnerAndGroup ownerAndGroup(int uid, int gid) {
    Id owner = new Id("passwd", uid);
    Id group = new Id("group", gid);
    List<Id> missing = new ArrayList<>();
    for (Id id : List.of(owner, group)) {
      if (!names.containsKey(id)) {
        missing.add(id);
      }
    }
    if (!missing.isEmpty()) {
      List<String> found =
          sftp.with(s -> SftpIdNames.lookup(s, missing).orElse(null), "id lookup")
              .orElseGet(() -> viaShell(missing));
      for (int i = 0; i < missing.size(); i++) {
        String name = i < found.size() ? found.get(i) : "";
        Id id = missing.get(i);
        names.put(id, name.isEmpty() ? Integer.toUnsignedString(id.id()) : name);
      }
    }
    return new OwnerAndGroup(names.get(owner), names.get(group));
  }

  private List<String> viaShell(List<Id> missing) {
    ExecChannel.Raw r = scripts.run(script(missing), new byte[0], Become.NONE, "id lookup");
    List<String> found = new ArrayList<>();
    for (String line : FileScripts.text(r.stdout()).split("\n", -1)) {
      String l = line.strip();
      found.add(l.startsWith("=") ? l.substring(1) : "");
    }
    return found;
  }

  /**
   * Prints one line per id: {@code =} and its name, the name empty if unknown. {@code echo}, not
   * {@code printf}, since mksh and posh have no printf of their own, and a leading {@code =} so
   * that no name is read as an option of echo. Backquotes, not {@code $(...)}, so that Solaris 10's
   * Bourne shell runs it.
   */
  static String script(List<Id> ids) {
    StringBuilder s = new StringBuilder("pt_i=$IFS");
    for (Id id : ids) {
      String db = id.database();
      String n = Integer.toUnsignedString(id.id());
      s.append("; n=`getent ").append(db).append(' ').append(n).append(" 2>/dev/null`");
      s.append("; [ -n \"$n\" ] || n=`awk -F: '$3 == ").append(n);
      s.append(" { print; exit }' /etc/").append(db).append(" 2>/dev/null`");
      s.append("; IFS=:; set -f; set -- $n; set +f; IFS=$pt_i; echo \"=$1\"");
    }
    return s.toString();
  }
}
