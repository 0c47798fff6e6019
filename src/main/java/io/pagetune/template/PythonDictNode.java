package io.pagetune.template;

import com.hubspot.jinjava.el.ext.AstDict;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.objects.collections.SizeLimitingPyMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.javax.el.ELContext;

/**
 * A dict literal as Jinja2 reads it: every key is an expression ({@code {item.name: item.value}},
 * {@code {k: 1}} reads the variable {@code k}, {@code {'x' ~ k: 1}}), where Jinjava only takes a
 * string, a number or a bare name as literal text. Keys stay text, as pagetune's dicts are; a
 * number key becomes its digits (what {@code to_json} writes), while a boolean, None or undefined
 * key fails instead of turning into different text, and a list or dict key fails as Python's
 * unhashable one.
 */
final class PythonDictNode extends AstDict {
  private static final long serialVersionUID = 1L;

  PythonDictNode(Map<AstNode, AstNode> dict) {
    super(dict);
  }

  @Override
  public Object eval(Bindings bindings, ELContext context) {
    Map<String, Object> resolved = new LinkedHashMap<>();
    for (Map.Entry<AstNode, AstNode> entry : dict.entrySet()) {
      Object key = AnsibleUndefined.require(entry.getKey().eval(bindings, context));
      resolved.put(text(key), entry.getValue().eval(bindings, context));
    }
    return new SizeLimitingPyMap(
        resolved, JinjavaInterpreter.getCurrent().getConfig().getMaxMapSize());
  }

  private static String text(Object key) {
    if (key instanceof List<?> || key instanceof Map<?, ?>) {
      throw new PythonLiteral.Unhashable("unhashable type: '" + PythonFilters.typeName(key) + "'");
    }
    if (key == null || key instanceof Boolean) {
      throw new IllegalArgumentException(
          "a dict key of "
              + (key == null ? "None" : "True or False")
              + " is not supported: pagetune's dict keys are text");
    }
    return key instanceof Number n ? PythonText.str(n) : String.valueOf(key);
  }
}
