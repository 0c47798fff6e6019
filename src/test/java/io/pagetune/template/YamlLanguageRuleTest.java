package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class YamlLanguageRuleTest {
  private static TemplateLanguage decide(String text) {
    YamlReader yaml = new YamlReader(Path.of("."));
    return YamlLanguageRule.decide("f.yml", SourceText.of(text), text, yaml.parse(text, "f.yml"));
  }

  private static InputException refused(String text) {
    return assertThrows(InputException.class, () -> decide(text));
  }

  @Test
  void jinjaSyntaxMakesAFileJinja() {
    assertEquals(TemplateLanguage.JINJA, decide("- debug:\n    msg: \"{{ x }}\"\n"));
    assertEquals(TemplateLanguage.JINJA, decide("- debug:\n    msg: \"{% if a %}y{% endif %}\"\n"));
    assertEquals(TemplateLanguage.JINJA, decide("- debug:\n    msg: \"a {# note #} b\"\n"));
  }

  @Test
  void jinjaOnlyBareConditionsMakeAFileJinja() {
    for (String c :
        List.of(
            "x is defined",
            "a | bool",
            "not x",
            "x in y",
            "a == True",
            "b != None",
            "r.rc == 0 and done")) {
      assertEquals(TemplateLanguage.JINJA, decide("- debug: {msg: hi}\n  when: " + c + "\n"), c);
    }
    assertEquals(
        TemplateLanguage.JINJA, decide("- assert:\n    that:\n      - x is defined\n      - y\n"));
  }

  @Test
  void conditionsBothLanguagesReadDecideNothing() {
    assertEquals(TemplateLanguage.FREEMARKER, decide("- debug: {msg: hi}\n  when: r.rc == 0\n"));
  }

  @Test
  void freemarkerSyntaxMakesAFileFreemarker() {
    assertEquals(TemplateLanguage.FREEMARKER, decide("- debug:\n    msg: \"${x}\"\n"));
    assertEquals(TemplateLanguage.FREEMARKER, decide("- debug: {msg: hi}\n  when: x??\n"));
    assertEquals(TemplateLanguage.FREEMARKER, decide("- debug:\n    msg: \"<#if a>y</#if>\"\n"));
  }

  @Test
  void plainYamlIsFreemarkerAsBefore() {
    assertEquals(TemplateLanguage.FREEMARKER, decide("- debug:\n    msg: hello\n"));
  }

  @Test
  void theMarkerDecides() {
    assertEquals(
        TemplateLanguage.JINJA, decide("# pagetune: jinja\n- debug:\n    msg: \"${X}\"\n"));
    assertEquals(
        TemplateLanguage.FREEMARKER,
        decide("---\n# pagetune: freemarker\n- shell: echo ${ORACLE_HOME}\n"));
    InputException e = refused("# pagetune: mustache\n- debug: {msg: hi}\n");
    assertEquals("f.yml:1:13", e.location().toString());
  }

  @Test
  void shellTextInAJinjaFileIsPlainAsInAnsible() {
    assertEquals(
        TemplateLanguage.JINJA,
        decide(
            "- shell: echo ${ORACLE_HOME} ${sid} {{ x }}\n"
                + "- lineinfile:\n    path: /p\n    line: 'export A=${pg_home}'\n"
                + "- debug:\n    msg: \"${HOME}\"\n"));
  }

  @Test
  void freemarkerBesideJinjaIsRefusedAsAMix() {
    InputException e =
        refused("- debug:\n    msg: \"{{ a }}\"\n- debug:\n    msg: \"${sid?lower_case}\"\n");
    assertEquals("f.yml:4:11", e.location().toString());
    assertTrue(e.getMessage().contains("mixes FreeMarker and Jinja"), e.getMessage());
    InputException cond = refused("- debug: {msg: \"{{ a }}\"}\n  when: x??\n");
    assertTrue(cond.getMessage().contains("mixes FreeMarker and Jinja"), cond.getMessage());
  }

  @Test
  void aLoneUpperCaseShellVariableIsAmbiguous() {
    InputException e = refused("- shell: echo\n- shell: ls ${ORACLE_HOME}/bin\n");
    assertEquals("f.yml:2:13", e.location().toString());
    assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
    assertTrue(e.getMessage().contains("# pagetune: jinja"), e.getMessage());
  }

  @Test
  void anUpperCaseVariableBesideOtherFreemarkerIsFreemarker() {
    assertEquals(TemplateLanguage.FREEMARKER, decide("- shell: ls ${ORACLE_HOME}/bin ${sid}\n"));
  }

  @Test
  void shellOnlyExpansionsAreNotFreemarker() {
    assertEquals(TemplateLanguage.JINJA, decide("- shell: echo ${HOME:-/root}\n"));
    assertEquals(TemplateLanguage.JINJA, decide("- shell: echo ${#args}\n"));
    assertEquals(TemplateLanguage.JINJA, decide("- shell: echo ${path%%/*}\n"));
  }

  @Test
  void shippedContentStaysFreemarker() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    YamlReader yaml = new YamlReader(root);
    List<Path> files;
    try (Stream<Path> s =
        Stream.concat(
            Files.walk(root.resolve("playbooks")), Files.walk(root.resolve("inventory")))) {
      files = s.filter(p -> p.toString().endsWith(".yml")).toList();
    }
    assertTrue(files.size() >= 5, files.toString());
    for (Path f : files) {
      String label = yaml.label(f);
      SourceText source = SourceText.read(f);
      assertEquals(
          TemplateLanguage.FREEMARKER,
          YamlLanguageRule.decide(label, source, source.text(), yaml.read(f)),
          label);
    }
  }
}
