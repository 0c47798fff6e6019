package io.pagetune.yaml;

import java.util.Map;
import org.snakeyaml.engine.v2.api.ConstructNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.Schema;

/**
 * Marks untagged plain scalars with a private tag so {@link YamlReader} can apply Ansible's YAML
 * 1.1 resolution itself, while an explicit {@code !!str} stays a string.
 */
final class ImplicitMarkingSchema implements Schema {
  static final Tag IMPLICIT = new Tag("tag:pagetune.io,2026:implicit");

  @Override
  public ScalarResolver getScalarResolver() {
    return (value, implicit) -> Boolean.TRUE.equals(implicit) ? IMPLICIT : Tag.STR;
  }

  @Override
  public Map<Tag, ConstructNode> getSchemaTagConstructors() {
    return Map.of();
  }
}
