package io.pagetune.inventory.dynamic;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.schedule.window.DurationText;
import io.pagetune.state.Sha256;
import io.pagetune.yaml.YamlValue;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code plugin: servicenow_cmdb} inventory file, checked when it loads: which CMDB table and
 * query, which field names the host, the fields that make groups ({@code group_by: {field:
 * prefix}}) and host variables ({@code host_vars: {variable: field}}), paging and the cache.
 *
 * @param user from the file, else {@code PAGETUNE_SNOW_USER}
 * @param vaultPassword the file's {@code password:}, accepted only as a vault value
 */
public record CmdbSettings(
    URI instance,
    String table,
    String query,
    String hostnameField,
    Map<String, String> groupBy,
    Map<String, String> hostVars,
    List<String> extraFields,
    int pageSize,
    Duration ttl,
    Path cacheFile,
    Optional<String> user,
    Optional<String> vaultPassword) {
  /** The environment variable that names the instance when the file does not. */
  public static final String INSTANCE_ENV = "PAGETUNE_SNOW_INSTANCE";

  static final Duration DEFAULT_TTL = Duration.ofMinutes(15);
  static final int DEFAULT_PAGE_SIZE = 500;

  private static final List<String> KEYS =
      List.of(
          "plugin",
          "instance",
          "table",
          "query",
          "hostname",
          "group_by",
          "host_vars",
          "fields",
          "page_size",
          "cache",
          "user",
          "password");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*");
  private static final Pattern TABLE = Pattern.compile("[a-z0-9_]+");

  /** Every field a page must carry: sys_id, the host name, groups, host variables, extra ones. */
  public List<String> fields() {
    Set<String> out = new LinkedHashSet<>(List.of("sys_id", hostnameField));
    out.addAll(groupBy.keySet());
    out.addAll(hostVars.values());
    out.addAll(extraFields);
    return List.copyOf(out);
  }

  /** What the cached inventory depends on: another instance, query or mapping is another cache. */
  public String cacheKey() {
    return String.join(
        "\n",
        instance.toString(),
        table,
        query,
        hostnameField,
        groupBy.toString(),
        hostVars.toString(),
        fields().toString());
  }

  /**
   * Reads the plugin file.
   *
   * @param isVault tells whether a value was decrypted from a vault
   */
  static CmdbSettings parse(
      YamlValue.Mapping file,
      Map<String, String> env,
      Path defaultCacheDir,
      java.util.function.Predicate<String> isVault) {
    for (Map.Entry<String, YamlValue.Entry> e : file.entries().entrySet()) {
      if (!KEYS.contains(e.getKey())) {
        throw new InputException(
            e.getValue().keyLocation(),
            "unknown key '"
                + e.getKey()
                + "' of a servicenow_cmdb inventory"
                + Suggestions.didYouMean(e.getKey(), KEYS));
      }
    }
    URI instance = instance(file, env);
    String table = text(file, "table", null);
    if (table == null || !TABLE.matcher(table).matches()) {
      throw new InputException(
          file.keyLocation("table"), "table must name a CMDB table such as cmdb_ci_linux_server");
    }
    String hostname = field(file, "hostname", text(file, "hostname", "fqdn"));
    Map<String, String> groupBy = mapping(file, "group_by");
    groupBy.keySet().forEach(f -> field(file, "group_by", f));
    Map<String, String> hostVars = mapping(file, "host_vars");
    hostVars.values().forEach(f -> field(file, "host_vars", f));
    List<String> extra = new ArrayList<>();
    if (file.get("fields") instanceof YamlValue.Seq s) {
      s.items().forEach(i -> extra.add(field(file, "fields", i.toPlain() + "")));
    }
    int pageSize = pageSize(file);
    YamlValue cache = file.get("cache");
    Map<String, String> cacheKeys = cache == null ? Map.of() : mapping(file, "cache");
    Duration ttl = ttl(file, cacheKeys.get("ttl"));
    String query = text(file, "query", "");
    // one file per instance, table and query; the key inside tells a changed mapping
    String key =
        Sha256.hex((instance + "\n" + table + "\n" + query).getBytes(StandardCharsets.UTF_8))
            .substring(0, 16);
    Path cacheFile =
        cacheKeys.containsKey("path")
            ? Path.of(cacheKeys.get("path"))
            : defaultCacheDir.resolve("servicenow_cmdb-" + table + "-" + key + ".json");
    Optional<String> password = Optional.ofNullable(text(file, "password", null));
    if (password.isPresent() && !isVault.test(password.get())) {
      throw new InputException(
          file.keyLocation("password"),
          "a ServiceNow password is never written in clear: encrypt it (pagetune vault"
              + " encrypt_string) or set PAGETUNE_SNOW_PASSWORD");
    }
    return new CmdbSettings(
        instance,
        table,
        query,
        hostname,
        groupBy,
        hostVars,
        extra,
        pageSize,
        ttl,
        cacheFile,
        Optional.ofNullable(text(file, "user", null)),
        password);
  }

  private static URI instance(YamlValue.Mapping file, Map<String, String> env) {
    String text = text(file, "instance", env.get(INSTANCE_ENV));
    SourceLocation at =
        file.has("instance") ? file.keyLocation("instance") : SourceLocation.of(INSTANCE_ENV);
    if (text == null || text.isBlank()) {
      throw new InputException(
          file.location(), "instance: the ServiceNow URL is missing (or set " + INSTANCE_ENV + ")");
    }
    try {
      URI uri = URI.create(text.strip());
      if (uri.getHost() == null) {
        throw new IllegalArgumentException("no host");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      // not echoed: a malformed URL may hold a password the mask cannot find
      throw new InputException(at, "not a valid URL (e.g. https://acme.service-now.com)");
    }
  }

  private static int pageSize(YamlValue.Mapping file) {
    String text = text(file, "page_size", String.valueOf(DEFAULT_PAGE_SIZE));
    if (!text.matches("[0-9]{1,5}")
        || Integer.parseInt(text) < 1
        || Integer.parseInt(text) > 10000) {
      throw new InputException(
          file.keyLocation("page_size"), "page_size must be a number from 1 to 10000");
    }
    return Integer.parseInt(text);
  }

  private static Duration ttl(YamlValue.Mapping file, String text) {
    if (text == null) {
      return DEFAULT_TTL;
    }
    Optional<Duration> d =
        text.matches("[0-9]+")
            ? Optional.of(Duration.ofSeconds(Long.parseLong(text)))
            : DurationText.parse(text);
    return d.orElseThrow(
        () ->
            new InputException(
                file.keyLocation("cache"),
                "cache ttl '" + text + "' is not a duration (seconds, or 15m, 1h, PT1H)"));
  }

  private static String field(YamlValue.Mapping file, String key, String name) {
    if (!NAME.matcher(name).matches()) {
      throw new InputException(
          file.keyLocation(key), "'" + name + "' is not a ServiceNow field name");
    }
    return name;
  }

  private static String text(YamlValue.Mapping file, String key, String otherwise) {
    YamlValue v = file.get(key);
    if (v == null || (v instanceof YamlValue.Scalar s && s.value() == null)) {
      return otherwise;
    }
    if (!(v instanceof YamlValue.Scalar s)) {
      throw new InputException(file.keyLocation(key), key + " must be a single value");
    }
    return s.asText();
  }

  /** A mapping of names to single values ({@code group_by}, {@code host_vars}, {@code cache}). */
  private static Map<String, String> mapping(YamlValue.Mapping file, String key) {
    YamlValue v = file.get(key);
    Map<String, String> out = new LinkedHashMap<>();
    if (v == null || (v instanceof YamlValue.Scalar s && s.value() == null)) {
      return out;
    }
    if (!(v instanceof YamlValue.Mapping m)) {
      throw new InputException(file.keyLocation(key), key + " must be a mapping");
    }
    m.entries()
        .forEach(
            (k, e) -> {
              if (!(e.value() instanceof YamlValue.Scalar s)) {
                throw new InputException(
                    e.keyLocation(), key + "." + k + " must be a single value");
              }
              out.put(k, s.asText());
            });
    return out;
  }
}
