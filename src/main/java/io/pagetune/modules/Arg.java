package io.pagetune.modules;

import java.util.List;

/** One declared module argument. */
public record Arg(
    String name,
    ArgType type,
    boolean required,
    Object defaultValue,
    List<String> choices,
    List<String> aliases) {

  public Arg {
    choices = List.copyOf(choices);
    aliases = List.copyOf(aliases);
  }

  public static Arg required(String name, ArgType type) {
    return new Arg(name, type, true, null, List.of(), List.of());
  }

  public static Arg optional(String name, ArgType type) {
    return new Arg(name, type, false, null, List.of(), List.of());
  }

  public static Arg optional(String name, ArgType type, Object defaultValue) {
    return new Arg(name, type, false, defaultValue, List.of(), List.of());
  }

  public Arg choices(String... values) {
    return new Arg(name, type, required, defaultValue, List.of(values), aliases);
  }

  public Arg aliases(String... names) {
    return new Arg(name, type, required, defaultValue, choices, List.of(names));
  }
}
