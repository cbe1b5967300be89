import CZlib

/// A raw-deflate (RFC 1951, no zlib/gzip wrapper) decompressor on top of zlib.
///
/// Why zlib: Foundation offers no deflate decoder on Linux (the Compression framework and
/// `NSData.decompressed(using:)` exist only on Apple platforms), and zlib is the reference
/// implementation of RFC 1951, present on every system. Writing our own inflate would add risk
/// for no gain. zlib also supplies the CRC-32 that zip entries are checked against.
final class RawInflater {
    /// Outcome of one ``inflate(input:inputOffset:output:)`` step.
    enum Step {
        /// Some bytes were produced or consumed; call again.
        case progress(produced: Int)
        /// The end of the deflate stream was reached.
        case streamEnd(produced: Int)
        /// No progress possible without more input.
        case needsInput
    }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(ZipError) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits -15: raw deflate with a 32 KiB window, as zip stores it (APPNOTE 4.4.5).
        let status = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .zlibFailure(code: status)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Decompresses from `input[inputOffset...]` into `output`, advancing `inputOffset` past the
    /// consumed bytes.
    func inflate(input: [UInt8], inputOffset: inout Int, output: inout [UInt8]) -> Result<Step, InflateFailure> {
        let outputCapacity = output.count
        let available = input.count - inputOffset
        var status: Int32 = Z_OK
        var consumed = 0
        var produced = 0
        input.withUnsafeBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress.map { $0 + inputOffset })
                stream.pointee.avail_in = UInt32(available)
                stream.pointee.next_out = outputBuffer.baseAddress
                stream.pointee.avail_out = UInt32(outputCapacity)
                status = CZlib.inflate(stream, Z_NO_FLUSH)
                consumed = available - Int(stream.pointee.avail_in)
                produced = outputCapacity - Int(stream.pointee.avail_out)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
        }
        inputOffset += consumed
        switch status {
        case Z_STREAM_END:
            return .success(.streamEnd(produced: produced))
        case Z_OK:
            return .success(consumed == 0 && produced == 0 ? .needsInput : .progress(produced: produced))
        case Z_BUF_ERROR:
            // zlib's "no progress possible": with output space available it means more input is needed.
            return .success(.needsInput)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            return .failure(InflateFailure(message: message))
        }
    }

    /// zlib's description of corrupt input.
    struct InflateFailure: Error {
        let message: String
    }
}
