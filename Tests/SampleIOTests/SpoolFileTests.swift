import Foundation
import Testing
@testable import SampleIO

@Suite("Spool file: an anonymous temporary file")
struct SpoolFileTests {
    @Test("what is written is read back from the first byte, in order, across many chunks")
    func readsBackWhatWasWritten() throws {
        let spool = try SpoolFile()
        var expected: [UInt8] = []
        for round in 0..<40 {
            let piece = Array(repeating: UInt8(round), count: 17_000 + round)
            expected += piece
            try spool.write(piece)
        }
        var received: [UInt8] = []
        try spool.readBack { chunk throws(OutputFileError) in received += chunk }
        #expect(received == expected)
    }

    @Test("it has no name while it holds data, so nothing can be left behind")
    func hasNoName() throws {
        let spool = try SpoolFile()
        try spool.write(Array("x".utf8))
        // /proc/self/fd shows an unlinked file as "… (deleted)".
        let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { entry -> String? in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
        }
        let spools = names.filter { $0.contains("healthsig-spool-") }
        #expect(!spools.isEmpty)
        #expect(spools.allSatisfy { $0.hasSuffix(" (deleted)") })
    }
}
