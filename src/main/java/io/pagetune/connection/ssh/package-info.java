/**
 * The {@code ssh} connection type over sshj.
 *
 * <p>{@link io.pagetune.connection.ssh.SshConnectionFactory} opens one authenticated client per
 * host from one shared sshj config, limits concurrent handshakes and retries dropped ones with
 * backoff; {@link io.pagetune.connection.ssh.SshConnection} runs commands on exec channels (bounded
 * per host), kills them on the host at their timeout, and reads, stats and atomically writes files
 * through SFTP or, without it or with become, through the shell; {@link
 * io.pagetune.connection.ssh.session.ConnectionProbe} tells a lost or silent host (UNREACHABLE)
 * from a failed operation. Host keys are checked by {@link
 * io.pagetune.connection.ssh.hostkeys.KnownHostsStore} under a {@link
 * io.pagetune.connection.ssh.hostkeys.HostKeyChecking} mode, with OpenSSH's {@code @revoked} and
 * {@code @cert-authority} markers ({@link
 * io.pagetune.connection.ssh.hostkeys.HostCertificateCheck}); {@link
 * io.pagetune.connection.ssh.config.SshConfigFile} reads the common subset of ~/.ssh/config.
 */
package io.pagetune.connection.ssh;
