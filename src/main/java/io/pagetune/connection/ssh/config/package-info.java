/**
 * Configuration of the SSH transport: run-wide {@link
 * io.pagetune.connection.ssh.config.SshSettings}, the ssh arguments an inventory gives a host, the
 * common subset of ~/.ssh/config, private key loading, and the {@link
 * io.pagetune.connection.ssh.config.SshTarget} (address, user, keys, jump hosts) they resolve to.
 * Uses only {@code hostkeys} (the checking mode) of the ssh packages.
 */
package io.pagetune.connection.ssh.config;
