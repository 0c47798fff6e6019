package io.pagetune.inventory;

import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.OptionalInt;

/**
 * A host entry as written in an inventory: a name or range, optionally followed by {@code :port}
 * (which becomes {@code ansible_port}). Bare IPv6 addresses keep their colons.
 */
record HostSpec(List<String> names, OptionalInt port) {
  HostSpec {
    names = List.copyOf(names);
  }

  static HostSpec parse(String text, SourceLocation where) {
    String name = text;
    OptionalInt port = OptionalInt.empty();
    int colon = lastColonOutsideBrackets(text);
    if (colon > 0 && colon < text.length() - 1) {
      String before = text.substring(0, colon);
      String after = text.substring(colon + 1);
      if (after.matches("[0-9]{1,5}") && lastColonOutsideBrackets(before) < 0) {
        name = before;
        port = OptionalInt.of(Integer.parseInt(after));
      }
    }
    return new HostSpec(HostRange.expand(name, where), port);
  }

  private static int lastColonOutsideBrackets(String s) {
    int depth = 0;
    int found = -1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (c == ':' && depth == 0) {
        found = i;
      }
    }
    return found;
  }
}
