package io.pagetune.modules;

import java.util.List;

/** One declared module argument; {@code description} is what {@code pagetune doc} shows for it. */
public record Arg(
    String name,
    ArgType type,
    boolean required,
    Object defaultValue,
    List<String> choices,
    List<String> aliases,
    String description) {

  public Arg {
    choices = List.copyOf(choices);
    aliases = List.copyOf(aliases);
    description = description == null ? "" : description;
  }

  public static Arg required(String name, ArgType type) {
    return new Arg(name, type, true, null, List.of(), List.of(), "");
  }

  public static Arg optional(String name, ArgType type) {
    return new Arg(name, type, false, null, List.of(), List.of(), "");
  }

  public static Arg optional(String name, ArgType type, Object defaultValue) {
    return new Arg(name, type, false, defaultValue, List.of(), List.of(), "");
  }

  public Arg choices(String... values) {
    return new Arg(name, type, required, defaultValue, List.of(values), aliases, description);
  }

  public Arg aliases(String... names) {
    return new Arg(name, type, required, defaultValue, choices, List.of(names), description);
  }

  /** What the argument means, for {@code pagetune doc}. */
  public Arg describe(String text) {
    return new Arg(name, type, required, defaultValue, choices, aliases, text);
  }
}
