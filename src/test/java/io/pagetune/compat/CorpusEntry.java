package io.pagetune.compat;

import java.util.List;

/**
 * One task file or role of the corpus, run by both tools as its own play on its own two hosts
 * ({@code <group>_a}, {@code <group>_b}), so that one batched run of each tool covers the corpus.
 */
record CorpusEntry(String group, String source, boolean role) {

  /** The play that runs this entry, written beside {@code tasks/} and {@code roles/}. */
  String wrapperFile() {
    return group + ".play.yml";
  }

  List<String> hosts() {
    return List.of(group + "_a", group + "_b");
  }

  String wrapper() {
    String head =
        "# "
            + group
            + ": "
            + source
            + "\n- name: "
            + group
            + " "
            + source
            + "\n  hosts: "
            + group
            + "\n  gather_facts: false\n";
    return role
        ? head + "  roles:\n    - role: " + source.substring("roles/".length()) + "\n"
        : head + "  tasks:\n    - import_tasks: " + source + "\n";
  }
}
