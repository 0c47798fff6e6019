package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultPasswords;
import io.pagetune.yaml.ReadFiles;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real ansible-vault (Debian's ansible-core, installed by .ci/interop-setup) and {@code
 * pagetune vault} decrypt each other's files and strings, format 1.1 (id default) and 1.2 (ids
 * {@code dev} and {@code prod}, both given to every command).
 */
@Tag("interop")
class VaultInteropTest {
  private static final String TEXT = "db_password: Interop-Pw-55\nnr_hugepages: 4096\n";
  private static final String VALUE = "Interop-String-66";

  @TempDir Path dir;
  private Path dev;
  private Path prod;

  @BeforeEach
  void passwords() throws IOException {
    dev = Files.writeString(dir.resolve("dev.pw"), "dev-pass-1\n");
    prod = Files.writeString(dir.resolve("prod.pw"), "prod-pass-2\n");
  }

  @Test
  void ansibleVaultReadsPagetunesFiles() throws Exception {
    for (String id : List.of("default", "dev", "prod")) {
      Path file = Files.writeString(dir.resolve(id + ".yml"), TEXT);
      CliRun run = pagetune("encrypt", "--encrypt-vault-id", id, file.toString());
      assertEquals(0, run.exitCode(), run.toString());
      String header = Files.readString(file).lines().findFirst().orElseThrow();
      assertEquals(
          id.equals("default") ? "$ANSIBLE_VAULT;1.1;AES256" : "$ANSIBLE_VAULT;1.2;AES256;" + id,
          header);
      assertEquals(TEXT, ansibleVault("view", file.toString()));
    }
  }

  @Test
  void pagetuneReadsAnsibleVaultsFiles() throws Exception {
    for (String id : List.of("default", "dev", "prod")) {
      Path file = Files.writeString(dir.resolve(id + ".yml"), TEXT);
      ansibleVault("encrypt", "--encrypt-vault-id", id, file.toString());
      assertTrue(Files.readString(file).startsWith("$ANSIBLE_VAULT;1."), file.toString());
      CliRun view = pagetune("view", file.toString());
      assertEquals(0, view.exitCode(), view.toString());
      assertEquals(TEXT, view.out());
      CliRun decrypt = pagetune("decrypt", file.toString());
      assertEquals(0, decrypt.exitCode(), decrypt.toString());
      assertEquals(TEXT, Files.readString(file));
    }
  }

  @Test
  void stringsGoBothWays() throws Exception {
    for (String id : List.of("default", "prod")) {
      // pagetune's inline value, as ansible-vault reads the vault text inside it
      CliRun enc = pagetune("encrypt_string", "--encrypt-vault-id", id, "--name", "token", VALUE);
      assertEquals(0, enc.exitCode(), enc.toString());
      Path inline = Files.writeString(dir.resolve("inline-" + id + ".txt"), vaultText(enc.out()));
      // decrypt to stdout gives the exact bytes (view ends the text with a newline)
      assertEquals(VALUE, ansibleVault("decrypt", "--output", "-", inline.toString()));
      // ansible-vault's inline value, as a vars file pagetune loads
      Path vars =
          Files.writeString(
              dir.resolve("vars-" + id + ".yml"),
              ansibleVault("encrypt_string", "--encrypt-vault-id", id, "--name", "token", VALUE));
      YamlReader reader =
          new YamlReader(
              dir,
              ReadFiles.none(),
              new Vault(
                  VaultPasswords.load(
                      List.of("dev@" + dev, "default@" + dev, "prod@" + prod),
                      p -> java.util.Optional.empty(),
                      "--vault-id")));
      assertEquals(Map.of("token", VALUE), reader.read(vars).toPlain());
    }
  }

  private static String vaultText(String encryptStringOutput) {
    StringBuilder out = new StringBuilder();
    encryptStringOutput
        .lines()
        .filter(l -> l.startsWith("          "))
        .forEach(l -> out.append(l.strip()).append('\n'));
    return out.toString();
  }

  private CliRun pagetune(String command, String... args) {
    List<String> all = new ArrayList<>(List.of("vault", command));
    all.addAll(List.of("--vault-id", "dev@" + dev, "--vault-id", "prod@" + prod));
    all.addAll(List.of("--vault-password-file", dev.toString()));
    all.addAll(List.of(args));
    return CliRun.of(all.toArray(String[]::new));
  }

  /** ansible-vault with the same three ids; its stdout. */
  private String ansibleVault(String command, String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of("ansible-vault", command));
    argv.addAll(List.of("--vault-id", "dev@" + dev, "--vault-id", "prod@" + prod));
    argv.addAll(List.of("--vault-password-file", dev.toString()));
    argv.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
    pb.environment().put("HOME", dir.toString());
    pb.environment().put("ANSIBLE_LOCAL_TEMP", dir.resolve("tmp").toString());
    pb.redirectError(dir.resolve("ansible-vault.err").toFile());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ansible-vault did not finish");
    assertEquals(
        0, p.exitValue(), argv + ": " + Files.readString(dir.resolve("ansible-vault.err")));
    return out;
  }
}
