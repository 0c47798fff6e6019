package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The profiles of one SAP instance: its instance profile and, on older layouts, its start profile
 * (domain.md §1.4). {@code instance} is the label reports use: {@code D10}, or {@code D00@host}
 * when two hosts run an instance of the same name.
 */
record SapInstanceProfiles(
    String instance, Optional<String> instanceProfile, Optional<String> startProfile) {

  /** The profile file names, instance profile first. */
  public List<String> files() {
    List<String> out = new ArrayList<>();
    instanceProfile.ifPresent(out::add);
    startProfile.ifPresent(out::add);
    return out;
  }

  /**
   * Groups file names (as {@link SapSystemFacts#instanceAndStartProfiles} lists them) by instance:
   * {@code NWP_D02_host} and {@code START_D02_host} are the same instance.
   */
  public static List<SapInstanceProfiles> group(List<String> fileNames) {
    Map<String, String[]> byKey = new LinkedHashMap<>();
    Map<String, Integer> nameCount = new LinkedHashMap<>();
    Map<String, SapProfileName> parsed = new LinkedHashMap<>();
    for (String f : fileNames) {
      Optional<SapProfileName> n = SapProfileName.parse(f);
      if (n.isEmpty() || n.get().kind() == SapProfileName.Kind.DEFAULT) {
        continue;
      }
      String key = n.get().instance() + "@" + n.get().host();
      String[] slot = byKey.computeIfAbsent(key, k -> new String[2]);
      if (slot[0] == null && slot[1] == null) {
        nameCount.merge(n.get().instance(), 1, Integer::sum);
        parsed.put(key, n.get());
      }
      slot[n.get().kind() == SapProfileName.Kind.INSTANCE ? 0 : 1] = f;
    }
    List<SapInstanceProfiles> out = new ArrayList<>();
    for (Map.Entry<String, String[]> e : byKey.entrySet()) {
      SapProfileName n = parsed.get(e.getKey());
      String label = nameCount.get(n.instance()) > 1 ? e.getKey() : n.instance();
      out.add(
          new SapInstanceProfiles(
              label, Optional.ofNullable(e.getValue()[0]), Optional.ofNullable(e.getValue()[1])));
    }
    return out;
  }
}
