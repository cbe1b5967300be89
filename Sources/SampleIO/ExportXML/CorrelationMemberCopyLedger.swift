/// Settles, once an export.xml has been read, how many unsigned top-level Records were copies of
/// correlation members (``CorrelationMemberCopy``).
///
/// A copy may come before its correlation (Records are grouped by type, correlations usually
/// follow them), so candidates are remembered until the end. The bookkeeping is bounded: at most
/// ``capacity`` distinct candidate keys and ``capacity`` distinct member keys are kept (about
/// 130 bytes each). Past either bound, further candidates are not remembered and stay counted
/// as unsigned — the safe side: `--require-signed` can then fail on a copy, never pass on a
/// sample that is really unsigned — and ``overflowed`` says so.
public struct CorrelationMemberCopyLedger: Sendable {
    /// Most distinct keys kept of each kind.
    public let capacity: Int
    private var candidates: [String: Int] = [:]
    private var members = Set<String>()
    /// Whether a key was dropped because a bound was reached.
    public private(set) var overflowed = false

    /// Creates an empty ledger.
    public init(capacity: Int = 100_000) {
        self.capacity = max(0, capacity)
    }

    /// Notes an unsigned top-level Record of a member type.
    public mutating func addCandidate(_ key: String) {
        if let count = candidates[key] {
            candidates[key] = count + 1
        } else if candidates.count < capacity {
            candidates[key] = 1
        } else {
            overflowed = true
        }
    }

    /// Notes the members of a correlation.
    public mutating func addMembers(_ keys: [String]) {
        for key in keys where !members.contains(key) {
            if members.count < capacity {
                members.insert(key)
            } else {
                overflowed = true
            }
        }
    }

    /// How many candidates were copies of a member seen in the file.
    public var copies: Int {
        candidates.reduce(0) { $0 + (members.contains($1.key) ? $1.value : 0) }
    }
}
