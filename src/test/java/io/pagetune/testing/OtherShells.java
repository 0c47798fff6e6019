package io.pagetune.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The shells a host's {@code /bin/sh} can be besides dash: ksh93 (AIX's ksh is a Korn shell), mksh
 * and posh (pdksh's line, strict), yash (strict POSIX), busybox ash (small appliances) and bash.
 * Solaris 10's Bourne shell has no Debian package; the scripts' Bourne-only syntax is checked
 * textually for it ({@code BourneScriptsTest}).
 */
public final class OtherShells {
  /** Every shell CI installs ({@code .ci/interop-setup}), by its Debian path. */
  public static final List<OtherShell> ALL =
      List.of(
          new OtherShell("ksh93", Path.of("/usr/bin/ksh93")),
          new OtherShell("mksh", Path.of("/usr/bin/mksh")),
          new OtherShell("posh", Path.of("/usr/bin/posh")),
          new OtherShell("yash", Path.of("/usr/bin/yash")),
          new OtherShell("busybox", Path.of("/bin/busybox")),
          new OtherShell("bash", Path.of("/bin/bash")));

  private static final class Probe {
    static final boolean CAN_REPLACE_BIN_SH = SshServerExtension.canReplaceBinSh();
  }

  private OtherShells() {}

  /** One shell: its name and the binary mounted over {@code /bin/sh}. */
  public record OtherShell(String name, Path path) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** The shells installed here, when this machine can show a command another {@code /bin/sh}. */
  public static Stream<OtherShell> installed() {
    if (!canReplaceBinSh()) {
      return Stream.empty();
    }
    List<OtherShell> found = new ArrayList<>();
    for (OtherShell s : ALL) {
      if (Files.isExecutable(s.path())) {
        found.add(s);
      }
    }
    return found.stream();
  }

  /**
   * dash and every other shell installed here, each as the argv that runs a script given after
   * {@code -c} on this machine (no {@code /bin/sh} replaced; busybox needs its applet's name).
   */
  public static Stream<List<String>> scriptRunners() {
    List<List<String>> found = new ArrayList<>();
    Path dash = Path.of("/bin/dash");
    if (Files.isExecutable(dash)) {
      found.add(List.of(dash.toString()));
    }
    for (OtherShell s : ALL) {
      if (Files.isExecutable(s.path())) {
        String path = s.path().toString();
        found.add(s.name().equals("busybox") ? List.of(path, "sh") : List.of(path));
      }
    }
    return found.stream();
  }

  public static boolean canReplaceBinSh() {
    return Probe.CAN_REPLACE_BIN_SH;
  }
}
