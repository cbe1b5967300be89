import Foundation
import Testing
@testable import SampleIO

/// Outputs that are not regular files: written in place or refused, never renamed over.
@Suite("Output targets: devices, FIFOs, links and descriptors")
struct OutputTargetTests {
    private func entries(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("a character device is opened and written in place: it stays a device and no file appears beside it")
    func characterDeviceWrittenInPlace() throws {
        let directory = try TemporaryDirectory()
        let null = directory.file("null")
        try makeCharacterDevice(null, MemoryDevice.null)
        let writer = try OutputFileWriter(destination: null)
        #expect(writer.target == .inPlace(path: null))
        #expect(writer.temporaryPath == nil)
        try writer.write(Array(repeating: 0x41, count: 200_000))
        try writer.commit()
        #expect(fileType(null) == S_IFCHR)
        #expect(try entries(directory) == ["null"])
    }

    @Test("a full device: the write fails with ENOSPC naming the path, and the device is left a device")
    func fullDeviceReportsNoSpace() throws {
        let directory = try TemporaryDirectory()
        let full = directory.file("full")
        try makeCharacterDevice(full, MemoryDevice.full)
        let writer = try OutputFileWriter(destination: full)
        try writer.write("signed samples\n")
        #expect(throws: OutputFileError.writeFailed(path: full, errno: ENOSPC, message: "No space left on device")) {
            try writer.commit()
        }
        #expect(fileType(full) == S_IFCHR)
        #expect(try entries(directory) == ["full"])
    }

    @Test("a FIFO is written in place: its reader receives every byte, and it stays a FIFO")
    func fifoReaderReceivesTheBytes() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo")
        try makeFIFO(fifo)
        let payload = Array((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let received = ReceivedBytes()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            received.set(handle?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        try OutputFileWriter.write(payload, to: fifo)
        let data = try received.wait()
        #expect(Array(data) == payload)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(try entries(directory) == ["fifo"])
    }

    @Test("a directory, a block device and a socket are refused before anything is created")
    func unwritableKindsRefused() throws {
        let directory = try TemporaryDirectory()
        let block = directory.file("block")
        guard mknod(block, S_IFBLK | 0o600, dev_t(7 << 8 | 0)) == 0 else {
            Issue.record("mknod of a block device failed: \(String(cString: strerror(errno))) (the device tests run as root)")
            return
        }
        let socketPath = directory.file("socket")
        try runPython("import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", [socketPath])
        try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: false)
        #expect(throws: OutputFileError.unsupportedDestination(path: block, kind: "a block device")) {
            _ = try OutputFileWriter(destination: block)
        }
        #expect(throws: OutputFileError.unsupportedDestination(path: socketPath, kind: "a socket")) {
            _ = try OutputFileWriter(destination: socketPath)
        }
        #expect(throws: OutputFileError.destinationIsDirectory(directory.file("sub"))) {
            _ = try OutputFileWriter(destination: directory.file("sub"))
        }
        #expect(fileType(block) == S_IFBLK)
        #expect(fileType(socketPath) == S_IFSOCK)
        #expect(try entries(directory) == ["block", "socket", "sub"])
    }

    @Test("a symbolic link to a file: the file it names is replaced and the link stays a link")
    func linkToRegularFileReplacesItsTarget() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("real.jsonl", "old")
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.jsonl"), withDestinationPath: "real.jsonl")
        let writer = try OutputFileWriter(destination: directory.file("link.jsonl"))
        #expect(writer.temporaryPath?.hasPrefix(directory.file(".real.jsonl.tmp-")) == true)
        try writer.write("new")
        try writer.commit()
        #expect(fileType(directory.file("link.jsonl")) == S_IFLNK)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: target)), as: UTF8.self) == "new")
        #expect(try entries(directory) == ["link.jsonl", "real.jsonl"])
    }

    @Test("a symbolic link to nothing yet: the file is created where the chain of links ends")
    func danglingLinkCreatesItsTarget() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.file("second"), withDestinationPath: "final.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.file("first"), withDestinationPath: directory.file("second"))
        try OutputFileWriter.write(Array("made".utf8), to: directory.file("first"))
        #expect(fileType(directory.file("first")) == S_IFLNK)
        #expect(fileType(directory.file("second")) == S_IFLNK)
        #expect(fileType(directory.file("final.txt")) == S_IFREG)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory.file("final.txt"))), as: UTF8.self) == "made")
        // A loop of links is an error, not a hang.
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop-a"), withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop-b"), withDestinationPath: "loop-a")
        let error = thrownError(OutputFileError.self) { _ = try OutputFileWriter(destination: directory.file("loop-a")) }
        #expect(error == .cannotOpen(path: directory.file("loop-a"), errno: ELOOP, message: String(cString: strerror(ELOOP))))
    }

    @Test("a symbolic link to a device is followed: the device is written in place and the link stays")
    func linkToDeviceWritesTheDevice() throws {
        let directory = try TemporaryDirectory()
        try makeCharacterDevice(directory.file("full"), MemoryDevice.full)
        try FileManager.default.createSymbolicLink(atPath: directory.file("out.jsonl"), withDestinationPath: "full")
        let error = thrownError(OutputFileError.self) {
            try OutputFileWriter.write(Array("x".utf8), to: directory.file("out.jsonl"))
        }
        #expect(error == .writeFailed(path: directory.file("out.jsonl"), errno: ENOSPC, message: "No space left on device"))
        #expect(fileType(directory.file("out.jsonl")) == S_IFLNK)
        #expect(fileType(directory.file("full")) == S_IFCHR)
        #expect(try entries(directory) == ["full", "out.jsonl"])
    }

    @Test("/dev/fd/N writes the open descriptor itself: its append mode is kept and it stays open")
    func openDescriptorPathKeepsTheDescriptor() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("log.txt", "first\n")
        let descriptor = open(path, O_WRONLY | O_APPEND)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        try OutputFileWriter.write(Array("second\n".utf8), to: "/dev/fd/\(descriptor)")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "first\nsecond\n")
        #expect(fcntl(descriptor, F_GETFD) >= 0)
        #expect(OutputTarget.openDescriptorNumber("/dev/stdout") == 1)
        #expect(OutputTarget.openDescriptorNumber("/dev/stderr") == 2)
        #expect(OutputTarget.openDescriptorNumber("/proc/self/fd/7") == 7)
        #expect(OutputTarget.openDescriptorNumber("/dev/fd/") == nil)
        #expect(OutputTarget.openDescriptorNumber("/dev/fd/1x") == nil)
        #expect(OutputTarget.openDescriptorNumber("/tmp/dev/fd/1") == nil)
    }

    @Test("a regular file swapped for a FIFO before commit is left alone and the temporary file removed")
    func destinationSwappedBeforeCommit() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("out.txt", "old")
        let writer = try OutputFileWriter(destination: target)
        try writer.write("new")
        unlink(target)
        try makeFIFO(target)
        #expect(throws: OutputFileError.destinationChanged(path: target)) { try writer.commit() }
        #expect(fileType(target) == S_IFIFO)
        #expect(try entries(directory) == ["out.txt"])
    }

    @Test("the temporary file is registered for removal on signals while it exists, and only then")
    func temporaryFileRegisteredWhileLive() throws {
        let directory = try TemporaryDirectory()
        let committed = try OutputFileWriter(destination: directory.file("a.txt"))
        let discarded = try OutputFileWriter(destination: directory.file("b.txt"))
        let first = try #require(committed.temporaryPath)
        let second = try #require(discarded.temporaryPath)
        #expect(TemporaryFileRegistry.livePaths.contains(first))
        #expect(TemporaryFileRegistry.livePaths.contains(second))
        try committed.commit()
        discarded.discard()
        #expect(!TemporaryFileRegistry.livePaths.contains(first))
        #expect(!TemporaryFileRegistry.livePaths.contains(second))
        #expect(try entries(directory) == ["a.txt"])
    }
}

/// Bytes handed over from a reader thread.
private final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.signal()
        lock.unlock()
    }

    func wait() throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        while data == nil {
            guard lock.wait(until: Date().addingTimeInterval(30)) else { throw POSIXFailure(description: "the FIFO reader got nothing in 30 s") }
        }
        return data ?? Data()
    }
}
