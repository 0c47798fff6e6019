package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code stat}: what a path is, returned under {@code stat} with Ansible's key names ({@code
 * exists}, {@code isdir}, {@code mode}, {@code checksum}, …). Read-only: its plan never has steps.
 * The checksum is computed on the control node from the file's bytes, so a file over {@code
 * pagetune_max_file_bytes} fails the task unless {@code get_checksum: false}.
 */
public final class StatModule implements Module {
  private static final Map<String, String> DIGESTS =
      Map.of(
          "md5", "MD5",
          "sha1", "SHA-1",
          "sha224", "SHA-224",
          "sha256", "SHA-256",
          "sha384", "SHA-384",
          "sha512", "SHA-512");

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("path", ArgType.STRING)
                  .aliases("dest", "name")
                  .describe("The path to look at."),
              Arg.optional("follow", ArgType.BOOL, false)
                  .describe("Follow a symbolic link to what it points at."),
              Arg.optional("get_checksum", ArgType.BOOL, true)
                  .describe("Compute the file's checksum (on the control node, from its bytes)."),
              Arg.optional("checksum_algorithm", ArgType.STRING, "sha1")
                  .choices("md5", "sha1", "sha224", "sha256", "sha384", "sha512")
                  .aliases("checksum", "checksum_algo")
                  .describe("Which checksum."),
              // accepted so that roles written for Ansible load; pagetune returns neither (README)
              Arg.optional("get_mime", ArgType.BOOL, true)
                  .aliases("mime", "mime_type", "mime-type")
                  .describe("Accepted for Ansible's roles; pagetune returns no MIME type."),
              Arg.optional("get_attributes", ArgType.BOOL, true)
                  .aliases("attr", "attributes")
                  .describe("Accepted for Ansible's roles; pagetune returns no attributes."))
          .documented(
              "Reports what a path is (exists, isdir, mode, owner, checksum, ...) under 'stat'; read-only.",
              "- name: is the hugetlbfs mount there?\n  stat:\n    path: /mnt/huge\n  register: huge\n");

  @Override
  public String name() {
    return "stat";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String path = args.string("path");
    Optional<FileMeta> meta = host.stat(path);
    String shown = path;
    if (meta.isPresent() && meta.get().type() == FileMeta.Type.SYMLINK && args.bool("follow")) {
      Optional<String> target = host.fact(new LinkTarget(path, call.environment()));
      if (target.isEmpty()) {
        return Plan.upToDate(path + " is a dangling symlink", Map.of("stat", absent()));
      }
      shown = target.get();
      meta = host.stat(shown);
    }
    if (meta.isEmpty()) {
      return Plan.upToDate(path + " does not exist", Map.of("stat", absent()));
    }
    FileMeta m = meta.get();
    Map<String, Object> stat = new LinkedHashMap<>();
    stat.put("exists", true);
    stat.put("path", path);
    stat.put("mode", m.modeOctal());
    stat.put("isdir", m.type() == FileMeta.Type.DIRECTORY);
    stat.put("isreg", m.type() == FileMeta.Type.FILE);
    stat.put("islnk", m.type() == FileMeta.Type.SYMLINK);
    stat.put("size", m.size());
    stat.put("pw_name", m.owner());
    stat.put("gr_name", m.group());
    stat.put("rusr", (m.mode() & 0400) != 0);
    stat.put("wusr", (m.mode() & 0200) != 0);
    stat.put("xusr", (m.mode() & 0100) != 0);
    stat.put("rgrp", (m.mode() & 040) != 0);
    stat.put("wgrp", (m.mode() & 020) != 0);
    stat.put("xgrp", (m.mode() & 010) != 0);
    stat.put("roth", (m.mode() & 04) != 0);
    stat.put("woth", (m.mode() & 02) != 0);
    stat.put("xoth", (m.mode() & 01) != 0);
    if (!shown.equals(path)) {
      stat.put("lnk_source", shown);
    }
    if (m.type() == FileMeta.Type.FILE && args.bool("get_checksum")) {
      host.fileSizeLimit().check(m);
      Optional<byte[]> content = host.read(shown);
      if (content.isEmpty()) {
        return Plan.failed("stat: cannot read " + shown + " to checksum it");
      }
      stat.put("checksum", digest(args.string("checksum_algorithm"), content.get()));
    }
    return Plan.upToDate(path + " exists (" + describe(m) + ")", Map.of("stat", stat));
  }

  private static Map<String, Object> absent() {
    return Map.of("exists", false);
  }

  private static String describe(FileMeta m) {
    String type =
        switch (m.type()) {
          case FILE -> "file";
          case DIRECTORY -> "directory";
          case SYMLINK -> "symlink";
          case OTHER -> "special file";
        };
    return type + ", mode " + m.modeOctal() + ", " + m.owner() + ":" + m.group();
  }

  static String digest(String algorithm, byte[] content) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance(DIGESTS.get(algorithm)).digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no " + algorithm, e);
    }
  }
}
