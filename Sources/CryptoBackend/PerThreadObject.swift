#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One instance of `Object` per thread, made on the thread's first use and released when the
/// thread ends: for state a hot path reuses from one sample to the next (OpenSSL contexts here,
/// the record writer and encoded-entry memo of the signing layer) that must not be shared
/// between worker threads, where a lock would cost more than the reuse saves.
///
/// It lives in this layer because the OpenSSL contexts are the lowest per-thread state; the
/// layers above that keep per-thread state of their own use the same storage.
public final class PerThreadObject<Object: AnyObject>: Sendable {
    /// The pthread key whose destructor releases a thread's instance when the thread ends.
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Object

    /// Storage whose instances `make` creates, one per thread that asks for it.
    public init(_ make: @escaping @Sendable () -> Object) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            // The destructor cannot name `Object` (a C function pointer captures no generic
            // context); releasing through `AnyObject` drops the same single reference.
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        self.key = key
        self.make = make
    }

    /// Runs `body` with this thread's instance.
    ///
    /// The thread-specific slot holds the instance's one reference until the thread ends, and
    /// `body` runs on this thread, so the instance is lent to `body` as it is: taking it out as a
    /// strong reference (`takeUnretainedValue`) cost an atomic retain and release on every use,
    /// that is on every signature, digest and record.
    @inlinable
    public func withCurrent<Value, Failure: Error>(
        _ body: (Object) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let pointer = pthread_getspecific(key) ?? {
            let pointer = Unmanaged.passRetained(make()).toOpaque()
            pthread_setspecific(key, pointer)
            return pointer
        }()
        // `_withUnsafeGuaranteedRef` rethrows untyped; the outcome carries the typed error out.
        let outcome: Result<Value, Failure> = Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef { object in
            do throws(Failure) { return .success(try body(object)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }
}
