import CMS
import DER
import Foundation

/// The ``SignerDescription`` of each of the first few signers a trust set holds, made once per
/// verifier: every valid verdict names its signer, and writing the 20-byte key identifier out
/// in hex, a new string for every verified sample, cost more than finding it here again.
/// A signer not among them (a large trust set, an embedded certificate) is described as before.
struct TrustedSignerDescriptions: Sendable {
    private struct Entry: Sendable {
        let keyIdentifier: [UInt8]
        let description: SignerDescription
    }

    /// Entries are compared one by one, so only a few are kept: a verifier usually trusts one key.
    static let limit = 8

    private let entries: [Entry]

    init(_ trust: TrustSet) {
        var entries: [Entry] = []
        for key in trust.publicKeys.prefix(Self.limit) {
            entries.append(Entry(keyIdentifier: key.keyIdentifier,
                                 description: SignerDescription(keyIdentifier: Hex.encode(key.keyIdentifier), certificateSubject: nil)))
        }
        for certificate in trust.certificates.prefix(Self.limit - entries.count) {
            guard let key = certificate.publicKey else { continue }
            entries.append(Entry(keyIdentifier: key.keyIdentifier,
                                 description: SignerDescription(keyIdentifier: Hex.encode(key.keyIdentifier),
                                                                certificateSubject: certificate.subject)))
        }
        self.entries = entries
    }

    /// The description of the signer with `keyIdentifier` and `certificateSubject`: the same
    /// value as `SignerDescription(keyIdentifier: Hex.encode(keyIdentifier), certificateSubject:)`.
    func description(keyIdentifier: [UInt8], certificateSubject: String?) -> SignerDescription {
        for entry in entries where entry.description.certificateSubject == certificateSubject
            && ByteArrays.equal(entry.keyIdentifier, keyIdentifier) {
            return entry.description
        }
        return SignerDescription(keyIdentifier: Hex.encode(keyIdentifier), certificateSubject: certificateSubject)
    }
}
