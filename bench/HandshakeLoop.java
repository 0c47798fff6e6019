import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * One bench process: opens ROUNDS connections one after another to an sshd through pagetune's SSH
 * connection factory (strict host keys), each running one command and writing and reading back a
 * 64 KB file over SFTP, then closing. The first WARMUP rounds are not timed. Prints the process's
 * CPU time (all threads, JIT included) and the wall time per timed connection, in ms.
 *
 * <p>Run by bench/handshake.sh with a pagetune jar on the class path:
 * java -cp pagetune.jar bench/HandshakeLoop.java address port user key known_hosts dir warmup rounds
 */
public class HandshakeLoop {
  public static void main(String[] args) throws Exception {
    String address = args[0];
    int port = Integer.parseInt(args[1]);
    String user = args[2];
    Path key = Path.of(args[3]);
    Path knownHosts = Path.of(args[4]);
    Path dir = Path.of(args[5]);
    int warmup = Integer.parseInt(args[6]);
    int rounds = Integer.parseInt(args[7]);
    Path sshDir = Files.createTempDirectory("bench-dot-ssh");
    SshSettings settings =
        SshSettings.defaults()
            .withKnownHosts(List.of(knownHosts))
            .withHostKeyChecking(HostKeyChecking.STRICT)
            .withSshDir(sshDir, null)
            .withDefaultUser(user)
            .withSecrets(Optional::empty, Optional::empty);
    SshConnectionFactory factory = new SshConnectionFactory(settings);
    Map<String, Object> vars = new HashMap<>();
    vars.put("ansible_host", address);
    vars.put("ansible_port", port);
    vars.put("ansible_user", user);
    vars.put("ansible_ssh_private_key_file", key.toString());
    ConnectionSpec spec = ConnectionSpec.fromVars("bench", vars);
    byte[] data = new byte[64 * 1024];
    new Random(24).nextBytes(data);
    String file = dir.resolve("payload").toString();
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = 0;
    long wall0 = 0;
    for (int i = 0; i < warmup + rounds; i++) {
      if (i == warmup) {
        cpu0 = os.getProcessCpuTime();
        wall0 = System.nanoTime();
      }
      try (Connection c = factory.open(spec)) {
        if (!c.run(RemoteCommand.argv("cat", "/proc/loadavg"), Duration.ofSeconds(30)).ok()) {
          throw new IllegalStateException("command failed");
        }
        c.put(data, file, new PutOptions(0644, null, null, Become.NONE));
        if (c.read(file, Become.NONE).orElseThrow().length != data.length) {
          throw new IllegalStateException("read back a different length");
        }
      }
    }
    double cpuMs = (os.getProcessCpuTime() - cpu0) / 1e6 / rounds;
    double wallMs = (System.nanoTime() - wall0) / 1e6 / rounds;
    System.out.printf("%.2f\t%.2f%n", cpuMs, wallMs);
    System.exit(0);
  }
}
