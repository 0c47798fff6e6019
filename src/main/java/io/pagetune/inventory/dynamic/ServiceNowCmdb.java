package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import io.pagetune.error.CredentialMask;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.schedule.servicenow.ServiceNowCredentials;
import io.pagetune.schedule.servicenow.ServiceNowException;
import io.pagetune.schedule.servicenow.ServiceNowHttp;
import io.pagetune.state.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code servicenow_cmdb} inventory source: the cache while it is younger than its TTL, else
 * the CMDB's rows (then cached). When ServiceNow is down (5xx, no connection, a timeout) the cache
 * of any age is the inventory, with a warning; without one the load fails with one line naming the
 * file, before any host is contacted. Credentials are ServiceNow's as for change windows ({@code
 * PAGETUNE_SNOW_USER}, {@code PAGETUNE_SNOW_PASSWORD}) or the file's {@code user} and a
 * vault-encrypted {@code password}; no message and no cache file holds the password.
 */
final class ServiceNowCmdb {
  private final DynamicSources sources;

  ServiceNowCmdb(DynamicSources sources) {
    this.sources = sources;
  }

  InventoryDocument load(CmdbSettings settings, String label) {
    SourceLocation at = SourceLocation.of(label);
    CmdbCache cache = new CmdbCache(settings.cacheFile());
    String key = "sha256:" + Sha256.hex(settings.cacheKey().getBytes(StandardCharsets.UTF_8));
    Optional<CmdbCache.Entry> cached = cache.read(key, label);
    Instant now = sources.clock().instant();
    if (cached.isPresent() && now.isBefore(cached.get().fetched().plus(settings.ttl()))) {
      return cached.get().document();
    }
    try {
      List<JsonNode> rows = new CmdbTable(http(settings, at)).rows(settings);
      InventoryDocument fresh = CmdbInventory.of(label, settings, rows, sources.warnings());
      save(cache, key, now, fresh);
      return fresh;
    } catch (ServiceNowException e) {
      boolean outage =
          e.reason() == ServiceNowException.Reason.UNAVAILABLE
              || e.reason() == ServiceNowException.Reason.TIMEOUT;
      if (outage && cached.isPresent()) {
        sources
            .warnings()
            .accept(
                label
                    + ": ServiceNow is unavailable ("
                    + e.getMessage()
                    + "); using the inventory cached "
                    + age(Duration.between(cached.get().fetched(), now))
                    + " ago ("
                    + cached.get().fetched()
                    + ") from "
                    + cache.file());
        return cached.get().document();
      }
      throw new InputException(
          at,
          "cannot load the CMDB inventory: "
              + e.getMessage()
              + (outage ? "; no cached inventory at " + cache.file() : ""));
    }
  }

  private ServiceNowHttp http(CmdbSettings settings, SourceLocation at) {
    ServiceNowCredentials credentials;
    if (settings.vaultPassword().isPresent()) {
      String user =
          settings
              .user()
              .or(() -> Optional.ofNullable(sources.env().get(ServiceNowCredentials.USER_ENV)))
              .orElseThrow(
                  () ->
                      new InputException(
                          at,
                          "password is given but no user (user: or "
                              + ServiceNowCredentials.USER_ENV
                              + ")"));
      credentials = new ServiceNowCredentials(user, settings.vaultPassword().get());
    } else {
      credentials = ServiceNowCredentials.resolve(sources.env(), Optional.empty());
      if (settings.user().isPresent() && !settings.user().get().equals(credentials.user())) {
        throw new InputException(
            at, "user: " + settings.user().get() + " needs its password in the file (as a vault)");
      }
    }
    try {
      return new ServiceNowHttp(
          settings.instance(), credentials, sources.http(), sources.sleeper());
    } catch (IllegalArgumentException e) {
      throw new InputException(at, CredentialMask.mask(e.getMessage()));
    }
  }

  private void save(CmdbCache cache, String key, Instant now, InventoryDocument fresh) {
    try {
      cache.write(key, now, fresh);
    } catch (IOException e) {
      sources
          .warnings()
          .accept(
              "cannot write the CMDB cache "
                  + cache.file()
                  + " ("
                  + e.getClass().getSimpleName()
                  + "): the next outage finds no cached inventory");
    }
  }

  private static String age(Duration d) {
    long minutes = d.toMinutes();
    return minutes < 120 ? minutes + " min" : d.toHours() + " h";
  }
}
