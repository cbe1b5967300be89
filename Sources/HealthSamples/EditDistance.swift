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
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `text` if it is within `limit` edits (ties: the first listed).
    static func closest(to text: String, among candidates: [String], limit: Int) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard let d = distance(text, candidate), d <= limit else { continue }
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }
}
