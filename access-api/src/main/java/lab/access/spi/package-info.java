/**
 * What an engine implements ({@link lab.access.spi.Engine}, found through
 * {@code META-INF/services}) and the pieces every engine shares: the client base with its deadline
 * view ({@link lab.access.spi.SourceClient}), admission and the call timeout
 * ({@link lab.access.spi.CallGate}), meters through a listener ({@link lab.access.spi.CallListener})
 * and error wording. Engines use it; applications use {@code lab.access} only (a test in
 * access-api fails the build when code outside the access modules imports this package or an engine's).
 */
package lab.access.spi;
