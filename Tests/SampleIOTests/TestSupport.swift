import Foundation
import Testing
@testable import SampleIO

/// A fresh temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/sampleio-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }
}

/// Runs `python3 -c script arguments…` and returns its standard output; fails the test on a
/// non-zero exit.
@discardableResult
func runPython(_ script: String, _ arguments: [String] = []) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = String(decoding: errorData, as: UTF8.self)
    #expect(process.terminationStatus == 0, "python3 failed: \(errorText)")
    return String(decoding: outputData, as: UTF8.self)
}

/// Reads every chunk of a source into one array.
func drain<Source: ByteChunkSource>(_ source: inout Source) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while let chunk = try source.nextChunk() { bytes.append(contentsOf: chunk) }
    return bytes
}

/// Reads all items of an export.xml text, fed in chunks of `chunkSize` bytes.
func readItems(_ text: String, chunkSize: Int = 64 * 1024) throws -> [ExportXMLItem] {
    let reader = ExportXMLReader(source: MemoryChunkSource(text, chunkSize: chunkSize))
    var items: [ExportXMLItem] = []
    while let item = try reader.next() { items.append(item) }
    return items
}

/// Collects all tokenizer events of `text`, with the attributes of each start tag.
func tokenize(_ text: String, chunkSize: Int = 64 * 1024) throws -> [(XMLEvent, [XMLAttribute])] {
    let tokenizer = XMLPullTokenizer(source: MemoryChunkSource(text, chunkSize: chunkSize))
    var events: [(XMLEvent, [XMLAttribute])] = []
    while let event = try tokenizer.next() { events.append((event, try tokenizer.attributes())) }
    return events
}

/// The error thrown by `body`, if it is of type `E`.
func thrownError<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch let error as E {
        return error
    } catch {
        return nil
    }
}

/// 1-based line of the first occurrence of `needle` in `text`.
func lineOf(_ needle: String, in text: String) -> Int? {
    guard let range = text.range(of: needle) else { return nil }
    return text[..<range.lowerBound].filter { $0 == "\n" || $0 == "\r\n" }.count + 1
}

/// Device numbers of Linux's memory devices, for nodes made with `mknod` in a test directory
/// (never the machine's own /dev).
enum MemoryDevice {
    static let null = (major: 1, minor: 3)
    static let zero = (major: 1, minor: 5)
    static let full = (major: 1, minor: 7)
}

/// Makes a character device node at `path` (needs root, as the test suite runs in CI).
func makeCharacterDevice(_ path: String, _ numbers: (major: Int, minor: Int)) throws {
    // Linux's dev_t encoding for major < 4096 and minor < 256.
    let device = dev_t(numbers.major << 8 | numbers.minor)
    guard mknod(path, S_IFCHR | 0o666, device) == 0 else {
        let code = errno
        throw POSIXFailure(description: "mknod \(path) failed: \(String(cString: strerror(code))) (the device tests run as root)")
    }
}

/// Makes a FIFO at `path`.
func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o644) == 0 else {
        let code = errno
        throw POSIXFailure(description: "mkfifo \(path) failed: \(String(cString: strerror(code)))")
    }
}

/// The file type bits of `path` (`lstat`: a link is a link).
func fileType(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
}

/// A failed system call in test setup.
struct POSIXFailure: Error, CustomStringConvertible {
    let description: String
}
