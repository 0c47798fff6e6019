package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnsibleConfigTest {
  @TempDir Path tmp;

  private Path cwd() throws Exception {
    return Files.createDirectories(tmp.resolve("project"));
  }

  private Path home() throws Exception {
    return Files.createDirectories(tmp.resolve("home"));
  }

  private Path system() {
    return tmp.resolve("etc/ansible/ansible.cfg");
  }

  private static Path write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  private AnsibleConfig find(Map<String, String> env) throws Exception {
    return AnsibleConfig.find(env, cwd(), home(), system());
  }

  @Test
  void lookupOrderIsAnsibleConfigThenCwdThenHomeThenEtc() throws Exception {
    write(system(), "[defaults]\nforks = 4\n");
    assertEquals(Optional.of(4), find(Map.of()).forks());
    write(home().resolve(".ansible.cfg"), "[defaults]\nforks = 3\n");
    assertEquals(Optional.of(3), find(Map.of()).forks());
    write(cwd().resolve("ansible.cfg"), "[defaults]\nforks = 2\n");
    assertEquals(Optional.of(2), find(Map.of()).forks());
    Path named = write(tmp.resolve("named.cfg"), "[defaults]\nforks = 1\n");
    AnsibleConfig config = find(Map.of("ANSIBLE_CONFIG", named.toString()));
    assertEquals(Optional.of(1), config.forks());
    assertEquals(Optional.of(named), config.file());
    // files are not merged: the first found is the whole configuration
    write(named, "[defaults]\nremote_user = deploy\n");
    assertEquals(Optional.empty(), find(Map.of("ANSIBLE_CONFIG", named.toString())).forks());
  }

  @Test
  void environmentBeatsTheFile() throws Exception {
    write(
        cwd().resolve("ansible.cfg"),
        "[defaults]\n"
            + "inventory = hosts.ini\n"
            + "forks = 2\n"
            + "remote_user = deploy\n"
            + "private_key_file = keys/id_ed25519\n"
            + "host_key_checking = False\n"
            + "timeout = 30\n");
    AnsibleConfig file = find(Map.of());
    assertEquals(Optional.of(2), file.forks());
    assertEquals(Optional.of("deploy"), file.value("remote_user"));
    assertEquals(Optional.of(false), file.hostKeyChecking());
    assertEquals(Optional.of(30), file.timeoutSeconds());
    assertEquals(List.of("hosts.ini"), file.inventories());
    AnsibleConfig env =
        find(
            Map.of(
                "ANSIBLE_FORKS", "7",
                "ANSIBLE_REMOTE_USER", "sapadm",
                "ANSIBLE_HOST_KEY_CHECKING", "true",
                "ANSIBLE_TIMEOUT", "5",
                "ANSIBLE_INVENTORY", "a.ini,b.ini",
                "ANSIBLE_PRIVATE_KEY_FILE", "/keys/k"));
    assertEquals(Optional.of(7), env.forks());
    assertEquals(Optional.of("sapadm"), env.value("remote_user"));
    assertEquals(Optional.of(true), env.hostKeyChecking());
    assertEquals(Optional.of(5), env.timeoutSeconds());
    assertEquals(List.of("a.ini", "b.ini"), env.inventories());
    assertEquals(Optional.of("/keys/k"), env.privateKeyFile());
    assertTrue(env.warnings().isEmpty(), env.warnings().toString());
  }

  @Test
  void relativePathsOfTheFileAreAgainstItsDirectory() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("conf"));
    write(dir.resolve("inv/hosts.ini"), "web1\n");
    Path cfg = write(dir.resolve("ansible.cfg"), "[defaults]\ninventory = inv/hosts.ini\n");
    assertEquals(
        List.of(dir.resolve("inv/hosts.ini").toAbsolutePath().toString()),
        find(Map.of("ANSIBLE_CONFIG", cfg.toString())).inventories());
  }

  @Test
  void rolesPathIsReadRelativeToTheFileAndAnsibleRolesPathBeatsIt() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("proj"));
    Files.createDirectories(dir.resolve("shared-roles"));
    Path cfg =
        write(dir.resolve("ansible.cfg"), "[defaults]\nroles_path = shared-roles:/opt/roles\n");
    AnsibleConfig config = find(Map.of("ANSIBLE_CONFIG", cfg.toString()));
    assertEquals(
        List.of(dir.resolve("shared-roles").toAbsolutePath(), Path.of("/opt/roles")),
        config.rolesPath());
    assertEquals(List.of(), config.warnings());
    config = find(Map.of("ANSIBLE_CONFIG", cfg.toString(), "ANSIBLE_ROLES_PATH", "/srv/roles"));
    assertEquals(List.of(Path.of("/srv/roles")), config.rolesPath());
    // unset: Ansible's default search path
    assertEquals(Path.of("/usr/share/ansible/roles"), find(Map.of()).rolesPath().get(1));
  }

  @Test
  void unsupportedOptionsAndVariablesAreNamedInWarnings() throws Exception {
    Path cfg =
        write(
            cwd().resolve("ansible.cfg"),
            "# site config\n"
                + "[defaults]\n"
                + "forks = 2 ; inline comment\n"
                + "gathering = smart\n"
                + "\n"
                + "[ssh_connection]\n"
                + "pipelining: True\n");
    AnsibleConfig config = find(Map.of("ANSIBLE_NOCOLOR", "1"));
    assertEquals(Optional.of(2), config.forks());
    assertEquals(
        List.of(
            cfg + ":4: [defaults] gathering is not supported by pagetune; ignored",
            cfg + ":7: [ssh_connection] pipelining is not supported by pagetune; ignored",
            "environment variable ANSIBLE_NOCOLOR is not supported; ignored"),
        config.warnings());
  }

  @Test
  void aWorldWritableWorkingDirectoryConfigIsIgnoredWithAWarning() throws Exception {
    write(home().resolve(".ansible.cfg"), "[defaults]\nforks = 3\n");
    Path local = write(cwd().resolve("ansible.cfg"), "[defaults]\nforks = 2\n");
    Files.setPosixFilePermissions(cwd(), PosixFilePermissions.fromString("rwxrwxrwx"));
    AnsibleConfig config = find(Map.of());
    assertEquals(Optional.of(3), config.forks());
    assertEquals(
        List.of(
            "ignoring "
                + local.toAbsolutePath().normalize()
                + ": it (or its directory) is world-writable, so anyone could change it"),
        config.warnings());
  }

  @Test
  void badValuesAreOneLineErrorsNamingTheKey() throws Exception {
    Path cfg = write(cwd().resolve("ansible.cfg"), "[defaults]\nforks = many\n");
    InputException e = assertThrows(InputException.class, () -> find(Map.of()).forks());
    assertEquals(
        cfg + " [defaults] forks:1:1: forks must be a whole number of at least 1, got 'many'",
        e.getMessage());
    InputException env =
        assertThrows(
            InputException.class,
            () -> find(Map.of("ANSIBLE_HOST_KEY_CHECKING", "maybe")).hostKeyChecking());
    assertEquals(
        "ANSIBLE_HOST_KEY_CHECKING:1:1: host_key_checking must be a boolean, got 'maybe'",
        env.getMessage());
    write(cfg, "[defaults]\nforks\n");
    InputException syntax = assertThrows(InputException.class, () -> find(Map.of()));
    assertEquals(
        cfg + ":2:1: expected 'key = value' or a [section], got 'forks'", syntax.getMessage());
  }
}
