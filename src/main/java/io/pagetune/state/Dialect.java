package io.pagetune.state;

/** The two databases a state store can live in; SQL that differs between them asks this. */
public enum Dialect {
  SQLITE("sqlite"),
  POSTGRESQL("postgresql");

  private final String migrationFolder;

  Dialect(String migrationFolder) {
    this.migrationFolder = migrationFolder;
  }

  /** Flyway location of this database's migrations. */
  String migrationLocation() {
    return "classpath:db/migration/" + migrationFolder;
  }
}
