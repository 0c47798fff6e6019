package io.pagetune.state;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of work on one connection, run by {@link StateStore#inTransaction}. */
@FunctionalInterface
public interface SqlWork<T> {
  T run(Connection connection) throws SQLException;
}
