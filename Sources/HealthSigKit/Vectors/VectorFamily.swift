import SampleIO

/// A family of conformance tests: one vector file, its generator and its checker.
protocol VectorFamily {
    /// `der`, `cms`, `records`, `samples`, `keys`.
    var family: String { get }
    /// Explanation of every flag this family uses.
    var notes: [String: String] { get }
    /// Lines describing the file, written as its `header`.
    var header: [String] { get }
    /// The groups and tests this implementation proposes.
    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec]
    /// Runs one test against this implementation.
    func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome
}

extension VectorFamily {
    /// `der.json`, …
    var fileName: String { family + ".json" }
}
