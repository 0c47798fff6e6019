package io.pagetune.cli;

import io.pagetune.connection.ssh.config.SshArgs;
import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import java.util.Map;

/**
 * Rejects, when the inventory loads, a port that is no port number and ssh arguments ({@code
 * ansible_ssh_common_args}, {@code ansible_ssh_extra_args}) that pagetune cannot honour, so the run
 * stops before any host is contacted instead of failing those hosts halfway. Values that are still
 * templates are left to the connection, which checks them again once rendered.
 */
final class SshArgsCheck {
  private SshArgsCheck() {}

  static void validate(Inventory inventory) {
    for (Host host : inventory.hosts()) {
      Map<String, Object> vars = host.vars().resolve();
      if ("local".equals(String.valueOf(vars.get("ansible_connection")))) {
        continue;
      }
      Object port = vars.get("ansible_port");
      if (port != null && !isTemplate(port) && !isPort(port.toString())) {
        throw new InputException(
            where(host),
            host.name() + ": ansible_port '" + port + "' is not a port number (1 to 65535)");
      }
      if (SshArgs.VARIABLES.stream().map(vars::get).anyMatch(SshArgsCheck::isTemplate)) {
        continue;
      }
      try {
        SshArgs.fromVars(vars);
      } catch (IllegalArgumentException e) {
        throw new InputException(where(host), host.name() + ": " + e.getMessage());
      }
    }
  }

  private static io.pagetune.error.SourceLocation where(Host host) {
    return host.location() != null
        ? host.location()
        : io.pagetune.error.SourceLocation.of("inventory");
  }

  private static boolean isPort(String value) {
    if (!value.matches("[0-9]{1,5}")) {
      return false;
    }
    int port = Integer.parseInt(value);
    return port >= 1 && port <= 65535;
  }

  private static boolean isTemplate(Object value) {
    String s = value == null ? "" : value.toString();
    return s.contains("{{") || s.contains("{%") || s.contains("${");
  }
}
