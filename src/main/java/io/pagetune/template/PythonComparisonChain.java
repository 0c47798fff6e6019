package io.pagetune.template;

import java.util.List;
import java.util.function.BiPredicate;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;

/**
 * Python's chained comparison ({@code 1 < n < 100}, {@code a == b != c}): each operand is evaluated
 * once, left to right, and the chain is false at its first false link, whose later operands are
 * never evaluated (Python language reference, "Comparisons"; Jinja2 compiles its Compare node so).
 */
final class PythonComparisonChain extends AstRightValue {
  private static final long serialVersionUID = 1L;

  /** One comparison operator with its source text. */
  record Link(String symbol, BiPredicate<Object, Object> holds) {}

  private final List<AstNode> operands;
  private final List<Link> links;

  PythonComparisonChain(List<AstNode> operands, List<Link> links) {
    if (operands.size() != links.size() + 1) {
      throw new IllegalArgumentException("a chain has one operand more than operators");
    }
    this.operands = List.copyOf(operands);
    this.links = List.copyOf(links);
  }

  @Override
  public Object eval(Bindings bindings, ELContext context) {
    Object left = operands.get(0).eval(bindings, context);
    for (int i = 0; i < links.size(); i++) {
      Object right = operands.get(i + 1).eval(bindings, context);
      if (!links.get(i).holds().test(left, right)) {
        return false;
      }
      left = right;
    }
    return true;
  }

  @Override
  public void appendStructure(StringBuilder b, Bindings bindings) {
    operands.get(0).appendStructure(b, bindings);
    for (int i = 0; i < links.size(); i++) {
      b.append(' ').append(links.get(i).symbol()).append(' ');
      operands.get(i + 1).appendStructure(b, bindings);
    }
  }

  @Override
  public int getCardinality() {
    return operands.size();
  }

  @Override
  public AstNode getChild(int i) {
    return i >= 0 && i < operands.size() ? operands.get(i) : null;
  }

  @Override
  public String toString() {
    return "comparison chain " + links.stream().map(Link::symbol).toList();
  }
}
