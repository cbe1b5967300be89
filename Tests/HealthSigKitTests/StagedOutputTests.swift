import Foundation
@testable import HealthSigKit
import Testing

/// The streaming output API (open, write, commit or discard) on a FIFO: what its reader sees
/// before commit, after commit and after discard.
@Suite("Staged output: when a FIFO's reader gets the bytes")
struct StagedOutputTests {
    /// A FIFO in a fresh directory, with its read end open (non-blocking) so that opening it
    /// for writing does not wait.
    private final class FIFOWithReader {
        let directory: String
        let path: String
        let reader: Int32

        init() throws {
            directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("staged-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            path = (directory as NSString).appendingPathComponent("out.fifo")
            guard mkfifo(path, 0o644) == 0 else { throw ToolError.io(path: path, reason: "mkfifo failed") }
            reader = open(path, O_RDONLY | O_NONBLOCK)
        }

        deinit {
            close(reader)
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// What can be read now: the bytes, empty at end of file, `nil` when nothing is there yet.
        func readNow() -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 128 * 1024)
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            return count < 0 ? nil : Array(buffer.prefix(count))
        }
    }

    /// 64 KiB: the writer's flush threshold and a pipe's capacity, so one flush never blocks.
    private let piece = [UInt8](repeating: 0x61, count: 64 * 1024)

    @Test("held until commit by default: nothing before commit, everything after")
    func heldUntilCommit() throws {
        let fifo = try FIFOWithReader()
        #expect(fifo.reader >= 0)
        let output = try OutputFiles.open(fifo.path)
        try output.write(piece)
        #expect(fifo.readNow() == nil)
        try output.commit()
        #expect(fifo.readNow() == piece)
    }

    @Test("discarded: the reader gets end of file and no byte")
    func discardedWritesNothing() throws {
        let fifo = try FIFOWithReader()
        let output = try OutputFiles.open(fifo.path)
        try output.write(piece)
        output.discard()
        #expect(fifo.readNow() == [])
    }

    @Test("asWritten: the reader gets each flushed piece before commit")
    func deliveredAsWritten() throws {
        let fifo = try FIFOWithReader()
        let output = try OutputFiles.open(fifo.path, inPlaceDelivery: .asWritten)
        try output.write(piece)
        #expect(fifo.readNow() == piece)
        try output.write("tail\n")
        try output.commit()
        #expect(fifo.readNow() == Array("tail\n".utf8))
    }
}
