package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The connection packages depend one way, read from the main sources (imports and fully qualified
 * names, comments left out): the generic contract knows no transport, and the SSH transport's
 * layers (hostkeys, config, session) never reach up to the connection and factory that use them.
 */
class ConnectionLayersTest {
  private static final Path ROOT = Path.of("src/main/java/io/pagetune/connection");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.pagetune\\.connection((?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]");
  private static final String SSH = "io.pagetune.connection.ssh";

  @Test
  void theGenericContractKnowsNoTransport() throws IOException {
    assertOnly("io.pagetune.connection", List.of("io.pagetune.connection"));
  }

  @Test
  void hostKeysUseNoOtherSshPackage() throws IOException {
    assertOnly(SSH + ".hostkeys", List.of("io.pagetune.connection", SSH + ".hostkeys"));
  }

  @Test
  void configUsesOnlyHostKeys() throws IOException {
    assertOnly(
        SSH + ".config", List.of("io.pagetune.connection", SSH + ".config", SSH + ".hostkeys"));
  }

  @Test
  void sessionsUseNoOtherSshPackage() throws IOException {
    assertOnly(SSH + ".session", List.of("io.pagetune.connection", SSH + ".session"));
  }

  /** Every source of {@code pkg} refers only to the connection packages in {@code allowed}. */
  private static void assertOnly(String pkg, List<String> allowed) throws IOException {
    Map<Path, TreeSet<String>> sources = sourcesOf(pkg);
    assertFalse(sources.isEmpty(), "no sources in " + pkg);
    List<String> violations = new ArrayList<>();
    sources.forEach(
        (file, refs) ->
            refs.stream()
                .filter(r -> !allowed.contains(r))
                .forEach(r -> violations.add(file + " -> " + r)));
    assertEquals(List.of(), violations);
  }

  private static Map<Path, TreeSet<String>> sourcesOf(String pkg) throws IOException {
    String below = pkg.substring("io.pagetune.connection".length()).replace('.', '/');
    Path dir = below.isEmpty() ? ROOT : ROOT.resolve(below.substring(1));
    Map<Path, TreeSet<String>> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String code =
            Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
        TreeSet<String> refs = new TreeSet<>();
        for (String line : code.lines().filter(l -> !l.startsWith("package ")).toList()) {
          Matcher m = REFERENCE.matcher(line);
          while (m.find()) {
            refs.add("io.pagetune.connection" + m.group(1));
          }
        }
        out.put(f, refs);
      }
    }
    return out;
  }
}
