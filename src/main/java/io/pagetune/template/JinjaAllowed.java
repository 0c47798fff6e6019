package io.pagetune.template;

import java.util.Set;

/**
 * The Jinja2 constructs shown to behave as in ansible-core by the differential corpus
 * (src/test/resources/ansiblecompat, AnsibleCompatInteropTest), one named set per kind. A construct
 * not listed is refused at load ({@link JinjaConstructs}); widen a set only with the corpus entries
 * that prove the construct equal. Left out although the corpus shows them equal: {@code d} (the
 * alias of {@code default}, which shows differences), {@code random} and {@code shuffle} (their
 * results are random, so equal results prove nothing).
 */
final class JinjaAllowed {
  private JinjaAllowed() {}

  static final Set<String> FILTERS =
      Set.of(
          "abs",
          "b64decode",
          "b64encode",
          "basename",
          "capitalize",
          "center",
          "combine",
          "dict2items",
          "difference",
          "dirname",
          "first",
          "flatten",
          "from_json",
          "from_yaml",
          "indent",
          "intersect",
          "items2dict",
          "json_query",
          "last",
          "length",
          "list",
          "map",
          "normpath",
          "regex_escape",
          "regex_findall",
          "regex_replace",
          "reject",
          "replace",
          "reverse",
          "select",
          "selectattr",
          "slice",
          "sort",
          "split",
          "string",
          "symmetric_difference",
          "ternary",
          "title",
          "to_json",
          "to_nice_json",
          "to_nice_yaml",
          "to_yaml",
          "trim",
          "union",
          "unique",
          "wordcount");

  static final Set<String> TESTS =
      Set.of(
          "boolean",
          "change",
          "changed",
          "divisibleby",
          "eq",
          "equalto",
          "even",
          "failed",
          "failure",
          "float",
          "ge",
          "greaterthan",
          "gt",
          "integer",
          "iterable",
          "le",
          "lower",
          "lt",
          "mapping",
          "match",
          "ne",
          "none",
          "number",
          "odd",
          "search",
          "skip",
          "skipped",
          "string",
          "succeeded",
          "success",
          "undefined",
          "upper",
          "version",
          "version_compare");

  static final Set<String> METHODS =
      Set.of(
          "capitalize",
          "endswith",
          "find",
          "format",
          "isdigit",
          "join",
          "keys",
          "lower",
          "lstrip",
          "replace",
          "rstrip",
          "split",
          "splitlines",
          "startswith",
          "strip",
          "upper",
          "values");

  static final Set<String> FUNCTIONS = Set.of("range");

  static final Set<String> LOOKUPS = Set.of();

  static final Set<String> OPERATORS =
      Set.of("-", "//", ">", "in", "is not", "not", "not in", "or");

  static final Set<String> STATEMENTS = Set.of("for", "if", "raw");

  static final Set<String> LOOP_ATTRIBUTES = Set.of();

  static final Set<String> MAGIC_VARIABLES =
      Set.of(
          "ansible_check_mode",
          "ansible_play_batch",
          "ansible_play_hosts",
          "ansible_version",
          "group_names",
          "groups",
          "hostvars",
          "inventory_hostname",
          "inventory_hostname_short",
          "omit",
          "play_hosts",
          "playbook_dir");

  static final Set<String> ARGUMENTS =
      Set.of(
          "combine(list_merge=)",
          "flatten(levels=)",
          "items2dict(key_name=)",
          "items2dict(value_name=)");

  static final Set<String> FORMS =
      Set.of(
          "comment",
          "dict literal",
          "float literal",
          "inline if",
          "list literal",
          "slice",
          "whitespace control");

  static boolean allows(JinjaConstructs.Construct c) {
    Set<String> set =
        switch (c.kind()) {
          case FILTER -> FILTERS;
          case TEST -> TESTS;
          case METHOD -> METHODS;
          case FUNCTION -> FUNCTIONS;
          case LOOKUP -> LOOKUPS;
          case OPERATOR -> OPERATORS;
          case STATEMENT -> STATEMENTS;
          case LOOP -> LOOP_ATTRIBUTES;
          case VARIABLE -> MAGIC_VARIABLES;
          case ARGUMENT -> ARGUMENTS;
          case FORM -> FORMS;
        };
    return set.contains(c.name());
  }
}
