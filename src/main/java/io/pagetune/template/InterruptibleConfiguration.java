package io.pagetune.template;

import freemarker.core._CoreAPI;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.Version;
import java.io.IOException;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * A FreeMarker configuration whose template files, including those pulled in by {@code <#include>}
 * and {@code <#import>}, check the thread's interrupt flag in every loop and macro, so the {@link
 * EvaluationWatchdog} can stop them. Each cached template gets its checks once, before anyone
 * processes it.
 */
final class InterruptibleConfiguration extends Configuration {
  private final Set<Template> withChecks = Collections.newSetFromMap(new WeakHashMap<>());

  InterruptibleConfiguration(Version version) {
    super(version);
  }

  @Override
  public Template getTemplate(
      String name,
      Locale locale,
      Object customLookupCondition,
      String encoding,
      boolean parseAsFTL,
      boolean ignoreMissing)
      throws IOException {
    Template t =
        super.getTemplate(name, locale, customLookupCondition, encoding, parseAsFTL, ignoreMissing);
    if (t != null) {
      synchronized (withChecks) {
        // checked once per parsed template (FreeMarker caches it); one that fails is never added,
        // so every later render of it fails the same way
        if (!withChecks.contains(t)) {
          // a template file (or one it includes) may not evaluate strings as code either
          java.util.Optional<DataEvaluatingBuiltins.Use> use =
              DataEvaluatingBuiltins.find(t.toString());
          if (use.isPresent()) {
            throw new IOException("template " + name + ": " + use.get().message());
          }
          _CoreAPI.addThreadInterruptedChecks(t);
          withChecks.add(t);
        }
      }
    }
    return t;
  }
}
