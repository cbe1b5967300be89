import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples

/// Why a sample could not be signed.
public enum SampleSigningError: Error, Sendable, CustomStringConvertible {
    /// The sample breaks a model rule (field named in the error).
    case invalidSample(SampleValidationError)
    /// A field cannot be put in the record (e.g. a date outside GeneralizedTime's range).
    case record(DERError)
    /// The CMS layer refused (e.g. the external signature does not verify).
    case cms(CMSBuilderError)

    public var description: String {
        switch self {
        case .invalidSample(let e): return e.description
        case .record(let e): return "cannot encode the record: \(e)"
        case .cms(let e): return "cannot build the signature: \(e)"
        }
    }
}

/// Signs samples: validates (``SampleValidator``, then ``PlausibilityCheck``: an impossible
/// value is refused with its field), builds the record, wraps it in the profile's SignedData and stores
/// the base64 text under `HKDigitalSignature`.
public struct SampleSigner: Sendable {
    /// The CMS options (profile defaults unless changed).
    public var builder: SignedDataBuilder

    /// Creates a signer with the given CMS options.
    public init(builder: SignedDataBuilder = SignedDataBuilder()) {
        self.builder = builder
    }

    /// The DER SignedData for `sample`.
    public func signatureDER(for sample: Sample, using provider: some CMSSignatureProvider) throws(SampleSigningError) -> [UInt8] {
        try signatureDER(for: sample, validating: true, using: provider)
    }

    /// ``signatureDER(for:using:)`` for a sample that has passed ``SampleValidator`` already
    /// (a decoder that validates what it reads): only the plausibility check is left to do.
    public func signatureDER(forValidated sample: Sample,
                             using provider: some CMSSignatureProvider) throws(SampleSigningError) -> [UInt8] {
        try signatureDER(for: sample, validating: false, using: provider)
    }

    private func signatureDER(for sample: Sample, validating: Bool,
                              using provider: some CMSSignatureProvider) throws(SampleSigningError) -> [UInt8] {
        var der: [UInt8] = []
        try withSignatureDER(for: sample, validating: validating, using: provider) { der = [UInt8](copying: $0) }
        return der
    }

    /// Lends `body` the DER SignedData of a sample that has passed ``SampleValidator`` already
    /// (``signatureDER(forValidated:using:)``), valid only until `body` returns: `sign` needs it
    /// only to write its base64 into the signed line, and with the default profile it is never
    /// put in an array (nor are the digest and signature it holds). Not generic in what `body`
    /// returns: called from another module, a generic result made every step down to the
    /// temporary storage look up type metadata at run time.
    public func withSignatureDER(forValidated sample: Sample, using provider: some CMSSignatureProvider,
                                 _ body: (UnsafeRawBufferPointer) -> Void) throws(SampleSigningError) {
        try withSignatureDER(for: sample, validating: false, using: provider, body)
    }

    /// The record is written into this thread's reused writer (``ThreadRecordWriter``): it is
    /// needed only until the SignedData holding it is built.
    private func withSignatureDER(for sample: Sample, validating: Bool, using provider: some CMSSignatureProvider,
                                  _ body: (UnsafeRawBufferPointer) -> Void) throws(SampleSigningError) {
        try check(sample, validating: validating)
        try ThreadRecordWriter.with { (writer: inout DERWriter) throws(SampleSigningError) -> Void in
            do throws(DERError) {
                try RecordWriter.write(sample, into: &writer)
            } catch {
                throw .record(error)
            }
            do throws(CMSBuilderError) {
                try writer.withUnsafeBytes { (record) throws(CMSBuilderError) in
                    try builder.withSignedContentInfo(signing: record, using: provider, body)
                }
            } catch {
                throw .cms(error)
            }
        }
    }

    /// The base64 text that goes into `HKDigitalSignature`.
    public func signature(for sample: Sample, using provider: some CMSSignatureProvider) throws(SampleSigningError) -> String {
        SignatureText.encode(try signatureDER(for: sample, using: provider))
    }

    /// `sample` with its signature added (replacing any earlier one); nothing else changes.
    public func signed(_ sample: Sample, using provider: some CMSSignatureProvider) throws(SampleSigningError) -> Sample {
        let text = try signature(for: sample, using: provider)
        var signed = sample
        var metadata = signed.metadata
        metadata.removeAll(forKey: MetadataKey.digitalSignature.storedName)
        metadata[MetadataKey.digitalSignature] = .string(text)
        signed.metadata = metadata
        return signed
    }

    /// The validated record bytes of `sample`.
    public func recordBytes(for sample: Sample) throws(SampleSigningError) -> [UInt8] {
        try recordBytes(for: sample, validating: true)
    }

    private func recordBytes(for sample: Sample, validating: Bool) throws(SampleSigningError) -> [UInt8] {
        try check(sample, validating: validating)
        do {
            return try RecordBuilder.encodedRecord(for: sample)
        } catch {
            throw .record(error)
        }
    }

    /// Refuses a sample that breaks a model rule (unless `validating` is `false`: checked
    /// already) or has an impossible value.
    private func check(_ sample: Sample, validating: Bool) throws(SampleSigningError) {
        do {
            if validating { try SampleValidator.validate(sample) }
            try PlausibilityCheck.check(sample)
            try Self.refuseUserEntered(sample)
        } catch {
            throw .invalidSample(error)
        }
    }

    /// Refuses a reading (or a correlation object) whose `HKWasUserEntered` is true: the
    /// signature says a device measured the value, and a value typed in by hand was not.
    static func refuseUserEntered(_ sample: Sample) throws(SampleValidationError) {
        func check(_ metadata: Metadata, field: @autoclosure () -> String) throws(SampleValidationError) {
            // By the two spellings, not `metadata[key]`: this runs for every signed reading, and
            // the subscript maps every key to its stored name.
            let key = MetadataKey.wasUserEntered
            let entries = metadata.entries
            for index in entries.indices where entries[index].key == key.storedName || entries[index].key == key.constantName {
                if entries[index].value.boolValue == true {
                    throw SampleValidationError(typeIdentifier: sample.typeIdentifier, field: field(), kind: .userEntered)
                }
                return
            }
        }
        try check(sample.metadata, field: "metadata.HKWasUserEntered")
        if case .correlation(let k) = sample {
            for index in k.objects.indices {
                try check(k.objects[index].metadata, field: "objects[\(index)].metadata.HKWasUserEntered")
            }
        }
    }
}
