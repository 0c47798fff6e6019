package io.pagetune.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.IfTag;
import com.hubspot.jinjava.tree.TagNode;

/**
 * {@code {% if %}} and {@code {% elif %}} with Python's truth of the condition, as Jinja2 has it
 * ({@code {% if 'false' %}} is taken, an undefined condition fails).
 */
final class PythonIfTag extends IfTag {
  private static final long serialVersionUID = 1L;

  @Override
  public boolean isPositiveIfElseNode(TagNode tagNode, JinjavaInterpreter interpreter) {
    return JinjaFilter.truthy(
        interpreter.resolveELExpression(
            tagNode.getHelpers(), tagNode.getLineNumber(), tagNode.getStartPosition()));
  }
}
