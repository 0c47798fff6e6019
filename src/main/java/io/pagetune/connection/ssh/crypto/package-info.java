/**
 * The SSH transport's key exchange, ciphers and digests on the JDK's own providers ({@code SunEC}'s
 * X25519, {@code SunJCE}'s AES-GCM with its intrinsics, {@code SUN}'s SHA-256) instead of the
 * BouncyCastle ones sshj picks whenever BouncyCastle is on the class path; {@link
 * io.pagetune.connection.ssh.crypto.JdkAlgorithms} puts them first in sshj's config. Imports no
 * other ssh package.
 */
package io.pagetune.connection.ssh.crypto;
