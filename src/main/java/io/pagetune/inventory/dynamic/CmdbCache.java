package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The last inventory the CMDB answered, kept in one private file (directory 0700, file 0600,
 * replaced atomically): within its TTL it saves asking ServiceNow, and during an outage it is the
 * inventory, with a warning. It holds the inventory only, never the credentials; a file made for
 * other settings (another query, group_by or host_vars) is not used.
 */
final class CmdbCache {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);

  /** A cached inventory and when ServiceNow gave it. */
  record Entry(Instant fetched, InventoryDocument document) {}

  private final Path file;

  CmdbCache(Path file) {
    this.file = file;
  }

  Path file() {
    return file;
  }

  /** The cached inventory for these settings; empty when there is none or it is unreadable. */
  @SuppressWarnings("unchecked")
  Optional<Entry> read(String key, String source) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      Map<String, Object> root = JSON.readValue(file.toFile(), Map.class);
      if (!key.equals(root.get("key"))) {
        return Optional.empty();
      }
      Instant fetched = Instant.parse(String.valueOf(root.get("fetched")));
      Map<String, Object> groups = (Map<String, Object>) root.get("groups");
      Map<String, Map<String, Object>> hostVars =
          (Map<String, Map<String, Object>>) root.get("hostvars");
      if (groups == null || hostVars == null) {
        return Optional.empty();
      }
      return Optional.of(new Entry(fetched, new InventoryDocument(source, groups, hostVars)));
    } catch (IOException | DateTimeParseException | ClassCastException e) {
      return Optional.empty();
    }
  }

  /** Replaces the cache with this answer. */
  void write(String key, Instant fetched, InventoryDocument document) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(dir)) {
      try {
        Files.createDirectories(
            dir,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } catch (FileAlreadyExistsException e) {
        // made by another run meanwhile
      }
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("key", key);
    root.put("fetched", fetched.toString());
    root.put("groups", document.groups());
    root.put("hostvars", document.hostVars());
    byte[] bytes;
    try {
      bytes = JSON.writeValueAsBytes(root);
    } catch (JsonProcessingException e) {
      throw new IOException("cannot write the CMDB cache as JSON", e);
    }
    Path tmp =
        Files.createTempFile(
            dir,
            ".cmdb-cache",
            ".tmp",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
