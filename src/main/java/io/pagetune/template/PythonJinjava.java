package io.pagetune.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.el.TruthyTypeConverter;
import java.util.Properties;
import jinjava.de.odysseus.el.ExpressionFactoryImpl;
import jinjava.de.odysseus.el.tree.TreeBuilder;
import jinjava.javax.el.ExpressionFactory;

/**
 * Jinjava whose expressions take Python's truth ({@code 'false'} and {@code 'no'} are true, as any
 * non-empty string is; an undefined value fails) where Jinjava's own would read {@code 'false'} as
 * false: {@code and}, {@code or}, {@code not} and {@code x if c else y} go through it.
 */
final class PythonJinjava extends Jinjava {
  private final ExpressionFactory expressions;

  PythonJinjava(JinjavaConfig config) {
    super(config);
    Properties properties = new Properties();
    properties.setProperty(
        TreeBuilder.class.getName(), PythonParser.PythonSyntaxBuilder.class.getName());
    expressions = new ExpressionFactoryImpl(properties, new PythonTruth());
  }

  @Override
  public ExpressionFactory getExpressionFactory() {
    return expressions;
  }

  /** Jinjava's conversions, with Python's truth. */
  private static final class PythonTruth extends TruthyTypeConverter {
    private static final long serialVersionUID = 1L;

    @Override
    protected Boolean coerceToBoolean(Object value) {
      return JinjaFilter.truthy(value);
    }
  }
}
