/**
 * What runs on one authenticated sshj client: {@link
 * io.pagetune.connection.ssh.session.HostCommands} (commands on a kept {@code /bin/sh} session or
 * an exec channel, bounded per host, the become password (sudo's when it asks, su's always), killed
 * on the host at their timeout), {@link io.pagetune.connection.ssh.session.RemoteFiles} (reads,
 * stats and atomic writes through SFTP or the shell, in one round trip on the session where they
 * can), the task timeout that bounds every wait, and {@link
 * io.pagetune.connection.ssh.session.ConnectionProbe}, which tells a lost or silent host from a
 * failed operation. Uses no other ssh package.
 */
package io.pagetune.connection.ssh.session;
