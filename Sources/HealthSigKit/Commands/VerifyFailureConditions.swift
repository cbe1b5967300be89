/// When `verify` exits 1 (`--fail-on`). A pipeline that keeps the verdicts as data (a Spark job,
/// a loader) wants every completed run to exit 0 and only a broken run (exit 2) retried; a CI
/// job wants a failed sample to fail the build.
public enum VerifyFailureCondition: String, Sendable, CaseIterable {
    /// Exit 0 whenever every sample got a verdict: the verdicts are in the report, and only a run
    /// that broke (usage, trust, I/O) exits non-zero (2).
    case never
    /// A signed sample is not valid, or some input is unreadable (the default).
    case failed
    /// `failed`, or a sample is unsigned, or there is no sample at all (`--require-signed`).
    case unsigned
    /// `failed`, or a batch of batch-signed samples has samples absent or no valid signature
    /// (`--require-complete`).
    case incomplete
}

/// The conditions of one run: the `--fail-on` values together with `--require-signed` and
/// `--require-complete`, which are the same as `--fail-on unsigned` and `--fail-on incomplete`.
public struct VerifyFailurePolicy: Sendable, Hashable {
    /// Whether a completed run always exits 0.
    public let never: Bool
    /// An unsigned sample, or no sample at all, fails the run.
    public let requireSigned: Bool
    /// An incomplete batch fails the run.
    public let requireComplete: Bool

    /// Why a combination of conditions is refused.
    public enum Conflict: Error, Sendable, Equatable, CustomStringConvertible {
        /// `never` named with a condition that would fail the run.
        case neverWith(String)

        public var description: String {
            switch self {
            case .neverWith(let other): "--fail-on never cannot be combined with \(other)"
            }
        }
    }

    /// The policy of `conditions` (empty: the default, `failed`) and the two flags. `never` is
    /// refused beside anything that would fail a run: the request contradicts itself.
    public init(conditions: [VerifyFailureCondition], requireSigned: Bool = false,
                requireComplete: Bool = false) throws(Conflict) {
        let named = Set(conditions)
        if named.contains(.never) {
            if let other = conditions.first(where: { $0 != .never }) { throw .neverWith("--fail-on \(other.rawValue)") }
            if requireSigned { throw .neverWith("--require-signed") }
            if requireComplete { throw .neverWith("--require-complete") }
        }
        never = named.contains(.never)
        self.requireSigned = requireSigned || named.contains(.unsigned)
        self.requireComplete = requireComplete || named.contains(.incomplete)
    }

    /// Whether a completed run with `totals` exits 0.
    public func passes(_ totals: VerificationTotals) -> Bool {
        never || totals.passes(requireSigned: requireSigned, requireComplete: requireComplete)
    }
}
