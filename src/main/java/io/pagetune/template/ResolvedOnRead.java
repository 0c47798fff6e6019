package io.pagetune.template;

/**
 * A map of many entries that are built only when read, such as {@code hostvars} (every host's
 * variables). Code that would otherwise walk a value deeply (the host-text unmarking of {@link
 * HostText#plain}, the template engine's search for templates inside a variable) reads such a map
 * one entry at a time instead, so a task pays for the entries it uses, not for the whole inventory.
 * Implementations are {@link java.util.Map}s whose {@code get} is safe to call from several
 * threads.
 */
public interface ResolvedOnRead {}
