import Foundation

/// What a verified time-stamp token proves: the signature it covers existed at `genTime`, by the
/// word of a trusted time-stamp authority.
public struct TrustedTime: Sendable, Hashable {
    /// TSTInfo genTime.
    public let genTime: Date
    /// The subject of the TSA certificate.
    public let authority: String
    /// TSTInfo serialNumber, lower-case hex.
    public let serialNumberHex: String

    /// Creates the value.
    public init(genTime: Date, authority: String, serialNumberHex: String) {
        self.genTime = genTime
        self.authority = authority
        self.serialNumberHex = serialNumberHex
    }
}
