package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.Arg;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BuiltinModulesTest {
  @Test
  void registryHoldsEveryBuiltin() {
    ModuleRegistry registry = new io.pagetune.app.Wiring().modules(java.time.Clock.systemUTC());
    assertEquals(
        Set.of(
            "command",
            "shell",
            "copy",
            "template",
            "lineinfile",
            "blockinfile",
            "file",
            "sysctl",
            "set_fact",
            "include_vars",
            "debug",
            "assert",
            "fail",
            "request_restart",
            "restore_file",
            "sap_ldr_cntrl",
            "mpss_startserv",
            "oracle_hugepages",
            "postgres_hugepages",
            "page_verify",
            "stat",
            "slurp",
            "replace",
            "pam_limits",
            "ini_file",
            "service",
            "systemd",
            "systemd_service",
            "group",
            "user",
            "wait_for",
            "ping",
            "setup"),
        registry.names());
    assertEquals("lineinfile", registry.find("ansible.builtin.lineinfile").orElseThrow().name());
    assertEquals("pam_limits", registry.find("community.general.pam_limits").orElseThrow().name());
    assertEquals("ini_file", registry.find("community.general.ini_file").orElseThrow().name());
    assertEquals("sysctl", registry.find("ansible.posix.sysctl").orElseThrow().name());
    assertTrue(registry.find("community.general.lineinfile").isEmpty());
    assertEquals("; did you mean 'sysctl'?", registry.didYouMean("sysctrl"));
  }

  @Test
  void specsAreConsistent() {
    for (Module m : new io.pagetune.app.Wiring().moduleList(java.time.Clock.systemUTC())) {
      Set<String> names = new HashSet<>();
      for (Arg a : m.spec().args()) {
        assertTrue(names.add(a.name()), m.name() + ": duplicate " + a.name());
        for (String alias : a.aliases()) {
          assertTrue(names.add(alias), m.name() + ": alias clashes " + alias);
        }
        if (!a.choices().isEmpty() && a.defaultValue() != null) {
          assertTrue(a.choices().contains(a.defaultValue()), m.name() + ": default not a choice");
        }
      }
      m.spec().freeForm().ifPresent(f -> assertTrue(m.spec().find(f).isPresent(), m.name()));
    }
  }

  @Test
  void onlyCommandsCannotBePredicted() {
    for (Module m : new io.pagetune.app.Wiring().moduleList(java.time.Clock.systemUTC())) {
      boolean runsCommands = List.of("command", "shell").contains(m.name());
      assertEquals(
          runsCommands ? CheckSupport.NONE : CheckSupport.FULL, m.checkSupport(), m.name());
    }
  }
}
