import Foundation
import Testing
@testable import SampleIO

@Suite("Output file writer: regular files replaced atomically")
struct OutputFileWriterTests {
    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func entries(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func writesThroughTemporaryFileAndRenames() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("out.jsonl")
        try directory.write("out.jsonl", "old content")
        let writer = try OutputFileWriter(destination: target, protecting: [directory.file("in.jsonl")])
        try writer.write("line 1\n")
        try writer.write(Array("line 2\n".utf8))
        // Until commit the destination is untouched and the temporary file sits beside it.
        #expect(try contents(target) == "old content")
        let temporary = try #require(writer.temporaryPath)
        #expect(temporary.hasPrefix(directory.file(".out.jsonl.tmp-")))
        #expect(FileManager.default.fileExists(atPath: temporary))
        try writer.commit()
        #expect(try contents(target) == "line 1\nline 2\n")
        #expect(try entries(directory) == ["out.jsonl"])
        #expect(throws: OutputFileError.alreadyFinished) { try writer.write("more") }
    }

    @Test func piecesAroundTheBufferSizeArriveWholeAndInOrder() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("out.bin")
        let writer = try OutputFileWriter(destination: target)
        // Pieces smaller than the 64 KiB buffer, one that fills it exactly, ones that straddle
        // it, and ones larger than it arriving with and without bytes already buffered.
        let sizes = [1, 700, 65_536, 65_535, 1, 2, 100_000, 65_536, 3, 200_000, 0, 64_000, 1_600, 9]
        var expected: [UInt8] = []
        for (index, size) in sizes.enumerated() {
            let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            expected += piece
            if index % 2 == 0 {
                try writer.write(piece)
            } else {
                try piece.withUnsafeBytes { try writer.write($0) }
            }
        }
        try writer.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(expected))
    }

    @Test func discardLeavesDestinationAlone() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("out.txt")
        do {
            let writer = try OutputFileWriter(destination: target)
            try writer.write("partial")
            writer.discard()
        }
        do {
            // Dropped without commit: also cleaned up.
            let writer = try OutputFileWriter(destination: target)
            try writer.write("partial")
        }
        #expect(try entries(directory).isEmpty)
    }

    @Test func refusesToOverwriteItsInput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("samples.jsonl", "data\n")
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.jsonl"), withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: directory.file("hard.jsonl"))
        let sameFile: [(String, String)] = [
            (input, input),
            (directory.file("./samples.jsonl"), input),
            (directory.file("link.jsonl"), input),
            (directory.file("hard.jsonl"), input),
            (input, directory.file("link.jsonl")),
        ]
        for (destination, protected) in sameFile {
            #expect(throws: OutputFileError.destinationIsInput(destination: destination, input: protected)) {
                _ = try OutputFileWriter(destination: destination, protecting: ["-", protected])
            }
        }
        #expect(throws: OutputFileError.destinationIsDirectory(directory.path)) {
            _ = try OutputFileWriter(destination: directory.path)
        }
        #expect(try contents(input) == "data\n")
        #expect(try entries(directory) == ["hard.jsonl", "link.jsonl", "samples.jsonl"])
        // A different file is fine.
        try OutputFileWriter.write(Array("x".utf8), to: directory.file("other.jsonl"), protecting: [input])
        #expect(try contents(directory.file("other.jsonl")) == "x")
    }

    @Test func keepsPermissionsOfReplacedFile() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("out.txt", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        try OutputFileWriter.write(Array("new".utf8), to: target)
        let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        try OutputFileWriter.write(Array("new".utf8), to: directory.file("fresh.txt"))
        #expect(try FileManager.default.attributesOfItem(atPath: directory.file("fresh.txt"))[.posixPermissions] as? Int == 0o644)
        try OutputFileWriter.write(Array("secret".utf8), to: directory.file("key.pem"), permissions: 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: directory.file("key.pem"))[.posixPermissions] as? Int == 0o600)
    }

    @Test func missingDirectoryIsATypedError() throws {
        let directory = try TemporaryDirectory()
        let error = thrownError(OutputFileError.self) { _ = try OutputFileWriter(destination: directory.file("no/such/out.txt")) }
        guard case .cannotCreateTemporaryFile(let destination, let parent, let code, _) = error else {
            Issue.record("expected cannotCreateTemporaryFile, got \(String(describing: error))")
            return
        }
        #expect(destination == directory.file("no/such/out.txt"))
        #expect(parent == directory.file("no/such"))
        #expect(code == ENOENT)
    }

    @Test func dashMeansStandardOutput() throws {
        let writer = try OutputFileWriter(destination: "-", protecting: ["-"])
        #expect(writer.temporaryPath == nil)
        try writer.write("")
        try writer.commit()
        #expect(throws: OutputFileError.alreadyFinished) { try writer.commit() }
    }
}
