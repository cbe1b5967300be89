import CZlib

/// zlib (RFC 1950) compression of a batch's records (docs/BATCH.md). zlib, not a hand-written
/// codec: the same library already inflates export.zip, and a decoder of our own would be input
/// parsing with nothing to gain.
enum RecordCompression {
    /// Why compressed records could not be restored.
    enum Failure: Error, Equatable {
        /// The stream is not zlib, is damaged or ends early.
        case damaged(String)
        /// The stream inflates to a different number of octets than the manifest declares.
        case lengthDiffers(declared: Int, actual: String)
        /// Octets follow the end of the zlib stream.
        case trailingOctets(Int)
    }

    /// The zlib stream of `bytes` at the best compression level.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        // compress2 cannot fail with a buffer of compressBound octets and a valid level.
        guard status == Z_OK else { return [] }
        return Array(output.prefix(Int(capacity)))
    }

    /// Inflates `stream`, which must produce exactly `length` octets and end with its last octet.
    /// The output buffer is `length` octets: the caller bounds `length` before calling.
    static func decompress(_ stream: ArraySlice<UInt8>, length: Int) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        var produced = uLong(length)
        var consumed = uLong(stream.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { input in
                uncompress2(out.baseAddress, &produced, input.baseAddress, &consumed)
            }
        }
        switch status {
        case Z_OK:
            guard Int(produced) == length else {
                throw .lengthDiffers(declared: length, actual: String(produced))
            }
            guard Int(consumed) == stream.count else { throw .trailingOctets(stream.count - Int(consumed)) }
            return output
        case Z_BUF_ERROR where Int(produced) == length:
            throw .lengthDiffers(declared: length, actual: "more")
        case Z_BUF_ERROR:
            throw .damaged("the stream ends early")
        default:
            throw .damaged("not a valid zlib stream (zlib status \(status))")
        }
    }
}
