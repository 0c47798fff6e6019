/**
 * Host keys of the SSH transport: known_hosts files and their lines (hashed names, patterns,
 * {@code @revoked} and {@code @cert-authority} markers), the stores that verify a server's key or
 * certificate under a {@link io.pagetune.connection.ssh.hostkeys.HostKeyChecking} mode (appending
 * under accept-new), and key fingerprints. Depends on no other ssh package.
 */
package io.pagetune.connection.ssh.hostkeys;
