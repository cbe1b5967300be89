import DER
import Foundation

/// A read-only look at a DER ContentInfo/SignedData, for `healthsig inspect`: versions, signer
/// identifiers, algorithms, content, attributes, certificates and signature bytes, decoded with
/// the same strict DER parser as the verifier but **without verifying anything** — versions,
/// algorithms and signatures are shown as received.
public struct CMSSignedDataView: Sendable {
    /// The outer ContentInfo.
    public let contentInfo: ContentInfo
    /// The SignedData inside it.
    public let signedData: SignedData

    /// Parses `der`.
    ///
    /// - Throws: `DERError` for input that is not strict DER or not shaped like a SignedData;
    ///   code `.invalidValue` when the ContentInfo's type is not id-signedData.
    public init(derEncoded der: [UInt8]) throws(DERError) {
        do {
            let contentInfo = try ContentInfo(derNode: DER.parse(der))
            guard contentInfo.contentType == .idSignedData else {
                throw DERError(.invalidValue, at: contentInfo.content.node.offset,
                               "content type \(contentInfo.contentType) is not id-signedData")
            }
            self.contentInfo = contentInfo
            signedData = try SignedData(derNode: contentInfo.content.node)
        } catch let error as DERError {
            throw error
        } catch {
            throw DERError(.invalidValue, at: 0, "\(error)")
        }
    }

    /// SignedData.version as received.
    public var version: CMSVersion { signedData.version }

    /// The version RFC 5652 5.1 requires for the contents (compare with `version`).
    public var requiredVersion: CMSVersion {
        SignedData.requiredVersion(encapContentInfo: signedData.encapContentInfo,
                                   certificates: signedData.certificates, crls: signedData.crls,
                                   signerInfos: signedData.signerInfos)
    }

    /// The digestAlgorithms SET.
    public var digestAlgorithms: [AlgorithmIdentifier] { signedData.digestAlgorithms }

    /// eContentType.
    public var eContentType: DERObjectIdentifier { signedData.encapContentInfo.eContentType }

    /// The attached content, or `nil` for a detached signature.
    public var content: [UInt8]? { signedData.encapContentInfo.eContent }

    /// The embedded X.509 certificates, each as DER (parse with `Certificate(derEncoded:)`).
    public var certificates: [[UInt8]] { signedData.x509Certificates }

    /// The number of entries in `certificates [0]`, of any CertificateChoices type.
    public var certificateChoiceCount: Int { signedData.certificates?.count ?? 0 }

    /// The number of entries in `crls [1]`.
    public var crlCount: Int { signedData.crls?.count ?? 0 }

    /// The signers, in SET OF order.
    public var signerInfos: [SignerInfo] { signedData.signerInfos }
}
