/// A value kept in memory of its own, for an object that only its own thread reaches (a thread's
/// record writer, its record memo).
///
/// Every access to a class's stored property is checked for exclusivity at run time, several
/// times per record on these objects; a value reached through this pointer is not, and the
/// object that owns it is never shared between threads, so there is nothing for the check to find.
final class ThreadOwnedState<State> {
    let pointer: UnsafeMutablePointer<State>

    init(_ initial: State) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: initial)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
