import CMS
import CryptoBackend
import DER
import Foundation

/// What a signature's RFC 3161 token (metadata `HealthSigTimestamp`, or `HealthSigBatchTimestamp`
/// for a batch signature) says, as `verify --tsa-trust` checked it (docs/TRUST.md, "Trusted
/// time"). A token that does not hold proves nothing: its `problem` is reported and the verdict is
/// the one the reading would have without it.
public struct SignatureTimestamp: Sendable, Hashable {
    /// The token's genTime; `nil` when the token could not be read.
    public let genTime: Date?
    /// The subject of the TSA certificate the token names; `nil` when it could not be read.
    public let authority: String?
    /// `nil` when the token holds: its genTime is the signature's trusted time.
    public let problemCode: String?
    /// The sentence for `problemCode`.
    public let problem: String?
    /// The reading's own date is after the trusted genTime: the device clock is ahead of the
    /// gateway that stamped it (only for a token that holds).
    public let readingAfterGenTime: Bool

    /// The trusted time, when the token holds.
    public var trustedTime: Date? { problemCode == nil ? genTime : nil }

    /// Checks the token text `text` (base64 of DER) for the signature `signatureDER` against the
    /// trusted TSAs: imprint SHA-256 of the signature bytes, TSA chain and purpose at genTime.
    public static func check(tokenText text: String, signatureDER: [UInt8], authorities: [Certificate]) -> SignatureTimestamp {
        guard let der = SignatureText.decode(text), !der.isEmpty else {
            return SignatureTimestamp(genTime: nil, authority: nil, problemCode: TimeStampError.malformed("").code,
                                      problem: "the timestamp token is not base64", readingAfterGenTime: false)
        }
        let token: TimeStampToken
        do {
            token = try TimeStampToken(der: der)
        } catch {
            return SignatureTimestamp(genTime: nil, authority: nil, problemCode: error.code, problem: error.description,
                                      readingAfterGenTime: false)
        }
        do {
            let trusted = try token.verify(imprint: TimeStampToken.imprint(ofSignature: signatureDER), trusting: authorities)
            return SignatureTimestamp(genTime: trusted.genTime, authority: trusted.authority, problemCode: nil, problem: nil,
                                      readingAfterGenTime: false)
        } catch {
            return SignatureTimestamp(genTime: token.info.genTimeDate, authority: token.signerCertificate.subject,
                                      problemCode: error.code, problem: error.description, readingAfterGenTime: false)
        }
    }

    /// This reading flagged when its own date `readingDate` is after the trusted genTime.
    func flagging(readingDate: Date) -> SignatureTimestamp {
        guard let trustedTime, readingDate > trustedTime else { return self }
        return SignatureTimestamp(genTime: genTime, authority: authority, problemCode: nil, problem: nil,
                                  readingAfterGenTime: true)
    }

    init(genTime: Date?, authority: String?, problemCode: String?, problem: String?, readingAfterGenTime: Bool) {
        self.genTime = genTime
        self.authority = authority
        self.problemCode = problemCode
        self.problem = problem
        self.readingAfterGenTime = readingAfterGenTime
    }
}

/// A ``SignatureTimestamp`` held by reference in a verdict: nearly no reading has one.
final class SignatureTimestampBox: Sendable, Hashable {
    let timestamp: SignatureTimestamp

    init(_ timestamp: SignatureTimestamp) {
        self.timestamp = timestamp
    }

    static func == (lhs: SignatureTimestampBox, rhs: SignatureTimestampBox) -> Bool { lhs.timestamp == rhs.timestamp }

    func hash(into hasher: inout Hasher) { hasher.combine(timestamp) }
}
