import Foundation
import OwnedMemory
import Testing

@Suite struct SingleOwnerTests {
    @Test func withReturnsTheBodysResultAndKeepsItsChanges() {
        let owner = SingleOwner([1, 2])
        let count = owner.with { numbers in
            numbers.append(3)
            return numbers.count
        }
        #expect(count == 3)
        #expect(owner.with { $0 } == [1, 2, 3])
    }

    @Test func aThrownErrorComesOutTypedAndChangesBeforeItAreKept() {
        struct Refused: Error, Equatable {}
        let owner = SingleOwner(0)
        #expect(throws: Refused()) {
            try owner.with { (value) throws(Refused) in
                value = 7
                throw Refused()
            }
        }
        #expect(owner.with { $0 } == 7)
    }

    #if DEBUG
    @Test func aNestedWithOfTheSameOwnerStopsTheProgramInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let owner = SingleOwner(0)
            owner.with { _ in owner.with { $0 += 1 } }
        }
    }
    #endif

    @Test func aNoncopyableStateIsLentInPlaceAndDestroyedWithItsOwner() {
        let destroyed = DestructionCounter()
        do {
            let owner = SingleOwner(Resource(counter: destroyed))
            owner.with { $0.uses += 1 }
            #expect(owner.with { $0.uses } == 1)
            #expect(destroyed.count == 0)
        }
        #expect(destroyed.count == 1)
    }
}

/// Counts the `Resource`s destroyed; each test has its own.
final class DestructionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var destroyed = 0

    var count: Int { lock.withLock { destroyed } }
    func record() { lock.withLock { destroyed += 1 } }
}

/// A value with a destructor, as a thread's OpenSSL contexts have.
struct Resource: ~Copyable {
    let counter: DestructionCounter
    var uses = 0

    deinit { counter.record() }
}
