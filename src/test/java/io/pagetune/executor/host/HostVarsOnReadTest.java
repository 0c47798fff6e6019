package io.pagetune.executor.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import io.pagetune.template.HostText;
import io.pagetune.template.TemplateEngine;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Every task on every host holds {@code hostvars}; evaluating a task must read only the hosts its
 * templates name, or a run costs hosts × hosts. The resolver here counts which hosts were resolved,
 * and the task's variables go through what a task does with them: templates, the host-text
 * unmarking for the connection and the write journal, and a copy of the unmarked variables.
 */
class HostVarsOnReadTest {
  private static final SourceLocation AT = SourceLocation.UNKNOWN;
  private static final int HOSTS = 200;

  private final TemplateEngine engine = new TemplateEngine(List.of());
  private final Map<String, AtomicInteger> resolutions = new ConcurrentHashMap<>();

  private HostVars hostvars() {
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < HOSTS; i++) {
      names.add("h" + i);
    }
    return new HostVars(
        names,
        name -> {
          resolutions.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
          Map<String, Object> vars = new LinkedHashMap<>();
          vars.put("sga_gb", name.length());
          vars.put("label", "db-${inventory_hostname}");
          return vars;
        },
        Map.of());
  }

  private Map<String, Object> taskVars(HostVars hostvars) {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("inventory_hostname", "h0");
    vars.put("ansible_connection", "local");
    vars.put("out", HostText.mark(Map.of("stdout", "${hostvars['h5'].sga_gb}")));
    vars.put("hostvars", hostvars);
    vars.put("ansible_play_hosts", new UnreadableHostList());
    return vars;
  }

  /** Stands for a play's host list: a task that reads no host name must not walk it. */
  private static final class UnreadableHostList extends java.util.AbstractList<Object> {
    @Override
    public Object get(int index) {
      throw new AssertionError("the play's host list was walked");
    }

    @Override
    public int size() {
      return HOSTS;
    }
  }

  @Test
  void aTaskThatNamesNoOtherHostResolvesNone() {
    Map<String, Object> vars = taskVars(hostvars());

    assertEquals(
        "h0 local", engine.render("${inventory_hostname} ${ansible_connection}", vars, AT, "t"));
    assertTrue(engine.test("inventory_hostname == 'h0'", vars, AT, "when"));
    assertEquals("${hostvars['h5'].sga_gb}", engine.interpolate("${out.stdout}", vars, AT, "t"));
    // what the connection, the delegation copy and the journal reconcile see
    Map<String, Object> plain = HostText.plainOnRead(vars);
    assertEquals("local", plain.get("ansible_connection"));
    assertEquals(Map.of("stdout", "${hostvars['h5'].sga_gb}"), plain.get("out"));

    assertEquals(Map.of(), resolutions, "no other host's variables may be resolved");
  }

  @Test
  void aTemplateThatNamesAHostResolvesThatHostOnly() {
    HostVars hostvars = hostvars();
    Map<String, Object> vars = taskVars(hostvars);

    assertEquals(
        "2 2", engine.render("${hostvars['h7'].sga_gb} ${hostvars.h7.sga_gb}", vars, AT, "t"));
    // the inventory text of the host read is still a template, rendered as before
    assertEquals("db-h0", engine.render("${hostvars['h7'].label}", vars, AT, "t"));
    Object plainHostvars = HostText.plainOnRead(vars).get("hostvars");
    assertEquals(3, ((Map<?, ?>) ((Map<?, ?>) plainHostvars).get("h12")).get("sga_gb"));
    assertTrue(((Map<?, ?>) plainHostvars).containsKey("h199"));
    assertEquals(HOSTS, ((Map<?, ?>) plainHostvars).keySet().size());
    assertNull(((Map<?, ?>) plainHostvars).get("nosuchhost"));

    assertEquals(Set.of("h7", "h12"), resolutions.keySet());
    resolutions.values().forEach(n -> assertEquals(1, n.get(), "a host is resolved once per play"));
  }

  @Test
  void listingEveryHostStillSeesThemAll() {
    Map<String, Object> vars = taskVars(hostvars());

    assertEquals(String.valueOf(HOSTS), engine.render("${hostvars?keys?size}", vars, AT, "t"));
    assertFalse(resolutions.containsKey("h3"), "the names alone resolve nobody");
    assertEquals(String.valueOf(HOSTS), engine.render("${hostvars?values?size}", vars, AT, "t"));
    assertEquals(HOSTS, resolutions.size());
  }
}
