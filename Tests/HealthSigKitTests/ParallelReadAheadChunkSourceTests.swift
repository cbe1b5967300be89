import Foundation
@testable import HealthSigKit
import SampleIO
import Testing

/// ``ReadAheadChunkSource`` (an export.zip inflated on a thread of its own while read in
/// parallel) gives what its source gives, in order: every chunk, then the end or the error,
/// and again the end or the error if asked; and it lets go of its thread when dropped early.
@Suite struct ParallelReadAheadChunkSourceTests {
    /// Hands out `count` chunks of `size` bytes, then fails with `failure` or ends.
    struct Numbered: ByteChunkSource {
        let count: Int
        let size: Int
        let failure: FileReadError?
        var given = 0

        mutating func nextChunk() throws -> [UInt8]? {
            guard given < count else {
                if let failure { throw failure }
                return nil
            }
            given += 1
            return [UInt8](repeating: UInt8(truncatingIfNeeded: given), count: size)
        }
    }

    static func drain(_ source: inout some ByteChunkSource) -> (chunks: [[UInt8]], ending: String) {
        var chunks: [[UInt8]] = []
        do {
            while let chunk = try source.nextChunk() { chunks.append(chunk) }
            return (chunks, "end")
        } catch {
            return (chunks, "\(error)")
        }
    }

    @Test func chunksTheEndAndTheErrorArriveAsTheSourceGivesThem() throws {
        for failure in [nil, FileReadError.readFailed(path: "export.zip", errno: EIO, message: "I/O error")] {
            for (count, depth) in [(0, 1), (1, 1), (7, 1), (200, 4), (50, 64)] {
                var direct = Numbered(count: count, size: 1_000, failure: failure)
                var ahead = ReadAheadChunkSource(AnyByteChunkSource(Numbered(count: count, size: 1_000, failure: failure)), depth: depth)
                let expected = Self.drain(&direct)
                let read = Self.drain(&ahead)
                #expect(read.chunks == expected.chunks, "\(count) chunks, \(depth) ahead")
                #expect(read.ending == expected.ending)
                // Asked again after the end or the error, it answers the same.
                #expect(Self.drain(&ahead).ending == expected.ending)
                #expect(Self.drain(&ahead).chunks.isEmpty)
            }
        }
    }

    @Test func aSourceDroppedBeforeItsEndStopsItsThread() throws {
        for taken in [0, 1, 3, 10] {
            var ahead: ReadAheadChunkSource? = ReadAheadChunkSource(AnyByteChunkSource(Numbered(count: 1_000_000, size: 64, failure: nil)),
                                                                    depth: 2)
            for _ in 0..<taken { _ = try ahead?.nextChunk() }
            // Returns only once the thread has ended (it would otherwise read a million chunks).
            ahead = nil
            #expect(ahead == nil)
        }
    }

    @Test func anExportZipReadInPiecesReadsAsTheSequentialReader() throws {
        let fixture = try ParallelExportFixture()
        let zip = fixture.path("export.zip")
        var whole = try ExportInput.openExportXML(path: zip)
        var ahead = ReadAheadChunkSource(try ExportInput.openExportXML(path: zip))
        let expected = Self.drain(&whole)
        let read = Self.drain(&ahead)
        #expect(read.ending == "end")
        #expect(read.chunks.joined().elementsEqual(expected.chunks.joined()))
        #expect(read.chunks.count > 1 || expected.chunks.count == 1)
    }
}
