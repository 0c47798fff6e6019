package io.pagetune.template;

import freemarker.template.DefaultObjectWrapper;
import freemarker.template.DefaultObjectWrapperConfiguration;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateScalarModel;

/**
 * The locked-down object wrapper, plus one rule: {@link HostText} is a plain string to templates
 * (its text, nothing to call on it), and since it reaches them as a value, never as template
 * source, its {@code ${…}} and {@code <#…>} are just characters.
 */
final class HostTextWrapper extends DefaultObjectWrapper {
  HostTextWrapper(DefaultObjectWrapperConfiguration configuration) {
    super(configuration, true);
  }

  @Override
  protected TemplateModel handleUnknownType(Object obj) throws TemplateModelException {
    if (obj instanceof HostText h) {
      return new HostScalar(h.text());
    }
    return super.handleUnknownType(obj);
  }

  /** Host text as a template sees it: a plain string that functions can still tell apart. */
  record HostScalar(String text) implements TemplateScalarModel {
    @Override
    public String getAsString() {
      return text;
    }
  }
}
