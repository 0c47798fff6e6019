package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code inventory --list} and {@code --host} mask passwords and other secret variables (host and
 * group vars, nested ones too) unless {@code --show-secrets}; a bidi override in a host name is
 * shown escaped, in JSON that still reads back as the name.
 */
class InventorySecretsTest {
  @TempDir Path dir;

  @Test
  void secretsAreMaskedUnlessAskedForAndBidiNamesAreEscaped() throws Exception {
    Path inv =
        Files.writeString(
            dir.resolve("hosts.ini"),
            "[db]\n"
                + "db1 ansible_password=ssh-pw-1 ansible_become_password=become-pw-1"
                + " ansible_user=oracle\n"
                + "db\u202E2 ansible_become_pass=become-pw-2\n"
                + "[db:vars]\n"
                + "ansible_ssh_pass=group-ssh-pw\n"
                + "api_token=group-token-9\n");
    Files.createDirectories(dir.resolve("host_vars"));
    Files.writeString(
        dir.resolve("host_vars/db1.yml"),
        "sap:\n  sapcontrol_password: nested-sap-pw\n  sid: NWP\n");

    CliRun list = CliRun.of("inventory", "-i", inv.toString(), "--list");
    assertEquals(0, list.exitCode(), list.toString());
    CliRun host = CliRun.of("inventory", "-i", inv.toString(), "--host", "db1");
    for (CliRun run : new CliRun[] {list, host}) {
      for (String secret :
          new String[] {
            "ssh-pw-1",
            "become-pw-1",
            "become-pw-2",
            "group-ssh-pw",
            "group-token-9",
            "nested-sap-pw"
          }) {
        if (run == host && (secret.equals("become-pw-2"))) {
          continue;
        }
        assertFalse(run.out().contains(secret), secret + " in " + run);
      }
    }
    JsonNode db1 = new ObjectMapper().readTree(host.out());
    assertEquals("***", db1.get("ansible_password").asText());
    assertEquals("***", db1.get("sap").get("sapcontrol_password").asText());
    assertEquals("NWP", db1.get("sap").get("sid").asText());
    assertEquals("oracle", db1.get("ansible_user").asText());
    assertFalse(list.out().contains("\u202E"), list.out());
    assertTrue(list.out().contains("db\\u202E2"), list.out());
    JsonNode hostvars = new ObjectMapper().readTree(list.out()).get("_meta").get("hostvars");
    assertTrue(hostvars.has("db\u202E2"), list.out());

    CliRun shown = CliRun.of("inventory", "-i", inv.toString(), "--host", "db1", "--show-secrets");
    JsonNode revealed = new ObjectMapper().readTree(shown.out());
    assertEquals("ssh-pw-1", revealed.get("ansible_password").asText());
    assertEquals("group-ssh-pw", revealed.get("ansible_ssh_pass").asText());
    assertEquals("nested-sap-pw", revealed.get("sap").get("sapcontrol_password").asText());
  }
}
