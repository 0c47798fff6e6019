package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code include_tasks} as ansible-playbook 2.14 runs it, measured side by side with it: the
 * include is a task of its own that counts one ok per host it runs on (its tasks count too), its
 * {@code when} is decided once (a false one counts one skip, not one per included task), and the
 * collection-qualified names {@code ansible.builtin.include_tasks}, {@code
 * ansible.builtin.import_tasks} and {@code ansible.builtin.meta} are the same actions. A loop runs
 * the file once per item; the include's own keywords stay on it, its {@code apply} acts as a block
 * around its tasks. Each recap cited was ansible-playbook 2.14.18's on the same playbook written in
 * Jinja ({@code {{ item }}} for {@code ${item}}).
 */
class IncludeTasksRunTest {
  @TempDir Path tmp;

  private CliRun run(String playbook, String... extra) throws Exception {
    return runOn("h1 ansible_connection=local\n", playbook, extra);
  }

  private CliRun runOn(String inventory, String playbook, String... extra) throws Exception {
    Path inv = Files.writeString(tmp.resolve("hosts.ini"), inventory);
    Files.writeString(
        tmp.resolve("inner.yml"),
        "- name: first inner\n  command: echo one\n- name: second inner\n  command: echo two\n");
    Path book = Files.writeString(tmp.resolve("site.yml"), playbook);
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                book.toString(),
                "-i",
                inv.toString(),
                "--state",
                "none",
                "--progress",
                "none"));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(String[]::new));
  }

  private void write(String name, String text) throws Exception {
    Files.writeString(tmp.resolve(name), text);
  }

  private static void assertRecap(CliRun r, String host, String counts) {
    assertTrue(
        r.out().matches("(?s).*\\n" + host + " +: " + counts.replace(" ", " +") + "\\b.*"),
        r.out());
  }

  @Test
  void anIncludeCountsOneOkBesideItsTasks() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: include
                  include_tasks: inner.yml
                - name: import
                  ansible.builtin.import_tasks: inner.yml
                - name: include by its full name
                  ansible.builtin.include_tasks: inner.yml
                - ansible.builtin.meta: noop
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: ok=8 changed=6 (two includes, six commands; an import is not a task)
    assertTrue(r.out().matches("(?s).*h1 +: ok=8 +changed=6 +unreachable=0 +failed=0 .*"), r.out());
  }

  @Test
  void aFalseConditionSkipsTheIncludeOnce() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: include
                  include_tasks: inner.yml
                  when: false
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: ok=0 skipped=1; the included tasks are never reached
    assertTrue(r.out().matches("(?s).*h1 +: ok=0 +changed=0 .* skipped=1 .*"), r.out());
    assertTrue(!r.out().contains("first inner"), r.out());
  }

  @Test
  void aLoopRunsTheFileOncePerItemAndCountsOneOkPerItemIncluded() throws Exception {
    write("each.yml", "- name: echo\n  command: echo ${item}\n- debug: { msg: 'x=${item}' }\n");
    write("fruit.yml", "- debug: { msg: 'fruit=${fruit} idx=${i}' }\n");
    CliRun r =
        runOn(
            "h1 ansible_connection=local\nh2 ansible_connection=local\n",
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: inc
                  include_tasks: each.yml
                  loop: [a, b]
                - name: inc2
                  include_tasks: fruit.yml
                  with_items: [x, y]
                  loop_control: { loop_var: fruit, index_var: i, label: "L${fruit}" }
                - name: inc3
                  include_tasks: each.yml
                  loop: []
                - name: inc4
                  include_tasks: each.yml
                  loop: [a, b]
                  when: item == 'b'
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: "included: …/each.yml for h1, h2 => (item=a)", then (item=b); each
    // item's tasks run in turn; inc2 shows its label (item=Lx); the empty loop is one
    // "skipping: [h1]"; inc4 shows "skipping: [h1] => (item=a)" and includes b only.
    // Recap h1 and h2: ok=13 changed=3 skipped=1 (5 includes + 8 tasks ok, 3 echoes changed, the
    // empty loop the one skip: a skipped item is not counted)
    assertRecap(r, "h1", "ok=13 changed=3 unreachable=0 failed=0 skipped=1");
    assertRecap(r, "h2", "ok=13 changed=3 unreachable=0 failed=0 skipped=1");
    String out = r.out();
    assertTrue(out.contains("each.yml for h1 => (item=a)"), out);
    assertTrue(out.contains("fruit.yml for h2 => (item=Ly)"), out);
    assertTrue(out.contains("skipping: [h1] => (item=a)"), out);
    // the items' tasks in item order, each seeing its item, index and loop_var
    int a = out.indexOf("ok: [h1] => x=a");
    int b = out.indexOf("ok: [h1] => x=b");
    int x = out.indexOf("ok: [h2] => fruit=x idx=0");
    int y = out.indexOf("ok: [h2] => fruit=y idx=1");
    assertTrue(a >= 0 && a < b && b < x && x < y, out);
  }

  @Test
  void aConditionFalseForEveryItemCountsOneSkip() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: inc
                  include_tasks: inner.yml
                  loop: [a, b]
                  when: item == 'c'
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: skipping: [h1] => (item=a), (item=b), then skipping: [h1]; ok=0 skipped=1
    assertRecap(r, "h1", "ok=0 changed=0 unreachable=0 failed=0 skipped=1");
    assertTrue(r.out().contains("skipping: [h1] => (item=b)"), r.out());
    assertFalse(r.out().contains("first inner"), r.out());
  }

  @Test
  void theIncludesVarsAndItemAreIncludeParametersAboveSetFactAndTaskVars() throws Exception {
    write(
        "show.yml",
        "- debug: { msg: 'fruit=${fruit}' }\n"
            + "- debug: { msg: 'own=${fruit}' }\n  vars: { fruit: taskvar }\n");
    String book =
        """
        - hosts: all
          gather_facts: false
          tasks:
            - set_fact: { fruit: fact }
            - name: inc
              include_tasks: show.yml
              loop: [a]
              loop_control: { loop_var: fruit }
            - block:
                - name: inc2
                  include_tasks: show.yml
                  loop: [b]
                  loop_control: { loop_var: bv }
                  vars: { fruit: "${bv}-incvar" }
              vars: { fruit: blockvar }
        """;
    CliRun r = run(book);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: fruit=a, own=a, fruit=b-incvar, own=b-incvar
    String out = r.out();
    int i = out.indexOf("ok: [h1] => fruit=a");
    int j = out.indexOf("ok: [h1] => own=a");
    int k = out.indexOf("ok: [h1] => fruit=b-incvar");
    int l = out.indexOf("ok: [h1] => own=b-incvar");
    assertTrue(i >= 0 && i < j && j < k && k < l, out);
    // ansible-playbook -e fruit=extra: extra vars win over both (fruit=extra four times)
    CliRun e = run(book, "-e", "fruit=extra");
    assertEquals(4, e.out().split("=> (fruit|own)=extra", -1).length - 1, e.out());
  }

  private static final String KW_INNER =
      """
      - name: kin1
        command: echo hi
        register: said
      - name: kin2
        debug: { msg: "said=${said.stdout} x=${x!'u'}" }
      - name: kin3
        set_fact: { x: 2 }
      - name: kin4
        debug: { msg: "after set x=${x}" }
      """;

  @Test
  void theIncludesOwnTagsStayOnTheInclude() throws Exception {
    write("kw.yml", KW_INNER);
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: tagged include
                  include_tasks: kw.yml
                  tags: [t]
                - name: untagged
                  debug: { msg: untagged }
            """,
            "--tags",
            "t");
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook --tags t: "included: …/kw.yml for h1" and nothing else; ok=1
    assertRecap(r, "h1", "ok=1 changed=0 unreachable=0 failed=0 skipped=0");
    assertFalse(r.out().contains("kin1"), r.out());
  }

  @Test
  void theBlocksAroundAnIncludeReachItsTasksAndTheirWhenIsCheckedPerTask() throws Exception {
    write("kw.yml", KW_INNER);
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              vars: { x: 1 }
              tasks:
                - block:
                    - name: inc in when block
                      include_tasks: kw.yml
                  when: x == 1
                  tags: [bt]
            """,
            "--tags",
            "bt");
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook (with and without --tags bt): kin2 says x=1, kin4 is skipped once kin3 set
    // x to 2; ok=4 changed=1 skipped=1
    assertRecap(r, "h1", "ok=4 changed=1 unreachable=0 failed=0 skipped=1");
    assertTrue(r.out().contains("ok: [h1] => said=hi x=1"), r.out());
  }

  @Test
  void applyActsAsABlockAroundTheIncludedTasks() throws Exception {
    write("kw.yml", KW_INNER);
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: include with apply
                  include_tasks:
                    file: kw.yml
                    apply:
                      tags: [t]
                      vars: { x: 7 }
                  tags: [t]
            """,
            "--tags",
            "t");
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook --tags t: every included task runs; apply's vars are block vars, so
    // set_fact wins over them: "x=7", then "after set x=2"; ok=5 changed=1
    assertRecap(r, "h1", "ok=5 changed=1 unreachable=0 failed=0 skipped=0");
    assertTrue(r.out().contains("ok: [h1] => said=hi x=7"), r.out());
    assertTrue(r.out().contains("ok: [h1] => after set x=2"), r.out());
  }

  @Test
  void applysIgnoreErrorsAndWhenReachEachIncludedTask() throws Exception {
    write("fails.yml", "- name: fails\n  command: /bin/false\n- debug: { msg: went on }\n");
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              vars: { flag: true }
              tasks:
                - name: applied
                  include_tasks:
                    file: fails.yml
                    apply:
                      ignore_errors: true
                      when: flag
                - name: applied when false
                  include_tasks:
                    file: fails.yml
                    apply:
                      when: inventory_hostname == 'nobody'
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: the failure "...ignoring", "went on", then both tasks skipped;
    // ok=4 changed=1 failed=0 skipped=2 ignored=1
    assertRecap(r, "h1", "ok=4 changed=1 unreachable=0 failed=0 skipped=2 rescued=0 ignored=1");
    assertTrue(r.out().contains("...ignoring"), r.out());
  }

  @Test
  void whatPagetuneCannotApplyOrLoopIsAnInputErrorAtItsLine() throws Exception {
    CliRun apply =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - include_tasks:
                    file: inner.yml
                    apply:
                      delegate_to: localhost
            """);
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(
        apply.err().contains("site.yml:7:11: include_tasks apply: 'delegate_to' is not applied"),
        apply.toString());
    CliRun imported =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - import_tasks: inner.yml
                  loop: [a]
            """);
    // ansible-playbook refuses it too: "You cannot use loops on 'import_tasks' statements"
    assertEquals(4, imported.exitCode(), imported.toString());
    assertTrue(
        imported.err().contains("site.yml:5:7: import_tasks cannot loop"), imported.toString());
    CliRun ignore =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - include_tasks: inner.yml
                  ignore_errors: true
            """);
    // the include's own ignore_errors would act on the include alone: refused, not passed on
    assertEquals(4, ignore.exitCode(), ignore.toString());
    assertTrue(
        ignore.err().contains("site.yml:5:7: unknown keyword 'ignore_errors'"), ignore.toString());
  }
}
