package io.pagetune.template;

import freemarker.core.Environment;
import freemarker.core.TemplateNumberFormat;
import freemarker.core.TemplateNumberFormatFactory;
import freemarker.core.TemplateValueFormatException;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateNumberModel;
import java.util.Locale;

/**
 * Numbers rendered for machines ({@code 12884901888}, FreeMarker's {@code c} format), with a look
 * at the watchdog's interrupt per number: {@code ?join} of a huge range formats every element
 * without FreeMarker ever checking the interrupt, so it stops here at its next element instead.
 */
final class WatchedNumberFormat extends TemplateNumberFormat {
  /** The name the configuration knows this format by ({@code @pagetuneC}). */
  static final String NAME = "pagetuneC";

  private final TemplateNumberFormat c;

  private WatchedNumberFormat(TemplateNumberFormat c) {
    this.c = c;
  }

  static final TemplateNumberFormatFactory FACTORY =
      new TemplateNumberFormatFactory() {
        @Override
        public TemplateNumberFormat get(String params, Locale locale, Environment env) {
          return new WatchedNumberFormat(env.getCTemplateNumberFormat());
        }
      };

  @Override
  public String formatToPlainText(TemplateNumberModel number)
      throws TemplateValueFormatException, TemplateModelException {
    WatchedArithmeticEngine.checkpoint();
    return c.formatToPlainText(number);
  }

  @Override
  public boolean isLocaleBound() {
    return c.isLocaleBound();
  }

  @Override
  public String getDescription() {
    return c.getDescription();
  }
}
