/**
 * The {@code ssh} connection type over sshj: the connection and its factory, the entry points the
 * rest of pagetune uses, over three layers that depend one way (session and config may use hostkeys
 * types; none of them uses this package).
 *
 * <p>{@link io.pagetune.connection.ssh.SshConnectionFactory} opens one authenticated client per
 * host from one shared sshj config, limits concurrent handshakes and retries dropped ones with
 * backoff, and connects jump hosts (ProxyJump) in order; one hop's handshake, login and keepalive
 * are its package-private helpers. {@link io.pagetune.connection.ssh.SshConnection} puts together
 * the session layer for one host.
 *
 * <ul>
 *   <li>{@code hostkeys}: known_hosts files and stores, host-key verification under a {@link
 *       io.pagetune.connection.ssh.hostkeys.HostKeyChecking} mode with OpenSSH's {@code @revoked}
 *       and {@code @cert-authority} markers, fingerprints.
 *   <li>{@code config}: run-wide settings, ssh arguments from the inventory, the common subset of
 *       ~/.ssh/config, private keys, and the target they resolve to.
 *   <li>{@code session}: what runs on an authenticated client: exec channels and kept shell
 *       sessions (bounded per host, killed on the host at their timeout), the become password, file
 *       reads, stats and atomic writes through SFTP or the shell, and {@link
 *       io.pagetune.connection.ssh.session.ConnectionProbe}, which tells a lost or silent host
 *       (UNREACHABLE) from a failed operation.
 * </ul>
 */
package io.pagetune.connection.ssh;
