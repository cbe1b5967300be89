import HealthSigKit

/// A family as the generator sees it: what its file says about itself and the tests it proposes.
/// The checking half (`family`, `evaluate`) is HealthSigKit's `VectorFamily`.
protocol VectorFamilyGenerator: VectorFamily {
    /// Explanation of every flag this family uses.
    var notes: [String: String] { get }
    /// Lines describing the file, written as its `header`.
    var header: [String] { get }
    /// The groups and tests this implementation proposes.
    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec]
}
