import CMS
import CryptoBackend
import Foundation
import HealthSamples
import HealthSigKit
import SampleIO
import SampleSigning

/// Signs readings for `samples.json` and builds deviant signatures over their records.
final class SampleVectorMaker {
    let keys: TestKeyStore
    private var cache: [String: String] = [:]

    init(keys: TestKeyStore) {
        self.keys = keys
    }

    var signerA: P256PrivateKey { get throws { try keys.signerA.get() } }

    /// The base64 signature of `reading` by `key` (signer A by default), the way `healthsig
    /// sign` makes it; cached per run so tests of one reading share it.
    func signature(_ reading: String, key: P256PrivateKey? = nil, builder: SignedDataBuilder = SignedDataBuilder(),
                   label: String = "") throws -> String {
        let signer = try key ?? signerA
        let cacheKey = reading + "|" + VectorHex.encode(signer.publicKey.keyIdentifier) + "|" + label
        if let cached = cache[cacheKey] { return cached }
        let sample = try VectorSampleJSON.sample(try VectorSampleJSON.parse(reading))
        let text = try SampleSigner(builder: builder).signature(for: sample, using: signer)
        cache[cacheKey] = text
        return text
    }

    /// The record bytes of `reading`.
    func record(_ reading: String) throws -> [UInt8] {
        try RecordBuilder.encodedRecord(for: try VectorSampleJSON.sample(try VectorSampleJSON.parse(reading)))
    }

    /// The record dictionary of `reading`.
    func recordDictionary(_ reading: String) throws -> RecordDictionary {
        try RecordBuilder.record(for: try VectorSampleJSON.sample(try VectorSampleJSON.parse(reading)))
    }

    /// A SignedData over `content` by signer A (default) with changes, as base64.
    func cms(_ content: [UInt8], _ change: (inout CMSVectorBuilder) throws -> Void = { _ in }) throws -> String {
        var builder = CMSVectorBuilder(content: content, signer: try signerA)
        try change(&builder)
        return Data(try builder.build()).base64EncodedString()
    }

    /// `reading` as a stored JSON object with `signature` under `key`, then `edits` applied.
    func stored(_ reading: String, signature: String?, key: String = "HKDigitalSignature",
                _ edits: [(String, JSONValue?)] = []) throws -> JSONValue {
        var value = try VectorSampleJSON.parse(reading)
        if let signature { value = VectorSampleJSON.setting(value, "metadata." + key, .text(signature)) }
        for (path, newValue) in edits { value = VectorSampleJSON.setting(value, path, newValue) }
        return value
    }
}
