import Foundation
import Testing
@testable import DER

/// Bytes from hex text; spaces are ignored. Test vectors only, so bad text is a test bug.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace }.utf8)
    precondition(digits.count % 2 == 0, "odd hex in test vector \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { i in
        UInt8(String(decoding: digits[i..<(i + 2)], as: UTF8.self), radix: 16)!
    }
}

/// Uppercase hex of bytes, for messages and expected strings.
func hexString(_ bytes: some Collection<UInt8>) -> String {
    bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
}

/// Parses a complete encoding and decodes `T` from it with its default tag.
func decodeDER<T: DERParseable>(_ type: T.Type, _ hex: String) throws -> T {
    try T(derNode: DER.parse(hexBytes(hex)))
}

/// Runs `body` and requires it to throw a `DERError` with exactly `code`.
func expectDERError(
    _ code: DERError.Code, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code.rawValue) but the input was accepted \(comment.map { "(\($0))" } ?? "")",
                     sourceLocation: sourceLocation)
    } catch let error as DERError {
        #expect(error.code == code, "got \(error) \(comment.map { "(\($0))" } ?? "")", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected DERError.\(code.rawValue), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
}

/// Encode → parse → decode gives an equal value, and re-encoding the parsed bytes reproduces
/// them exactly. Returns the encoding so callers can also pin the bytes.
@discardableResult
func expectRoundTrip<T: DERParseable & DERSerializable & Equatable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [UInt8] {
    let encoded = DER.encode(value)
    let node = try DER.parse(encoded)
    let decoded = try T(derNode: node)
    #expect(decoded == value, "\(value) decoded as \(decoded)", sourceLocation: sourceLocation)
    #expect(DER.encode(decoded) == encoded, "re-encoding \(value) changed the bytes", sourceLocation: sourceLocation)
    #expect(reencode(node) == encoded, sourceLocation: sourceLocation)
    return encoded
}

/// Writes a parsed tree back through `DERWriter` element by element (constructed elements via
/// `appendConstructed`, primitives via `appendPrimitive`), independent of any typed decoder.
func reencode(_ node: DERNode) -> [UInt8] {
    var writer = DERWriter()
    write(node, into: &writer)
    return writer.bytes
}

private func write(_ node: DERNode, into writer: inout DERWriter) {
    if node.isConstructed {
        writer.appendConstructed(node.tag) { inner in
            for child in node.children { write(child, into: &inner) }
        }
    } else {
        writer.appendPrimitive(node.tag, content: node.content)
    }
}

/// Every node of a tree in pre-order with its depth (the root has depth 0).
func flatten(_ node: DERNode, depth: Int = 0) -> [(node: DERNode, depth: Int)] {
    [(node, depth)] + node.children.flatMap { flatten($0, depth: depth + 1) }
}

/// SplitMix64: small, fast, deterministic; good enough to drive fuzz-style tests reproducibly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs the real `openssl` binary and the fixtures made with it.
enum OpenSSL {
    static let path = "/usr/bin/openssl"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs openssl with `arguments` in `directory`; returns standard output, throwing on a
    /// non-zero exit.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and stall the child.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                          + String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("DERTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a temporary directory that is deleted afterwards.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        return try body(dir)
    }

    /// `openssl asn1parse -inform DER` of `der`, as (offset, depth, header length, content
    /// length, constructed, tag name, value text) rows.
    static func asn1parse(_ der: [UInt8]) throws -> [ASN1ParseRow] {
        try withTemporaryDirectory { dir in
            let file = dir.appendingPathComponent("blob.der")
            try Data(der).write(to: file)
            let output = try run(["asn1parse", "-inform", "DER", "-in", file.path], in: dir)
            return try output.split(separator: "\n").map { try ASN1ParseRow(line: String($0)) }
        }
    }

    /// A self-signed P-256 certificate made by `openssl req -x509`, valid for 100 years so
    /// its notAfter is a GeneralizedTime (RFC 5280 4.1.2.5: years from 2050 on) while its
    /// notBefore is a UTCTime. Made once per test run.
    static let certificate: Result<[UInt8], Failure> = {
        do {
            return .success(try withTemporaryDirectory { dir in
                try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                         "-subj", "/CN=t", "-days", "36500", "-keyout", "key.pem", "-outform", "DER",
                         "-out", "cert.der"], in: dir)
                return Array(try Data(contentsOf: dir.appendingPathComponent("cert.der")))
            })
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()
}

/// One line of `openssl asn1parse` output, e.g.
/// `    4:d=1  hl=2 l=  19 cons: SEQUENCE` or `   21:d=2  hl=2 l=   1 prim: INTEGER :05`.
struct ASN1ParseRow: Equatable, CustomStringConvertible {
    let offset: Int
    let depth: Int
    let headerLength: Int
    let length: Int
    let constructed: Bool
    let tagName: String
    let value: String

    init(offset: Int, depth: Int, headerLength: Int, length: Int, constructed: Bool) {
        self.offset = offset
        self.depth = depth
        self.headerLength = headerLength
        self.length = length
        self.constructed = constructed
        tagName = ""
        value = ""
    }

    init(line: String) throws {
        // "<offset>:d=<depth>  hl=<hl> l=<len> <cons|prim>: <TAG>[ :<value>]"
        let bad = OpenSSL.Failure(description: "unexpected asn1parse line: \(line)")
        guard let colon = line.firstIndex(of: ":"), let offset = Int(line[..<colon].trimmingCharacters(in: .whitespaces))
        else { throw bad }
        let rest = line[line.index(after: colon)...]
        func number(after key: String) throws -> Int {
            guard let range = rest.range(of: key) else { throw bad }
            let digits = rest[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
            guard let value = Int(digits) else { throw bad }
            return value
        }
        self.offset = offset
        depth = try number(after: "d=")
        headerLength = try number(after: "hl=")
        length = try number(after: " l=")
        guard let kind = rest.range(of: "cons: ") ?? rest.range(of: "prim: ") else { throw bad }
        constructed = rest[kind].hasPrefix("cons")
        let tail = rest[kind.upperBound...]
        if let valueStart = tail.range(of: ":") {
            tagName = tail[..<valueStart.lowerBound].trimmingCharacters(in: .whitespaces)
            value = String(tail[valueStart.upperBound...])
        } else {
            tagName = tail.trimmingCharacters(in: .whitespaces)
            value = ""
        }
    }

    /// Only the structural fields, for comparing with our tree.
    var structure: [Int] { [offset, depth, headerLength, length, constructed ? 1 : 0] }

    var description: String { "\(offset):d=\(depth) hl=\(headerLength) l=\(length) \(constructed ? "cons" : "prim") \(tagName) \(value)" }
}
