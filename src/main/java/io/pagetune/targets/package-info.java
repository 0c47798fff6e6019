/**
 * One package per page-size target ({@code sap}, {@code solaris}, {@code oracle}), each behind
 * {@link io.pagetune.targets.Target}. A target package never imports another one; the list of
 * targets is built once, at the composition root.
 */
package io.pagetune.targets;
