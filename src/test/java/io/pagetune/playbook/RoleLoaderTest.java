package io.pagetune.playbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Roles in Ansible's layout, read when the playbook loads. */
class RoleLoaderTest {
  @TempDir Path dir;

  private void write(String path, String text) throws Exception {
    Path p = dir.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private Playbook load(String yaml, RolePath rolePath) throws Exception {
    write("site.yml", yaml);
    return new PlaybookLoader(
            new io.pagetune.app.Wiring().modules(java.time.Clock.systemUTC()),
            new YamlReader(dir),
            rolePath)
        .load(dir.resolve("site.yml"));
  }

  private Playbook load(String yaml) throws Exception {
    return load(yaml, RolePath.NONE);
  }

  private void role(String name, String tasks) throws Exception {
    write("roles/" + name + "/tasks/main.yml", tasks);
  }

  @Test
  void rolesRunAfterPreTasksWithDependenciesFirstAndEachRoleOnce() throws Exception {
    role("base", "- name: base task\n  debug: {msg: base}\n");
    role("web", "- name: web task\n  debug: {msg: web}\n");
    write("roles/web/meta/main.yml", "galaxy_info: {author: x}\ndependencies:\n  - base\n");
    role("db", "- name: db task\n  debug: {msg: db}\n");
    write("roles/db/meta/main.yml", "dependencies: [{role: base}]\n");
    Play play =
        load("- hosts: all\n  pre_tasks:\n    - debug: {msg: pre}\n"
                + "  roles: [web, {role: db, when: x == 1}]\n"
                + "  tasks:\n    - name: own\n      debug: {msg: own}\n")
            .plays()
            .get(0);
    assertEquals(1, play.preTasks().size());
    List<String> names = play.tasks().stream().map(n -> ((Task) n).displayName()).toList();
    // base once: a dependency already run with the same parameters is not run again
    assertEquals(List.of("base : base task", "web : web task", "db : db task", "own"), names);
    Task db = (Task) play.tasks().get(2);
    assertEquals(List.of("x == 1"), db.keywords().when());
    assertEquals(dir.resolve("roles/db"), db.role().dir());
    assertNull(((Task) play.tasks().get(3)).role());
  }

  @Test
  void defaultsVarsAndParamsKeepTheirOwnLayers() throws Exception {
    role("hp", "- debug: {msg: '${count}'}\n");
    write("roles/hp/defaults/main.yml", "count: 64\nfile: default.conf\n");
    write("roles/hp/vars/main.yml", "file: 97-hugepages.conf\n");
    Play play = load("- hosts: all\n  roles:\n    - role: hp\n      count: 256\n").plays().get(0);
    Task t = (Task) play.tasks().get(0);
    assertEquals(Map.of("count", 64L, "file", "default.conf"), t.role().defaults());
    assertEquals(Map.of("file", "97-hugepages.conf"), t.role().vars());
    assertEquals(Map.of("count", 256L), t.role().params());
    // roles: are public: the play sees their defaults and vars too
    assertEquals(Map.of("count", 64L, "file", "default.conf"), play.roleVars().defaults());
    assertEquals(Map.of("file", "97-hugepages.conf"), play.roleVars().vars());
  }

  @Test
  void roleHandlersJoinThePlayFirstAndAnswerToTheirQualifiedName() throws Exception {
    role("hp", "- command: echo x\n  notify: 'hp : reload'\n");
    write("roles/hp/handlers/main.yml", "- name: reload\n  command: echo reload\n");
    Play play =
        load("- hosts: all\n  roles: [hp]\n  tasks:\n    - command: echo y\n      notify: own\n"
                + "  handlers:\n    - name: own\n      command: echo own\n")
            .plays()
            .get(0);
    assertEquals(
        List.of("hp : reload", "own"), play.handlers().stream().map(Task::displayName).toList());
    assertEquals(List.of("reload", "hp : reload"), play.handlers().get(0).handlerNames());
  }

  @Test
  void importRoleIsStaticAndIncludeRoleKeepsItsConditionOnTheGate() throws Exception {
    role("limits", "- name: set\n  debug: {msg: x}\n");
    write("roles/limits/tasks/extra.yml", "- name: extra\n  debug: {msg: y}\n");
    write("roles/limits/defaults/main.yml", "limit: 1\n");
    Play play =
        load("- hosts: all\n  tasks:\n"
                + "    - import_role: {name: limits, tasks_from: extra}\n      when: a == 1\n"
                + "    - include_role: {name: limits}\n      when: b == 2\n      tags: t\n")
            .plays()
            .get(0);
    Task imported = (Task) play.tasks().get(0);
    assertEquals("limits : extra", imported.displayName());
    assertEquals(List.of("a == 1"), imported.keywords().when());
    DynamicInclude inc = assertInstanceOf(DynamicInclude.class, play.tasks().get(1));
    assertEquals(List.of("b == 2"), inc.gate().keywords().when());
    Task inner = (Task) inc.tasks().get(0);
    assertEquals(List.of(), inner.keywords().when());
    assertEquals(List.of("t"), inner.keywords().tags());
    // import_role is public (defaults seen by the play), include_role is not
    assertEquals(Map.of("limit", 1L), play.roleVars().defaults());
  }

  @Test
  void theRolesPathIsSearchedAfterRolesBesideThePlaybook() throws Exception {
    write("shared/common/tasks/main.yml", "- name: shared\n  debug: {msg: s}\n");
    Play play =
        load("- hosts: all\n  roles: [common]\n", new RolePath(List.of(Path.of("shared"))))
            .plays()
            .get(0);
    assertEquals("common : shared", ((Task) play.tasks().get(0)).displayName());
    role("common", "- name: local\n  debug: {msg: l}\n");
    play =
        load("- hosts: all\n  roles: [common]\n", new RolePath(List.of(Path.of("shared"))))
            .plays()
            .get(0);
    assertEquals("common : local", ((Task) play.tasks().get(0)).displayName());
  }

  @Test
  void aMissingRoleNamesItsLineAndWhereItLooked() {
    InputException e =
        assertThrows(InputException.class, () -> load("- hosts: all\n  roles:\n    - nope\n"));
    assertTrue(
        e.getMessage().startsWith("site.yml:3:7: role 'nope' not found (looked in "),
        e.getMessage());
    assertTrue(e.getMessage().contains("roles"), e.getMessage());
  }

  @Test
  void errorsInsideARoleNameTheRoleFile() throws Exception {
    role("bad", "- name: x\n  debgu: {msg: x}\n");
    InputException e =
        assertThrows(InputException.class, () -> load("- hosts: all\n  roles: [bad]\n"));
    assertTrue(
        e.getMessage().startsWith("roles/bad/tasks/main.yml:2:3: unknown module or task keyword"),
        e.getMessage());
  }

  @Test
  void aDependencyCycleIsAnInputError() throws Exception {
    role("a", "- debug: {msg: a}\n");
    write("roles/a/meta/main.yml", "dependencies: [b]\n");
    role("b", "- debug: {msg: b}\n");
    write("roles/b/meta/main.yml", "dependencies: [a]\n");
    InputException e =
        assertThrows(InputException.class, () -> load("- hosts: all\n  roles: [a]\n"));
    assertTrue(e.getMessage().contains("dependency cycle"), e.getMessage());
  }

  private String refused(String yaml) {
    return assertThrows(InputException.class, () -> load(yaml)).getMessage();
  }

  @Test
  void whatPagetuneDoesNotDoIsRefusedAtLoadNotIgnored() throws Exception {
    role("r", "- debug: {msg: r}\n");
    String m = refused("- hosts: all\n  tasks:\n    - include_role: {name: '${r}'}\n");
    assertTrue(m.contains("the role name must be written out"), m);
    m = refused("- hosts: all\n  tasks:\n    - include_role: {name: r, apply: {}}\n");
    assertTrue(
        m.startsWith("site.yml:3:31: include_role: 'apply' is not supported by pagetune"), m);
    m = refused("- hosts: all\n  tasks:\n    - meta: end_batch\n");
    assertTrue(m.startsWith("site.yml:3:13: meta: 'end_batch' is not supported by pagetune"), m);
    m = refused("- hosts: all\n  tasks:\n    - debug: {msg: x}\n      delegate_to: db2\n");
    assertTrue(
        m.startsWith(
            "site.yml:4:20: delegate_to: pagetune delegates to localhost only, not to 'db2'"),
        m);
  }

  @Test
  void withDictAndRunOnceAndFlushHandlers() throws Exception {
    Play play =
        load("- hosts: all\n  tasks:\n"
                + "    - debug: {msg: x}\n      with_dict: {a: 1, b: two}\n"
                + "    - debug: {msg: x}\n      with_dict: '${settings}'\n"
                + "      run_once: true\n      delegate_to: localhost\n"
                + "    - meta: flush_handlers\n")
            .plays()
            .get(0);
    assertEquals(
        List.of(Map.of("key", "a", "value", 1L), Map.of("key", "b", "value", "two")),
        ((Task) play.tasks().get(0)).loop());
    Task second = (Task) play.tasks().get(1);
    assertEquals("${dict2items(settings)}", second.loop());
    assertEquals(new TaskHosts(true, "localhost"), second.hosts());
    assertEquals(
        MetaTask.Action.FLUSH_HANDLERS,
        assertInstanceOf(MetaTask.class, play.tasks().get(2)).action());
  }
}
