#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One value of `State` per thread, made by `make` on the thread's first use and released when
/// the thread ends: for state a hot path reuses from one sample to the next (OpenSSL contexts,
/// a record writer, a memo) that worker threads must not share, where a lock would cost more
/// than the reuse saves.
///
/// Each instance has a pthread key of its own; a thread's value lives in a ``SingleOwner`` that
/// the key's slot holds the only reference to, so ``with(_:)`` lends it without a retain. The
/// same contract applies: ``with(_:)`` is not entered again, on the same thread and for the same
/// instance, while its body runs. Instances are meant to live as long as the process (a
/// `static let`): a key is never deleted.
public final class ThreadLocal<State: ~Copyable>: Sendable {
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> State

    /// Storage whose values `make` creates, one per thread that asks for one.
    public init(_ make: @escaping @Sendable () -> State) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // The destructor cannot name `State` (a C function pointer captures no generic
            // context); releasing through `AnyObject` drops the same single reference.
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        // Only when the process has used up its keys (PTHREAD_KEYS_MAX, 1024 on Linux): a
        // fault of the program, not of any input.
        precondition(status == 0, "pthread_key_create failed (\(status))")
        self.key = key
        self.make = make
    }

    /// Runs `body` with this thread's value, made first if this thread has none, and returns
    /// what `body` returns; what `body` changes is kept for the thread's next use.
    @inlinable
    public func with<Value, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let pointer = pthread_getspecific(key) ?? makeCurrent()
        // The slot holds the owner's one reference until the thread ends and `body` runs on
        // this thread, so the owner is lent as it is: taking it out as a strong reference cost
        // an atomic retain and release on every use. `_withUnsafeGuaranteedRef` rethrows
        // untyped; the outcome carries the typed error out.
        let outcome: Result<Value, Failure> = Unmanaged<SingleOwner<State>>.fromOpaque(pointer)
            ._withUnsafeGuaranteedRef { owner in
                do throws(Failure) { return .success(try owner.with(body)) } catch { return .failure(error) }
            }
        return try outcome.get()
    }

    @usableFromInline
    func makeCurrent() -> UnsafeMutableRawPointer {
        let pointer = Unmanaged.passRetained(SingleOwner(make())).toOpaque()
        pthread_setspecific(key, pointer)
        return pointer
    }
}
