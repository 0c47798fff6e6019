package io.pagetune.template;

import java.util.Set;

/**
 * The Jinja2 constructs shown to behave as in ansible-core by the differential corpus
 * (src/test/resources/ansiblecompat, AnsibleCompatInteropTest), one named set per kind. A construct
 * not listed is refused at load ({@link JinjaConstructs}); widen a set only with the corpus entries
 * that prove the construct equal. {@code random} and {@code shuffle} are shown by what their random
 * results must hold (an item of the list, the same items), and without a seed only: a seed asks for
 * the picks of Python's own generator. {@code json_query} is not listed: pagetune has no JMESPath,
 * and its corpus entry agreed only on control nodes without Python's jmespath, where ansible-core
 * fails too.
 */
final class JinjaAllowed {
  private JinjaAllowed() {}

  static final Set<String> FILTERS =
      Set.of(
          "abs",
          "b64decode",
          "b64encode",
          "basename",
          "batch",
          "bool",
          "capitalize",
          "center",
          "checksum",
          "combine",
          "d",
          "default",
          "dict2items",
          "dictsort",
          "difference",
          "dirname",
          "filesizeformat",
          "first",
          "flatten",
          "float",
          "format",
          "from_json",
          "from_yaml",
          "hash",
          "human_readable",
          "human_to_bytes",
          "indent",
          "int",
          "intersect",
          "items2dict",
          "join",
          "last",
          "length",
          "list",
          "log",
          "lower",
          "map",
          "max",
          "min",
          "normpath",
          "pow",
          "product",
          "quote",
          "random",
          "regex_escape",
          "regex_findall",
          "regex_replace",
          "regex_search",
          "reject",
          "rejectattr",
          "replace",
          "reverse",
          "root",
          "round",
          "select",
          "selectattr",
          "shuffle",
          "slice",
          "sort",
          "split",
          "splitext",
          "string",
          "sum",
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
          "upper",
          "wordcount",
          "zip");

  static final Set<String> TESTS =
      Set.of(
          "==",
          ">",
          "abs",
          "boolean",
          "callable",
          "change",
          "changed",
          "contains",
          "defined",
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
          "in",
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
          "regex",
          "sameas",
          "search",
          "sequence",
          "skip",
          "skipped",
          "string",
          "subset",
          "succeeded",
          "success",
          "superset",
          "undefined",
          "upper",
          "version",
          "version_compare");

  static final Set<String> METHODS =
      Set.of(
          "capitalize",
          "casefold",
          "center",
          "count",
          "cycle",
          "endswith",
          "find",
          "format",
          "get",
          "index",
          "isalnum",
          "isalpha",
          "isdigit",
          "isspace",
          "isupper",
          "items",
          "join",
          "keys",
          "ljust",
          "lower",
          "lstrip",
          "partition",
          "replace",
          "rfind",
          "rjust",
          "rpartition",
          "rsplit",
          "rstrip",
          "split",
          "splitlines",
          "startswith",
          "strip",
          "swapcase",
          "title",
          "upper",
          "values",
          "zfill");

  static final Set<String> FUNCTIONS = Set.of("dict", "lookup", "namespace", "q", "query", "range");

  static final Set<String> LOOKUPS =
      Set.of("dict", "env", "indexed_items", "items", "list", "sequence", "vars");

  static final Set<String> OPERATORS =
      Set.of(
          "!=", "%", "*", "**", "+", "-", "/", "//", "<", "==", ">", ">=", "and", "in", "is not",
          "not", "not in", "or", "unary -", "~");

  static final Set<String> STATEMENTS = Set.of("elif", "for", "if", "macro", "raw", "set");

  static final Set<String> LOOP_ATTRIBUTES =
      Set.of("first", "index", "index0", "last", "length", "revindex", "revindex0");

  static final Set<String> MAGIC_VARIABLES =
      Set.of(
          "ansible_check_mode",
          "ansible_diff_mode",
          "ansible_loop_var",
          "ansible_managed",
          "ansible_play_batch",
          "ansible_play_hosts",
          "ansible_verbosity",
          "ansible_version",
          "group_names",
          "groups",
          "hostvars",
          "inventory_hostname",
          "inventory_hostname_short",
          "omit",
          "pagetune_version",
          "play_hosts",
          "playbook_dir",
          "vars");

  static final Set<String> ARGUMENTS =
      Set.of(
          "batch(fill_with=)",
          "combine(list_merge=)",
          "dict(a=)",
          "dict(b=)",
          "dictsort(by=)",
          "dictsort(reverse=)",
          "flatten(levels=)",
          "human_readable(isbits=)",
          "human_readable(unit=)",
          "human_to_bytes(isbits=)",
          "int(base=)",
          "items2dict(key_name=)",
          "items2dict(value_name=)",
          "map(attribute=)",
          "match(ignorecase=)",
          "max(attribute=)",
          "min(attribute=)",
          "min(case_sensitive=)",
          "namespace(c=)",
          "random(start=)",
          "random(step=)",
          "regex_findall(multiline=)",
          "regex_replace(ignorecase=)",
          "sort(attribute=)",
          "sort(reverse=)",
          "sum(attribute=)",
          "sum(start=)",
          "unique(attribute=)",
          "version(strict=)",
          "version(version_type='loose')",
          "version(version_type='semantic')",
          "version(version_type='semver')",
          "version(version_type='strict')",
          "version_compare(version_type='loose')",
          "version_compare(version_type='semantic')",
          "version_compare(version_type='semver')",
          "version_compare(version_type='strict')");

  static final Set<String> FORMS =
      Set.of(
          "None literal",
          "comment",
          "dict literal",
          "exponent literal",
          "float literal",
          "inline if",
          "inline if without else",
          "integer index",
          "list literal",
          "lower-case boolean literal",
          "lower-case none literal",
          "negative index",
          "reject without a test",
          "rejectattr without a test",
          "select without a test",
          "selectattr without a test",
          "slice",
          "string escape",
          "text read as a literal",
          "tuple literal",
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
