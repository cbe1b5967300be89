import SampleIO

/// A family of conformance tests as the checker sees it: one vector file and how to run its tests
/// against this implementation. (The maintainer's generator, target `VectorGeneration`, adds to
/// each family what it needs to propose tests.)
package protocol VectorFamily {
    /// `der`, `cms`, `records`, `samples`, `keys`, `batch`, `revocation`, `timestamps`.
    var family: String { get }
    /// Runs one test against this implementation.
    func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome
}

extension VectorFamily {
    /// `der.json`, …
    package var fileName: String { family + ".json" }
}
