import COpenSSL

/// One PEM block as read by OpenSSL's `PEM_read_bio`, valid only inside the
/// `PEMReader.forEachBlock` callback that received it.
struct PEMBlockView {
    /// The label between `-----BEGIN ` and `-----`, e.g. `CERTIFICATE`.
    let label: String
    /// RFC 1421 headers (`Proc-Type`, `DEK-Info`), empty for RFC 7468 blocks. OpenSSL-owned.
    let header: UnsafeMutablePointer<CChar>
    /// The base64-decoded contents. OpenSSL-owned; wiped and freed after the callback.
    let data: UnsafeMutablePointer<UInt8>
    /// Number of bytes at `data`.
    let length: Int
    /// Human-readable position: "PEM block 2 (line 14)".
    let location: String

    /// Whether the block carries RFC 1421 headers (legacy encryption).
    var hasHeaders: Bool {
        header.pointee != 0
    }

    /// A copy of the decoded contents. Only for public material (keys, certificates).
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: length))
    }
}

/// Reads PEM text (RFC 7468) with OpenSSL's PEM parser; no hand-written base64.
enum PEMReader {
    /// Labels of blocks that contain private keys (RFC 7468 §10, §11 and OpenSSL's legacy
    /// "traditional" forms).
    static func isPrivateKeyLabel(_ label: String) -> Bool {
        label.hasSuffix("PRIVATE KEY")
    }

    /// Calls `body` with each PEM block of `text` in order and returns how many there were.
    /// Text outside blocks is ignored, as OpenSSL does.
    ///
    /// - Throws: `CryptoError.invalidPEM` for a block OpenSSL cannot read (bad base64, missing
    ///   END line, mismatched labels), naming the block and line; or what `body` throws.
    @discardableResult
    static func forEachBlock(in text: String, _ body: (PEMBlockView) throws -> Void) throws -> Int {
        defer { OpenSSLErrorQueue.clear() }
        let beginLines = beginLineNumbers(in: text)
        return try MemoryBIO.reading(text) { bio in
            var count = 0
            while true {
                let location = describe(blockIndex: count + 1, beginLines: beginLines)
                var name: UnsafeMutablePointer<CChar>?
                var header: UnsafeMutablePointer<CChar>?
                var data: UnsafeMutablePointer<UInt8>?
                var length = 0
                let status = PEM_read_bio(bio, &name, &header, &data, &length)
                defer {
                    healthsig_free(name)
                    healthsig_free(header)
                    if let data { healthsig_clear_free(data, length) }
                }
                guard status == 1, let name, let header, let data else {
                    let entries = OpenSSLErrorQueue.drainEntries()
                    let atEnd = entries.last.map { $0.library == ERR_LIB_PEM && $0.reason == PEM_R_NO_START_LINE } ?? true
                    if atEnd { return count }
                    throw CryptoError.invalidPEM("\(location): OpenSSL could not read the block (\(OpenSSLErrorQueue.describe(entries)))")
                }
                count += 1
                try body(PEMBlockView(label: String(cString: name), header: header, data: data,
                                      length: length, location: location))
            }
        }
    }

    /// The contents of the only block in `text`, which must be labelled `label` and carry no
    /// headers.
    ///
    /// - Throws: `CryptoError.invalidPEM` if there is no block, more than one, or the label
    ///   differs.
    static func singleBlock(in text: String, expecting label: String) throws -> [UInt8] {
        var contents: [UInt8]?
        var problem: CryptoError?
        let count = try forEachBlock(in: text) { block in
            guard contents == nil, problem == nil else { return }
            if block.label != label {
                problem = .invalidPEM("\(block.location): expected a \(label) block, found \(block.label)")
            } else if block.hasHeaders {
                problem = .invalidPEM("\(block.location): unexpected RFC 1421 headers in a \(label) block")
            } else {
                contents = block.bytes
            }
        }
        if let problem { throw problem }
        guard count == 1, let contents else {
            throw CryptoError.invalidPEM(count == 0
                ? "no PEM block found (expected one \(label) block)"
                : "expected exactly one PEM block, found \(count); use PEMBundle.parse for bundles")
        }
        return contents
    }

    /// 1-based line numbers of the lines that start a PEM block.
    ///
    /// Scans the UTF-8 bytes: splitting the text into `Character`s cost more than OpenSSL's
    /// reading of the blocks, and a CRLF pair is one `Character`, so a CRLF file had no line
    /// breaks at all and its blocks after the first were reported without a line.
    private static func beginLineNumbers(in text: String) -> [Int] {
        let begin = Array("-----BEGIN ".utf8)
        var numbers: [Int] = []
        var text = text
        text.withUTF8 { bytes in
            var lineNumber = 1
            var lineStart = 0
            while lineStart < bytes.count {
                if bytes.count - lineStart >= begin.count,
                   UnsafeBufferPointer(rebasing: bytes[lineStart ..< lineStart + begin.count]).elementsEqual(begin) {
                    numbers.append(lineNumber)
                }
                guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
                lineNumber += 1
                lineStart = newline + 1
            }
        }
        return numbers
    }

    private static func describe(blockIndex: Int, beginLines: [Int]) -> String {
        if blockIndex <= beginLines.count {
            return "PEM block \(blockIndex) (line \(beginLines[blockIndex - 1]))"
        }
        return "PEM block \(blockIndex)"
    }
}
