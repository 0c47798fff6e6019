package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import java.util.Optional;

/**
 * The {@code creates}/{@code removes}/{@code chdir}/{@code stdin} arguments that {@code command}
 * and {@code shell} share: whether the command must run at all, and how its input is fed.
 */
final class RunConditions {
  static final Arg CREATES =
      Arg.optional("creates", ArgType.STRING)
          .describe("A path; when it exists, the command is not run (relative to chdir).");
  static final Arg REMOVES =
      Arg.optional("removes", ArgType.STRING)
          .describe("A path; when it does not exist, the command is not run (relative to chdir).");
  static final Arg CHDIR =
      Arg.optional("chdir", ArgType.STRING).describe("Directory to run the command in.");
  static final Arg STDIN =
      Arg.optional("stdin", ArgType.STRING).describe("Text fed to the command's standard input.");
  static final Arg STDIN_ADD_NEWLINE =
      Arg.optional("stdin_add_newline", ArgType.BOOL, true)
          .describe("Whether a newline is added after stdin.");

  private RunConditions() {}

  /**
   * Why a command need not run: {@code path}, as the task wrote it, exists ({@code creates}) or
   * does not ({@code removes}).
   */
  record Skip(String path, boolean exists) {
    /** The reason as ansible.builtin.command writes it into stdout: "/x exists". */
    String reason() {
      return path + (exists ? " exists" : " does not exist");
    }

    /** ansible.builtin.command's {@code msg}, which quotes the path: "… since '/x' exists". */
    String message() {
      return "Did not run command since '" + path + "'" + (exists ? " exists" : " does not exist");
    }
  }

  /** Why the command need not run, or empty when it must. Relative paths count from chdir. */
  static Optional<Skip> skipReason(Args args, HostState host) {
    Optional<String> chdir = args.optString("chdir");
    Optional<String> creates = args.optString("creates");
    if (creates.isPresent() && host.stat(resolve(creates.get(), chdir)).isPresent()) {
      return Optional.of(new Skip(creates.get(), true));
    }
    Optional<String> removes = args.optString("removes");
    if (removes.isPresent() && host.stat(resolve(removes.get(), chdir)).isEmpty()) {
      return Optional.of(new Skip(removes.get(), false));
    }
    return Optional.empty();
  }

  /** The stdin to feed, with the final newline Ansible adds unless told not to. */
  static String stdin(Args args) {
    Optional<String> stdin = args.optString("stdin");
    if (stdin.isEmpty()) {
      return null;
    }
    return args.bool("stdin_add_newline") ? stdin.get() + "\n" : stdin.get();
  }

  private static String resolve(String path, Optional<String> chdir) {
    if (path.startsWith("/") || chdir.isEmpty()) {
      return path;
    }
    String dir = chdir.get();
    return dir.endsWith("/") ? dir + path : dir + "/" + path;
  }
}
