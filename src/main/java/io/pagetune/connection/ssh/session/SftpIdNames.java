package io.pagetune.connection.ssh.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.sftp.PacketType;
import net.schmizz.sshj.sftp.Request;
import net.schmizz.sshj.sftp.Response;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.sftp.SFTPEngine;

/**
 * User and group names by id from the SFTP server itself: OpenSSH's {@code
 * users-groups-by-id@openssh.com} request (OpenSSH 9.1 and later, in sftp-server and internal-sftp;
 * described in OpenSSH's PROTOCOL file), which answers from the host's own user database without
 * starting a process. The request carries the uids and the gids as two strings of uint32 values;
 * the reply ({@code SSH_FXP_EXTENDED_REPLY}) carries the names in the same order as two strings of
 * strings, an empty name for an id the host does not know.
 */
final class SftpIdNames {
  static final String EXTENSION = "users-groups-by-id@openssh.com";

  private SftpIdNames() {}

  /**
   * The names of {@code ids} in their order, or empty when the server does not offer version 1 of
   * the extension or answers the request with a status (a server may refuse it, as sftp-server's
   * {@code -P} does): then the caller asks the shell.
   */
  static Optional<List<String>> lookup(SFTPClient client, List<IdNames.Id> ids) throws IOException {
    SFTPEngine engine = client.getSFTPEngine();
    // PROTOCOL: clients must check the extension's version before using it
    if (!"1".equals(engine.getServerExtensionData("users-groups-by-id", "openssh.com"))) {
      return Optional.empty();
    }
    Buffer.PlainBuffer uids = new Buffer.PlainBuffer();
    Buffer.PlainBuffer gids = new Buffer.PlainBuffer();
    for (IdNames.Id id : ids) {
      (id.isUser() ? uids : gids).putUInt32(Integer.toUnsignedLong(id.id()));
    }
    Request request =
        engine
            .newExtendedRequest(EXTENSION)
            .putString(uids.getCompactData())
            .putString(gids.getCompactData());
    Response reply = engine.request(request).retrieve(engine.getTimeoutMs(), TimeUnit.MILLISECONDS);
    if (reply.getType() != PacketType.EXTENDED_REPLY) {
      return Optional.empty();
    }
    try {
      Buffer.PlainBuffer users = new Buffer.PlainBuffer(reply.readStringAsBytes());
      Buffer.PlainBuffer groups = new Buffer.PlainBuffer(reply.readStringAsBytes());
      List<String> names = new ArrayList<>();
      for (IdNames.Id id : ids) {
        names.add((id.isUser() ? users : groups).readString(StandardCharsets.UTF_8));
      }
      return Optional.of(names);
    } catch (Buffer.BufferException e) {
      throw new IOException("a malformed " + EXTENSION + " reply: " + e.getMessage(), e);
    }
  }
}
