package io.pagetune.template;

import freemarker.cache.TemplateLoader;
import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultEnvelope;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

/**
 * A template loader that reads vault-encrypted template files as their plaintext, as Ansible's
 * {@code template} does; other files pass through unchanged.
 */
final class VaultTemplateLoader implements TemplateLoader {
  private final TemplateLoader files;
  private final Vault vault;

  VaultTemplateLoader(TemplateLoader files, Vault vault) {
    this.files = files;
    this.vault = vault;
  }

  /** The template's text: decrypted when it is vault text (its lines become secrets). */
  static String plain(String text, String label, Vault vault) {
    if (!VaultEnvelope.isVault(text)) {
      return text;
    }
    return new String(vault.decryptFile(text, SourceLocation.of(label)), StandardCharsets.UTF_8);
  }

  @Override
  public Object findTemplateSource(String name) throws IOException {
    Object source = files.findTemplateSource(name);
    return source == null ? null : new Named(name, source);
  }

  @Override
  public long getLastModified(Object source) {
    return files.getLastModified(((Named) source).source());
  }

  @Override
  public Reader getReader(Object source, String encoding) throws IOException {
    Named named = (Named) source;
    StringBuilder text = new StringBuilder();
    try (Reader in = files.getReader(named.source(), encoding)) {
      char[] buffer = new char[8192];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        text.append(buffer, 0, n);
      }
    }
    return new StringReader(
        UndefinedSearchValues.rewrite(plain(text.toString(), named.name(), vault)));
  }

  @Override
  public void closeTemplateSource(Object source) throws IOException {
    files.closeTemplateSource(((Named) source).source());
  }

  /** A source with the name it was asked for, for the message when it cannot be decrypted. */
  private record Named(String name, Object source) {}
}
