package io.pagetune.template;

import com.hubspot.jinjava.el.ext.AstTuple;
import com.hubspot.jinjava.objects.collections.PyList;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;
import jinjava.javax.el.ELContext;

/** A tuple literal, evaluated to a {@link PythonTuple}. */
final class PythonTupleNode extends AstTuple {
  private static final long serialVersionUID = 1L;

  PythonTupleNode(AstParameters elements) {
    super(elements);
  }

  @Override
  public Object eval(Bindings bindings, ELContext context) {
    return new PythonTuple(((PyList) super.eval(bindings, context)).toList());
  }
}
