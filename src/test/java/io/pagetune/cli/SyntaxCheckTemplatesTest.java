package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --syntax-check} parses every template file the playbook names, as {@code run} does before
 * any host: a {@code template:} src, a role's template and a module's {@code *_template} argument,
 * each refused with exit 4 and its {@code file:line:col}; a missing one is refused too.
 */
class SyntaxCheckTemplatesTest {
  private static final String BROKEN = "vm.nr_hugepages = ${pages}\n<#if pages > 0>\nno end\n";

  @TempDir Path dir;

  private CliRun syntaxCheck(String tasks) throws Exception {
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n" + tasks.indent(4));
    return CliRun.of("run", playbook.toString(), "--syntax-check");
  }

  private static void refused(CliRun r, String where) {
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains(where), r.toString());
  }

  @Test
  void aBrokenTemplateSrcIsRefused() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/hp.conf.ftl"), BROKEN);
    refused(
        syntaxCheck("- template: {src: hp.conf.ftl, dest: /tmp/hp.conf}"),
        "templates/hp.conf.ftl:3:7: template syntax error");
    Files.writeString(dir.resolve("templates/hp.conf.ftl"), "vm.nr_hugepages = ${pages}\n");
    CliRun ok = syntaxCheck("- template: {src: hp.conf.ftl, dest: /tmp/hp.conf}");
    assertEquals(0, ok.exitCode(), ok.toString());
    refused(
        syntaxCheck("- template: {src: missing.ftl, dest: /tmp/hp.conf}"),
        "template file 'missing.ftl' not found");
  }

  @Test
  void aBrokenRoleTemplateIsRefused() throws Exception {
    Files.createDirectories(dir.resolve("roles/hp/tasks"));
    Files.createDirectories(dir.resolve("roles/hp/templates"));
    Files.writeString(
        dir.resolve("roles/hp/tasks/main.yml"),
        "- ansible.builtin.template: {src: hp.conf.ftl, dest: /tmp/hp.conf}\n");
    Files.writeString(dir.resolve("roles/hp/templates/hp.conf.ftl"), BROKEN);
    refused(syntaxCheck("- import_role: {name: hp}"), "hp.conf.ftl:3:7: template syntax error");
  }

  @Test
  void aBrokenModuleTemplateArgumentIsRefused() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/pool.conf.ftl"), BROKEN);
    refused(
        syntaxCheck(
            """
            - postgres_hugepages:
                data_dir: /var/lib/postgresql/16/main
                sysctl_file: /etc/sysctl.d/97-hp.conf
                sysctl_template: pool.conf.ftl
            """),
        "templates/pool.conf.ftl:3:7: template syntax error");
  }

  /** A .j2 file is checked as Jinja, as run renders it: syntax and constructs, then it loads. */
  @Test
  void aJinjaTemplateIsCheckedAsJinja() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    String task = "- template: {src: hp.conf.j2, dest: /tmp/hp.conf}";
    Files.writeString(
        dir.resolve("templates/hp.conf.j2"), "# ${HOME}\nvm.nr_hugepages = {{ a + }}\n");
    refused(syntaxCheck(task), "templates/hp.conf.j2:2:");
    assertTrue(syntaxCheck(task).err().contains("syntax error"));
    Files.writeString(dir.resolve("templates/hp.conf.j2"), "x\n{{ pools | truncate(sizes) }}\n");
    refused(
        syntaxCheck(task), "templates/hp.conf.j2:2:12: Jinja2 filter 'truncate' is not yet shown");
    Files.writeString(
        dir.resolve("templates/hp.conf.j2"),
        "# ${ORACLE_HOME} stays text\n{% for p in pools %}{{ p | upper }}\n{% endfor %}\n");
    CliRun ok = syntaxCheck(task);
    assertEquals(0, ok.exitCode(), ok.toString());
  }
}
