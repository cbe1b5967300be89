/// State that one owner touches at a time, lent to a closure as `inout`: the one way this
/// project keeps mutable state in a class that no other thread reaches at the same moment (a
/// thread's OpenSSL contexts, its record writer, a memo), instead of stored properties whose
/// every access is checked for exclusivity at run time.
///
/// The state is not checked for overlapping accesses at run time: the owner's contract is that
/// ``with(_:)`` is never entered again, for the same instance, while its body runs (on this
/// thread or another). Debug builds check the contract and stop on a nested use; a caller that
/// may nest (a record written while another is being written) takes its value out of the state
/// instead of working on it in place.
///
/// Keep large values out of the body's closure context: a closure that captures a value (a
/// `Sample`) copies it into the context, which costs more than the check this type saves.
public final class SingleOwner<State: ~Copyable> {
    @exclusivity(unchecked) @usableFromInline var state: State
    #if DEBUG
    @exclusivity(unchecked) @usableFromInline var lent = false
    #endif

    /// An owner of `state`.
    @inlinable
    public init(_ state: consuming State) {
        self.state = state
    }

    /// Runs `body` with the state and returns what it returns; what `body` changes is kept.
    @inlinable @inline(__always)
    public func with<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if DEBUG
        precondition(!lent, "SingleOwner.with entered again while its state is lent")
        lent = true
        defer { lent = false }
        #endif
        return try body(&state)
    }
}
