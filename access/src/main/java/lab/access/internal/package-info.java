/**
 * Pieces the access modes share: admission control, meters, timeouts and error wording.
 * Public only so that the mode packages can use them; applications use {@code lab.access} only.
 */
package lab.access.internal;
