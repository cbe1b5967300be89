import DER
import FuzzSupport
import SampleSigning

/// Signed record decoder (docs/FORMAT.md): any input, seeded with the suite's record encodings.
/// Invariants: an accepted record re-encodes to the input byte for byte; DER errors point inside
/// the input.
@main
enum SignedRecordFuzzer {
    static func main() { FuzzerDriver.run(fuzzSignedRecord) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignedRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    do {
        let record = try SignedRecord(derEncoded: input)
        Invariant.require(RecordBuilder.encode(record.dictionary) == input, "accepted record re-encodes differently")
        _ = record.valueText
    } catch {
        if case .der(let derError) = error {
            Invariant.require(derError.offset >= 0 && derError.offset <= input.count,
                              "error offset \(derError.offset) outside \(input.count) bytes")
        }
        _ = error.description
    }
    return 0
}
