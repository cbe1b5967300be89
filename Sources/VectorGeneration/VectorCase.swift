import HealthSigKit
import SampleIO

/// One test a family proposes: its identity (`comment`, unique within the family), its flags,
/// and a builder for its inputs and expected result.
///
/// The builder runs only when the test is not in the file yet, so regenerating never re-signs
/// or re-randomizes an existing test (and stays cheap).
struct VectorCase {
    /// Unique within the family; the stable identity used to match existing tests.
    let comment: String
    /// Flag names, each explained in the file's `notes`.
    let flags: [String]
    /// The test's other members (inputs and expected result), built on demand.
    let build: () throws -> [(String, JSONValue)]

    init(_ comment: String, flags: [String], build: @escaping () throws -> [(String, JSONValue)]) {
        self.comment = comment
        self.flags = flags
        self.build = build
    }
}

/// A test group as a family proposes it: a stable `name`, the group-level members (`key`,
/// `type`, …) and its cases.
struct VectorGroupSpec {
    /// Stable group name, stored in the file as the group's `name`.
    let name: String
    /// Members written once when the group is created (e.g. the trusted `key`).
    let members: () throws -> [(String, JSONValue)]
    /// The proposed tests.
    let cases: [VectorCase]
}
