package io.pagetune.template;

import freemarker.template.DefaultObjectWrapper;
import freemarker.template.DefaultObjectWrapperConfiguration;
import freemarker.template.SimpleScalar;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;

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
      return new SimpleScalar(h.text());
    }
    return super.handleUnknownType(obj);
  }
}
