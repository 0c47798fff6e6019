package io.pagetune.inventory.dynamic;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.util.List;
import java.util.function.Predicate;

/**
 * Inventory plugin files ({@code plugin: NAME} YAML, as Ansible's inventory plugins take them):
 * pagetune implements {@value #SERVICENOW_CMDB}; any other plugin is refused when the file loads,
 * naming it, rather than read as an inventory with no hosts.
 */
public final class InventoryPlugins {
  public static final String SERVICENOW_CMDB = "servicenow_cmdb";
  private static final List<String> IMPLEMENTED = List.of(SERVICENOW_CMDB);

  private final DynamicSources sources;

  public InventoryPlugins(DynamicSources sources) {
    this.sources = sources;
  }

  /** A YAML inventory that names a plugin. */
  public static boolean isPluginFile(YamlValue root) {
    return root instanceof YamlValue.Mapping m && m.has("plugin");
  }

  /**
   * Loads what the plugin file's source answers.
   *
   * @param label the file as messages name it
   * @param isVault tells whether a value was decrypted from a vault
   */
  public InventoryDocument load(YamlValue.Mapping file, String label, Predicate<String> isVault) {
    YamlValue plugin = file.get("plugin");
    String name = plugin instanceof YamlValue.Scalar s ? s.asText() : "";
    if (!IMPLEMENTED.contains(name)) {
      throw new InputException(
          file.keyLocation("plugin"),
          "inventory plugin '"
              + name
              + "' is not implemented by pagetune (it implements "
              + String.join(", ", IMPLEMENTED)
              + "; or list hosts under 'all:')"
              + Suggestions.didYouMean(name, IMPLEMENTED));
    }
    CmdbSettings settings = CmdbSettings.parse(file, sources.env(), sources.cacheDir(), isVault);
    return new ServiceNowCmdb(sources).load(settings, label);
  }
}
