package io.pagetune.state;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A connection per call, straight from the JDBC driver. The state store does little work per
 * restart, so a pool would add a dependency for nothing. Credentials stay in {@code properties} and
 * never reach {@link #toString()}.
 */
final class DriverDataSource implements DataSource {
  private final Driver driver;
  private final String url;
  private final Properties properties;
  private final String display;

  DriverDataSource(Driver driver, String url, Properties properties, String display) {
    this.driver = driver;
    this.url = url;
    this.properties = (Properties) properties.clone();
    this.display = display;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = driver.connect(url, properties);
    if (connection == null) {
      throw new SQLException("the JDBC driver does not accept " + display);
    }
    return connection;
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Properties withUser = (Properties) properties.clone();
    withUser.setProperty("user", username);
    withUser.setProperty("password", password);
    return driver.connect(url, withUser);
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  @Override
  public String toString() {
    return display;
  }
}
