import SampleSigning

/// Samples per verdict while the pipeline runs, one counter per ``SampleVerdict/Kind`` in a
/// fixed array: counting a sample is an index, not the hash, probe and possible copy-on-write
/// of a Dictionary update, which the pipeline would otherwise pay once a sample.
struct VerdictTally {
    private var perKind = [Int](repeating: 0, count: SampleVerdict.Kind.allCases.count)
    /// Samples counted, of every verdict.
    private(set) var samples = 0

    /// Counts one sample with verdict `kind`.
    mutating func count(_ kind: SampleVerdict.Kind) {
        perKind[Self.slot(of: kind)] += 1
        samples += 1
    }

    /// The counts as ``VerificationTotals/counts`` holds them: a verdict no sample had is absent,
    /// as it is from a Dictionary only ever incremented.
    var counts: [SampleVerdict.Kind: Int] {
        var counts: [SampleVerdict.Kind: Int] = [:]
        for kind in SampleVerdict.Kind.allCases where perKind[Self.slot(of: kind)] != 0 {
            counts[kind] = perKind[Self.slot(of: kind)]
        }
        return counts
    }

    private static func slot(of kind: SampleVerdict.Kind) -> Int {
        switch kind {
        case .valid: 0
        case .unsigned: 1
        case .malformed: 2
        case .badSignature: 3
        case .untrustedSigner: 4
        case .contentMismatch: 5
        case .revoked: 6
        }
    }
}
