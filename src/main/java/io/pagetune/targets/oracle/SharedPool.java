package io.pagetune.targets.oracle;

import io.pagetune.pages.HugePageConsumer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The declared Oracle instances against the pool's declared consumers ({@code
 * hugepages_consumers}): an instance the playbook also declares as {@code oracle/<sid>} is sized by
 * that declaration, the size every other pool module on the host sees too, so that they all persist
 * the same {@code vm.nr_hugepages}.
 *
 * @param ownInstances the instances sized by their SGA and the allowance, as before
 * @param names the consumer names either list covers ({@code oracle/<sid>} for an instance)
 */
record SharedPool(List<InstanceSga> ownInstances, Set<String> names) {
  SharedPool {
    ownInstances = List.copyOf(ownInstances);
    names = Set.copyOf(names);
  }

  static SharedPool of(List<InstanceSga> instances, List<HugePageConsumer> declared) {
    Set<String> names = new LinkedHashSet<>();
    declared.forEach(c -> names.add(c.name()));
    List<InstanceSga> own = new ArrayList<>();
    for (InstanceSga i : instances) {
      if (!names.contains(consumerName(i))) {
        own.add(i);
      }
    }
    own.forEach(i -> names.add(consumerName(i)));
    return new SharedPool(own, names);
  }

  /** How the pool names an instance: {@code oracle/ORCL}. */
  static String consumerName(InstanceSga i) {
    return "oracle/" + i.instance();
  }
}
