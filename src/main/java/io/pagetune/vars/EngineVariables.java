package io.pagetune.vars;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables pagetune itself obeys whatever the play (engine settings), declared here and only
 * here. Like Ansible's {@code ansible_*}, each carries the {@code pagetune_} prefix, so that a
 * variable an inventory already uses for its own purposes (a template's {@code change_window}, a
 * role's {@code restart_commands}) never changes what pagetune does. Variables the shipped
 * playbooks document ({@code sap_sid}, {@code web_instance}, {@code hugepages_*}...) are playbook
 * inputs, not engine settings, and keep their names.
 */
public final class EngineVariables {
  /** The change window (a name in windows.yml) the host's restarts wait for. */
  public static final String CHANGE_WINDOW = "pagetune_change_window";

  /** Hosts that serve together and restart in turn (default: the host's first group). */
  public static final String RESTART_GROUP = "pagetune_restart_group";

  /** How many hosts of one restart group may restart at once (default 1). */
  public static final String MAX_CONCURRENT_RESTARTS = "pagetune_max_concurrent_restarts";

  /** How long one restart of this host takes (e.g. 45m), against the time left in the window. */
  public static final String RESTART_EXPECTED_DURATION = "pagetune_restart_expected_duration";

  /** The site's own restart command per restart kind ({@code {web_server: "..."}}). */
  public static final String RESTART_COMMANDS = "pagetune_restart_commands";

  /** How a SAP system is restarted: {@code sapcontrol} (default) or {@code soap}. */
  public static final String SAP_CONTROL = "pagetune_sap_control";

  /** The SAP instance number sapcontrol talks to when a restart names only the SID (default 00). */
  public static final String SAP_INSTANCE_NUMBER = "pagetune_sap_instance_number";

  /** {@code true}: the host is never changed, only checked (an inventory lock). */
  public static final String CHECK_ONLY = "pagetune_check_only";

  /** The largest host file a module reads whole (default 32 MiB). */
  public static final String MAX_FILE_BYTES = "pagetune_max_file_bytes";

  /** The largest directory tree a removal backs up in the journal (default 64 MiB). */
  public static final String MAX_TREE_BACKUP_BYTES = "pagetune_max_tree_backup_bytes";

  /** The most bytes one command's stream or one file read may bring from the host (32 MiB). */
  public static final String MAX_OUTPUT_BYTES = "pagetune_max_output_bytes";

  /** Lab connection: the directory standing in for the host's root (default target/lab/HOST). */
  public static final String LAB_ROOT = "pagetune_lab_root";

  /** Lab connection: the files a new lab root is seeded from (default lab/hosts/HOST). */
  public static final String LAB_SEED = "pagetune_lab_seed";

  /** Lab connection: the platform tool stand-ins (default lab/bin). */
  public static final String LAB_BIN = "pagetune_lab_bin";

  public static final String LAB_MISSING_TOOLS = "pagetune_lab_missing_tools";

  private static final String PREFIX = "pagetune_";

  /** Every engine setting with its one-line meaning, in the order above. */
  public static final Map<String, String> ALL = all();

  /**
   * The settings whose un-prefixed names earlier pagetune releases read: those names are no longer
   * read, and an inventory that still sets one is told so (never failed, never obeyed).
   */
  public static final List<String> RENAMED =
      List.of(
          CHANGE_WINDOW,
          RESTART_GROUP,
          MAX_CONCURRENT_RESTARTS,
          RESTART_EXPECTED_DURATION,
          RESTART_COMMANDS,
          SAP_CONTROL,
          SAP_INSTANCE_NUMBER);

  private EngineVariables() {}

  private static Map<String, String> all() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(CHANGE_WINDOW, "the change window (in windows.yml) the host's restarts wait for");
    m.put(RESTART_GROUP, "hosts that serve together and restart in turn");
    m.put(MAX_CONCURRENT_RESTARTS, "how many hosts of a restart group may restart at once");
    m.put(RESTART_EXPECTED_DURATION, "how long one restart of the host takes");
    m.put(RESTART_COMMANDS, "the site's own restart command per restart kind");
    m.put(SAP_CONTROL, "how a SAP system is restarted: sapcontrol or soap");
    m.put(SAP_INSTANCE_NUMBER, "the SAP instance sapcontrol talks to (default 00)");
    m.put(CHECK_ONLY, "true: the host is only ever checked, never changed");
    m.put(MAX_FILE_BYTES, "the largest host file a module reads whole");
    m.put(MAX_TREE_BACKUP_BYTES, "the largest directory tree a removal backs up in the journal");
    m.put(MAX_OUTPUT_BYTES, "the most bytes a command prints on one stream or a read returns");
    m.put(LAB_ROOT, "lab connection: the directory standing in for the host's root");
    m.put(LAB_SEED, "lab connection: the files a new lab root is seeded from");
    m.put(LAB_BIN, "lab connection: the platform tool stand-ins");
    m.put(LAB_MISSING_TOOLS, "lab connection: tools (stand-ins or base tools) the host lacks");
    return Collections.unmodifiableMap(m);
  }

  /** {@code pagetune_change_window} → {@code change_window}. */
  public static String oldName(String setting) {
    return setting.substring(PREFIX.length());
  }

  /**
   * The old un-prefixed names these variables define without the setting's own name: each is the
   * inventory's own variable, which pagetune does not obey.
   */
  public static List<String> unprefixedOnly(Map<String, Object> vars) {
    List<String> out = new ArrayList<>();
    for (String setting : RENAMED) {
      String old = oldName(setting);
      if (vars.containsKey(old) && !vars.containsKey(setting)) {
        out.add(old);
      }
    }
    return out;
  }
}
