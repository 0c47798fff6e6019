package io.pagetune.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** pagetune's main classes as ArchUnit sees them, imported once for every architecture test. */
final class MainClasses {
  private MainClasses() {}

  static JavaClasses get() {
    return Holder.CLASSES;
  }

  private static final class Holder {
    static final JavaClasses CLASSES =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pagetune");
  }
}
