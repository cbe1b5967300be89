import Foundation
import HealthSigKit
import SampleIO

/// Builds a family's file from the existing file and the tests the generator proposes.
///
/// Stability rule (TestVectors/README.md): a test already in the file — identified by its
/// `comment`, unique within the family — is kept byte for byte, with its `tcId`, inputs, stored
/// signature and expected result. Only proposed tests whose comment is new are built and
/// appended, to the group of the same `name` (created when missing), with `tcId`s above every
/// existing one. Tests the generator no longer proposes stay in the file.
enum VectorFileMerger {
    /// The merged document, its test count and how many tests were added.
    struct Merged {
        let document: JSONValue
        let numberOfTests: Int
        let added: Int
    }

    static func merge(existing: JSONObject?, path: String, family: some VectorFamilyGenerator,
                      proposed: [VectorGroupSpec]) throws -> Merged {
        var groups = try existing.map { try VectorFileIO.groups(of: $0, path: path) } ?? []
        var comments = Set<String>()
        var nextId = 1
        for (index, group) in groups.enumerated() {
            for test in try VectorFileIO.tests(of: group, path: path, index: index) {
                if let comment = test.string("comment") { comments.insert(comment) }
                if let id = test["tcId"]?.intValue { nextId = max(nextId, id + 1) }
            }
        }

        var added = 0
        for spec in proposed {
            let fresh = spec.cases.filter { !comments.contains($0.comment) }
            guard !fresh.isEmpty else { continue }
            var index = groups.firstIndex { $0.string("name") == spec.name }
            if index == nil {
                var group = JSONObject([JSONMember(key: "name", value: .text(spec.name))])
                for (key, value) in try spec.members() { group[key] = value }
                group["tests"] = .array([])
                groups.append(group)
                index = groups.count - 1
            }
            guard let index else { continue }
            var tests = groups[index]["tests"]?.arrayValue ?? []
            for candidate in fresh {
                var test = JSONObject([
                    JSONMember(key: "tcId", value: .int(nextId)),
                    JSONMember(key: "comment", value: .text(candidate.comment)),
                    JSONMember(key: "flags", value: .texts(candidate.flags)),
                ])
                do {
                    for (key, value) in try candidate.build() { test[key] = value }
                } catch {
                    throw VectorGenerationError.generation(family: family.family, comment: candidate.comment,
                                                      reason: "\(error)")
                }
                tests.append(.object(test))
                comments.insert(candidate.comment)
                nextId += 1
                added += 1
            }
            groups[index]["tests"] = .array(tests)
        }

        var total = 0
        for (index, group) in groups.enumerated() {
            total += try VectorFileIO.tests(of: group, path: path, index: index).count
        }
        // Notes: the family's current explanations, plus any older note still in the file.
        var notes = existing?.object("notes") ?? JSONObject()
        for (flag, text) in family.notes { notes[flag] = .text(text) }

        let document: JSONValue = .obj([
            ("family", .text(family.family)),
            ("formatVersion", .int(VectorFileIO.formatVersion)),
            ("header", .texts(family.header)),
            ("notes", .object(notes)),
            ("numberOfTests", .int(total)),
            ("schema", .text(VectorSchema.fileName)),
            ("testGroups", .array(groups.map { .object($0) })),
        ])
        return Merged(document: document, numberOfTests: total, added: added)
    }
}
