package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Roles, include_role, run_once and delegate_to on real (local) hosts through the CLI. */
class RolesRunTest {
  @TempDir Path tmp;

  private void write(String path, String text) throws Exception {
    Path p = tmp.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private CliRun run(String inventory, String playbook, String... extra) throws Exception {
    write("inventory/hosts.ini", inventory);
    write("site.yml", playbook);
    String[] base = {
      "run",
      tmp.resolve("site.yml").toString(),
      "-i",
      tmp.resolve("inventory/hosts.ini").toString(),
      "--state",
      "none",
      "--progress",
      "none"
    };
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.of(args);
  }

  @Test
  void roleVariablesTakeAnsiblesPrecedence() throws Exception {
    write("roles/p/defaults/main.yml", "a: default\nb: default\nc: default\ne: default\n");
    write("roles/p/vars/main.yml", "c: role-vars\ne: role-vars\n");
    write("roles/p/tasks/main.yml", "- debug: {msg: 'in role ${a} ${b} ${c} ${e} ${g}'}\n");
    write("inventory/group_vars/all.yml", "b: inventory\n");
    CliRun r =
        run(
            "h1 ansible_connection=local\n",
            "- hosts: all\n  gather_facts: false\n  vars: {c: play, e: play}\n"
                + "  roles:\n    - role: p\n      e: param\n      g: param\n"
                + "  tasks:\n    - debug: {msg: 'in play ${a} ${b} ${c} ${e}'}\n",
            "-e",
            "g=extra");
    assertEquals(0, r.exitCode(), r.toString());
    // defaults lowest, inventory above them, role vars above play vars, params above role vars,
    // extra vars above everything
    assertTrue(
        r.out().contains("ok: [h1] => in role default inventory role-vars param extra"),
        r.toString());
    // the play sees a static role's defaults and vars, not its parameters
    assertTrue(
        r.out().contains("ok: [h1] => in play default inventory role-vars role-vars"),
        r.toString());
  }

  @Test
  void roleTemplatesAndFilesAreFoundInTheRoleFirst() throws Exception {
    write("roles/web/templates/motd.ftl", "role template for ${inventory_hostname}\n");
    write("templates/motd.ftl", "playbook template\n");
    write("roles/web/files/banner.txt", "role file\n");
    write("files/banner.txt", "playbook file\n");
    write(
        "roles/web/tasks/main.yml",
        "- template: {src: motd.ftl, dest: '${root}/motd'}\n"
            + "- copy: {src: banner.txt, dest: '${root}/banner'}\n");
    CliRun r =
        run(
            "h1 ansible_connection=local\n",
            "- hosts: all\n  gather_facts: false\n  roles: [web]\n"
                + "  tasks:\n    - template: {src: motd.ftl, dest: '${root}/play-motd'}\n",
            "-e",
            "root=" + tmp);
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals("role template for h1\n", Files.readString(tmp.resolve("motd")));
    assertEquals("role file\n", Files.readString(tmp.resolve("banner")));
    assertEquals("playbook template\n", Files.readString(tmp.resolve("play-motd")));
  }

  @Test
  void aBrokenRoleTemplateStopsTheRunBeforeAnyHostWithItsFileAndLine() throws Exception {
    write("roles/web/templates/motd.ftl", "ok\n<#if>\n");
    write("roles/web/tasks/main.yml", "- template: {src: motd.ftl, dest: '${root}/motd'}\n");
    CliRun r =
        run(
            "h1 ansible_connection=local\n",
            "- hosts: all\n  gather_facts: false\n  roles: [web]\n",
            "-e",
            "root=" + tmp);
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("roles/web/templates/motd.ftl:2:"), r.toString());
    assertFalse(Files.exists(tmp.resolve("motd")));
  }

  @Test
  void includeRoleDecidesItsWhenOncePerHostAndASkipCountsOnce() throws Exception {
    write(
        "roles/r/tasks/main.yml",
        "- command: touch ${root}/${inventory_hostname}-1\n"
            + "- set_fact: {gate: false}\n"
            + "- command: touch ${root}/${inventory_hostname}-2\n");
    CliRun r =
        run(
            "h1 ansible_connection=local gate=true\nh2 ansible_connection=local gate=false\n",
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - include_role: {name: r}\n      when: bool(gate)\n",
            "-e",
            "root=" + tmp);
    assertEquals(0, r.exitCode(), r.toString());
    // the role's own set_fact does not stop it halfway: its when was decided at the include
    assertTrue(Files.exists(tmp.resolve("h1-1")) && Files.exists(tmp.resolve("h1-2")));
    assertFalse(Files.exists(tmp.resolve("h2-1")) || Files.exists(tmp.resolve("h2-2")));
    assertTrue(r.out().matches("(?s).*h1 +: ok=3 +changed=2 .*skipped=0 .*"), r.out());
    assertTrue(r.out().matches("(?s).*h2 +: ok=0 +changed=0 .*skipped=1 .*"), r.out());
  }

  @Test
  void runOnceRunsOnTheFirstHostAndGivesItsResultToTheBatch() throws Exception {
    CliRun r =
        run(
            "h1 ansible_connection=local\nh2 ansible_connection=local\nh3"
                + " ansible_connection=local\n",
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: once\n      command: echo ${inventory_hostname}\n"
                + "      register: out\n      run_once: true\n      changed_when: false\n"
                + "    - set_fact: {picked: '${inventory_hostname}'}\n      run_once: true\n"
                + "    - debug: {msg: 'ran on ${out.stdout}, picked ${picked}'}\n");
    assertEquals(0, r.exitCode(), r.toString());
    for (String h : new String[] {"h1", "h2", "h3"}) {
      assertTrue(r.out().contains("ok: [" + h + "] => ran on h1, picked h1"), r.toString());
    }
    assertTrue(r.out().matches("(?s).*h1 +: ok=3 .*"), r.out());
    assertTrue(r.out().matches("(?s).*h2 +: ok=1 .*"), r.out());
  }

  @Test
  void delegateToLocalhostRunsOverTheLocalConnectionWithTheHostsVariables() throws Exception {
    // the host itself cannot be reached: a delegated task never opens its connection
    CliRun r =
        run(
            "far ansible_host=127.0.0.1 ansible_port=1 ansible_connection=ssh tier=gold\n",
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - copy: {content: \"${inventory_hostname} ${tier}\\n\", dest: '${root}/far.txt'}\n"
                + "      delegate_to: localhost\n"
                + "    - command: true\n",
            "-e",
            "root=" + tmp);
    assertEquals("far gold\n", Files.readString(tmp.resolve("far.txt")));
    assertTrue(r.out().matches("(?s).*far +: ok=1 +changed=1 +unreachable=1 .*"), r.toString());
  }
}
