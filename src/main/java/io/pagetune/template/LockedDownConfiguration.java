package io.pagetune.template;

import freemarker.cache.FileTemplateLoader;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.core.TemplateClassResolver;
import freemarker.ext.beans.BeansWrapper;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.TemplateMethodModelEx;
import io.pagetune.vault.Vault;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * FreeMarker configured once and locked down: no {@code ?api}, no {@code ?new} of any class, a
 * wrapper that exposes no Java methods, errors rethrown (never printed into output), numbers
 * rendered for machines ({@code 12884901888}, never {@code 12,884,901,888}).
 */
final class LockedDownConfiguration {
  private LockedDownConfiguration() {}

  /**
   * @param roots directories that {@code template: src=} names are looked up in, in order
   * @param vault decrypts vault-encrypted template files
   */
  static Configuration create(List<Path> roots, Vault vault) {
    Configuration config = new InterruptibleConfiguration(Configuration.VERSION_2_3_34);
    config.setDefaultEncoding("UTF-8");
    config.setLocale(Locale.ROOT);
    config.setTimeZone(TimeZone.getTimeZone("UTC"));
    config.setCustomNumberFormats(Map.of(WatchedNumberFormat.NAME, WatchedNumberFormat.FACTORY));
    config.setNumberFormat("@" + WatchedNumberFormat.NAME);
    config.setBooleanFormat("c");
    config.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    config.setLogTemplateExceptions(false);
    config.setWrapUncheckedExceptions(true);
    config.setFallbackOnNullLoopVariable(false);
    config.setAPIBuiltinEnabled(false);
    config.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
    config.setInterpolationSyntax(Configuration.DOLLAR_INTERPOLATION_SYNTAX);
    config.setLocalizedLookup(false);
    config.setArithmeticEngine(new WatchedArithmeticEngine());
    DefaultObjectWrapperBuilder wrapper =
        new DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34);
    wrapper.setExposureLevel(BeansWrapper.EXPOSE_NOTHING);
    wrapper.setUseAdaptersForContainers(true);
    wrapper.setIterableSupport(true);
    config.setObjectWrapper(new HostTextWrapper(wrapper));
    try {
      for (Map.Entry<String, TemplateMethodModelEx> fn : Conversions.all().entrySet()) {
        config.setSharedVariable(fn.getKey(), fn.getValue());
      }
      config.setTemplateLoader(loader(roots, vault));
    } catch (IOException e) {
      throw new IllegalStateException("cannot configure FreeMarker", e);
    }
    return config;
  }

  /** The roots that exist, in order, each decrypting vault-encrypted files. */
  private static TemplateLoader loader(List<Path> roots, Vault vault) throws IOException {
    List<TemplateLoader> loaders = new ArrayList<>();
    for (Path root : roots) {
      if (root.toFile().isDirectory()) {
        loaders.add(new VaultTemplateLoader(new FileTemplateLoader(root.toFile()), vault));
      }
    }
    return new MultiTemplateLoader(loaders.toArray(new TemplateLoader[0]));
  }
}
