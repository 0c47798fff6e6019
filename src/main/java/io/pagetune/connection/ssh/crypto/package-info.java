/**
 * The SSH transport's AES-GCM ciphers on the JDK's own provider ({@code SunJCE}'s AES-GCM with its
 * intrinsics) instead of the BouncyCastle ones sshj picks whenever BouncyCastle is on the class
 * path, and the algorithm order of sshj's config ({@link
 * io.pagetune.connection.ssh.crypto.JdkAlgorithms}): curve25519-sha256 first, on sshj's own
 * BouncyCastle X25519, which is faster than the JDK 17's. Imports no other ssh package.
 */
package io.pagetune.connection.ssh.crypto;
