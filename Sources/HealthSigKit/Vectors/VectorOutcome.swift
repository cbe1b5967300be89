/// What a family's checker concluded for one test.
package struct VectorOutcome {
    /// Empty when the implementation agrees with the test; else one line per disagreement,
    /// e.g. `expected bad-signature, got valid`.
    package var disagreements: [String] = []

    package static let agrees = VectorOutcome()

    package static func disagree(_ message: String) -> VectorOutcome { VectorOutcome(disagreements: [message]) }

    /// Records a disagreement when `expected` and `got` differ.
    package mutating func compare(_ what: String?, expected: String, got: String) {
        guard expected != got else { return }
        disagreements.append((what.map { "\($0): " } ?? "") + "expected \(expected), got \(got)")
    }
}
