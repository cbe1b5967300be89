/// The Levenshtein distance between two short strings, for "did you mean" hints.
enum EditDistance {
    /// Longest text compared: hints are for typos in identifiers and units, and a longer input
    /// would only cost time (the work is the product of the lengths).
    static let maximumLength = 128

    /// The number of single-character insertions, deletions and substitutions turning `a` into
    /// `b`, or nil when either is longer than ``maximumLength``.
    static func distance(_ a: String, _ b: String) -> Int? {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard a.count <= maximumLength, b.count <= maximumLength else { return nil }
        return distance(a, b, atMost: Int.max)
    }

    /// The candidate closest to `text` if it is within `limit` edits (ties: the first listed).
    static func closest(to text: String, among candidates: [String], limit: Int) -> String? {
        let text = Array(text.unicodeScalars)
        guard text.count <= maximumLength, limit >= 0 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // Only a candidate closer than the best so far can change the answer, so the work
            // stops as soon as it cannot be: hints are built for every refused item of an input.
            let bound = min(limit, (best?.distance ?? Int.max) - 1)
            guard bound >= 0, abs(candidate.unicodeScalars.count - text.count) <= bound else { continue }
            let scalars = Array(candidate.unicodeScalars)
            guard scalars.count <= maximumLength, let d = distance(text, scalars, atMost: bound) else { continue }
            best = (candidate, d)
        }
        return best?.candidate
    }

    /// The distance if it is at most `bound`, else nil. A row's minimum never decreases from
    /// one row to the next, so once it exceeds `bound` so does the distance.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if a.isEmpty { return b.count <= bound ? b.count : nil }
        if b.isEmpty { return a.count <= bound ? a.count : nil }
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1 ... b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
