/// Streams one zip entry's uncompressed bytes, chunk by chunk, from an open ``ZipArchive``.
///
/// Stored entries (method 0) are passed through; deflated entries (method 8) go through zlib's
/// raw inflate. Memory use is one input and one output chunk whatever the entry's size. When the
/// data ends, the byte count and CRC-32 are compared with the central directory: a mismatch
/// throws instead of ending the stream quietly, so a damaged export never reads as complete.
public final class ZipEntryChunkSource: ByteChunkSource {
    /// The entry being read.
    public let entry: ZipEntry
    private let file: RandomAccessFile
    private let chunkSize: Int
    private let inflater: RawInflater?
    /// Next file offset of compressed data to read, and how much is left.
    private var readOffset: UInt64
    private var compressedRemaining: UInt64
    /// Compressed input not yet consumed by zlib.
    private var input: [UInt8] = []
    private var inputOffset = 0
    private var crc = CRC32()
    private var produced: UInt64 = 0
    private var streamEnded = false
    private var finished = false

    init(file: RandomAccessFile, entry: ZipEntry, chunkSize: Int) throws {
        self.file = file
        self.entry = entry
        self.chunkSize = min(max(chunkSize, 4096), 16 * 1024 * 1024)
        guard entry.flags & 0x0001 == 0 else { throw ZipError.encryptedEntry(entry.name) }
        switch entry.compressionMethod {
        case 0: inflater = nil
        case 8: inflater = try RawInflater()
        default: throw ZipError.unsupportedCompressionMethod(entry.compressionMethod, entry: entry.name)
        }
        // Local file header (APPNOTE 4.3.7): 30 fixed bytes, then name and extra field, whose
        // lengths may differ from the central directory's, so they are read from here.
        let header = try file.read(at: entry.localHeaderOffset, count: 30)
        guard header.count == 30 else { throw ZipError.truncated(entry: entry.name) }
        guard header.littleEndianUInt32(at: 0) == ZipArchive.localHeaderSignature else {
            throw ZipError.malformed(reason: "\(entry.name): bad local file header", offset: entry.localHeaderOffset)
        }
        let variableLength = UInt64(header.littleEndianUInt16(at: 26)) + UInt64(header.littleEndianUInt16(at: 28))
        readOffset = entry.localHeaderOffset + 30 + variableLength
        compressedRemaining = entry.compressedSize
        // Refuse up front when the file cannot hold the claimed data.
        guard readOffset <= file.size, entry.compressedSize <= file.size - readOffset else {
            throw ZipError.truncated(entry: entry.name)
        }
    }

    /// Returns the next chunk of uncompressed bytes, or `nil` after the last one has been
    /// returned and the size and CRC-32 have been checked.
    ///
    /// - Throws: ``ZipError/truncated(entry:)``, ``ZipError/corruptDeflateData(entry:message:)``,
    ///   ``ZipError/crcMismatch(entry:expected:actual:)``, ``ZipError/sizeMismatch(entry:expected:actual:)``,
    ///   or ``FileReadError``.
    public func nextChunk() throws -> [UInt8]? {
        guard !finished else { return nil }
        let chunk: [UInt8]?
        if let inflater {
            chunk = try nextInflatedChunk(inflater)
        } else {
            chunk = try readCompressed()
        }
        if let chunk {
            // Never hand out more than the central directory declared: a deflate stream that
            // inflates past it (a zip bomb) is refused before its extra bytes reach the reader.
            guard UInt64(chunk.count) <= entry.uncompressedSize - produced else {
                finished = true
                throw ZipError.sizeMismatch(entry: entry.name, expected: entry.uncompressedSize,
                                            actual: produced + UInt64(chunk.count))
            }
            crc.update(chunk)
            produced += UInt64(chunk.count)
            return chunk
        }
        try finish()
        return nil
    }

    /// Reads the next piece of stored data, or `nil` when all has been read.
    private func readCompressed() throws -> [UInt8]? {
        guard compressedRemaining > 0 else { return nil }
        let count = Int(min(UInt64(chunkSize), compressedRemaining))
        let bytes = try file.read(at: readOffset, count: count)
        guard !bytes.isEmpty else { throw ZipError.truncated(entry: entry.name) }
        readOffset += UInt64(bytes.count)
        compressedRemaining -= UInt64(bytes.count)
        return bytes
    }

    private func nextInflatedChunk(_ inflater: RawInflater) throws -> [UInt8]? {
        while !streamEnded {
            if inputOffset == input.count {
                input = try readCompressed() ?? []
                inputOffset = 0
            }
            var output = [UInt8](repeating: 0, count: chunkSize)
            switch inflater.inflate(input: input, inputOffset: &inputOffset, output: &output) {
            case .failure(let failure):
                throw ZipError.corruptDeflateData(entry: entry.name, message: failure.message)
            case .success(.streamEnd(let count)):
                streamEnded = true
                if count > 0 {
                    output.removeSubrange(count...)
                    return output
                }
            case .success(.progress(let count)):
                if count > 0 {
                    output.removeSubrange(count...)
                    return output
                }
            case .success(.needsInput):
                // zlib wants more input but the entry's compressed data is exhausted.
                if inputOffset == input.count, compressedRemaining == 0 {
                    throw ZipError.truncated(entry: entry.name)
                }
            }
        }
        return nil
    }

    /// End-of-data checks (APPNOTE 4.4.7–4.4.9): size, then CRC-32.
    private func finish() throws {
        finished = true
        if inflater != nil, compressedRemaining > 0 || inputOffset < input.count {
            throw ZipError.malformed(reason: "\(entry.name): deflate stream ends before the entry's compressed data",
                                     offset: readOffset)
        }
        guard produced == entry.uncompressedSize else {
            throw ZipError.sizeMismatch(entry: entry.name, expected: entry.uncompressedSize, actual: produced)
        }
        guard crc.value == entry.crc32 else {
            throw ZipError.crcMismatch(entry: entry.name, expected: entry.crc32, actual: crc.value)
        }
    }
}
