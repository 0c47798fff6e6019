package io.pagetune.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The files two tools left under their own copy of a host's root, byte for byte and mode. */
final class TreeComparison {
  private TreeComparison() {}

  private record Entry(String type, String mode, byte[] content, String link) {
    boolean same(Entry o) {
      return type.equals(o.type)
          && mode.equals(o.mode)
          && Arrays.equals(content, o.content)
          && link.equals(o.link);
    }

    String describe() {
      return type + " " + mode + (content.length > 0 ? " " + content.length + " bytes" : "");
    }
  }

  /** One line per path that differs, prefixed by {@code label}. */
  static List<String> differences(String label, Path ansible, Path pagetune) {
    Map<String, Entry> a = entries(ansible);
    Map<String, Entry> p = entries(pagetune);
    List<String> out = new ArrayList<>();
    TreeMap<String, Boolean> all = new TreeMap<>();
    a.keySet().forEach(k -> all.put(k, true));
    p.keySet().forEach(k -> all.put(k, true));
    for (String path : all.keySet()) {
      Entry ea = a.get(path);
      Entry ep = p.get(path);
      if (ea == null || ep == null) {
        out.add(label + ": " + path + " only written by " + (ea == null ? "pagetune" : "ansible"));
      } else if (!ea.same(ep)) {
        out.add(
            label
                + ": "
                + path
                + " differs: ansible "
                + ea.describe()
                + " "
                + preview(ea.content)
                + ", pagetune "
                + ep.describe()
                + " "
                + preview(ep.content));
      }
    }
    return out;
  }

  private static String preview(byte[] content) {
    String s = new String(content, StandardCharsets.UTF_8);
    s = s.length() > 300 ? s.substring(0, 300) + "…" : s;
    return "'" + s.replace("\n", "\\n") + "'";
  }

  /**
   * The content with this tool's copy of the host root written as {@code <root>}: each tool has its
   * own root, so a line that names a path under it ({@code fstab}) differs by that alone.
   */
  private static byte[] rootless(byte[] content, Path root) {
    String bytes = new String(content, StandardCharsets.ISO_8859_1);
    return bytes.replace(root.toString(), "<root>").getBytes(StandardCharsets.ISO_8859_1);
  }

  private static Map<String, Entry> entries(Path root) {
    Map<String, Entry> out = new TreeMap<>();
    if (!Files.exists(root)) {
      return out;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.filter(x -> !x.equals(root)).toList()) {
        PosixFileAttributes attrs =
            Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        String type = attrs.isSymbolicLink() ? "l" : attrs.isDirectory() ? "d" : "f";
        out.put(
            root.relativize(path).toString(),
            new Entry(
                type,
                attrs.isSymbolicLink() ? "" : PosixFilePermissions.toString(attrs.permissions()),
                attrs.isRegularFile() ? rootless(Files.readAllBytes(path), root) : new byte[0],
                attrs.isSymbolicLink()
                    ? Files.readSymbolicLink(path).toString().replace(root.toString(), "<root>")
                    : ""));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
