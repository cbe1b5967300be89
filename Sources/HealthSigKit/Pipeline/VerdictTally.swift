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
        perKind[kind.ordinal] += 1
        samples += 1
    }

    /// The counts as ``VerificationTotals/counts`` holds them: a verdict no sample had is absent,
    /// as it is from a Dictionary only ever incremented.
    var counts: [SampleVerdict.Kind: Int] {
        var counts: [SampleVerdict.Kind: Int] = [:]
        for (kind, count) in zip(SampleVerdict.Kind.allCases, perKind) where count != 0 {
            counts[kind] = count
        }
        return counts
    }
}

extension SampleVerdict.Kind {
    /// The kind's place in `allCases`: the index of its entry in a table built from `allCases`
    /// (the tally's counters, the report's quoted names).
    var ordinal: Int { Self.inOrder.firstIndex(of: self) ?? 0 }

    /// `allCases` made once: the synthesized property builds its array at each use.
    private static let inOrder = allCases
}
