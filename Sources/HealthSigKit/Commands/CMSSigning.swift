import CMS
import CryptoBackend
import Foundation
import SampleSigning

/// `healthsig cms sign|verify`: the CMS profile applied to arbitrary file content.
public enum CMSSigning {
    /// CMS options chosen on the command line.
    public struct Options: Sendable {
        public var certificatePath: String?
        public var issuerAndSerial: Bool
        public var signedAttributes: Bool
        public var embedCertificate: Bool
        /// `sign --allow-outside-validity`: sign readings dated outside the certificate's
        /// validity instead of refusing them (``CertificatePeriodCheck``).
        public var allowOutsideValidity: Bool

        public init(certificatePath: String? = nil, issuerAndSerial: Bool = false,
                    signedAttributes: Bool = false, embedCertificate: Bool = false, allowOutsideValidity: Bool = false) {
            self.certificatePath = certificatePath
            self.issuerAndSerial = issuerAndSerial
            self.signedAttributes = signedAttributes
            self.embedCertificate = embedCertificate
            self.allowOutsideValidity = allowOutsideValidity
        }
    }

    /// The check `sign` makes of each reading's date against `builder`'s certificate, unless
    /// `options` allow readings outside its validity or there is no certificate.
    public static func periodCheck(_ builder: SignedDataBuilder, _ options: Options) -> CertificatePeriodCheck? {
        guard !options.allowOutsideValidity, let certificate = builder.signerCertificate else { return nil }
        return CertificatePeriodCheck(certificate: certificate)
    }

    /// How the signature file is encoded.
    public enum InputForm: String, Sendable {
        case der, base64, auto
    }

    /// The builder for `options` (profile defaults otherwise). A certificate whose purpose
    /// forbids signing readings (docs/VERIFY.md, "Signer certificates") is refused here: every
    /// signature it vouched for would verify `untrusted-signer`.
    public static func builder(_ options: Options) throws(ToolError) -> SignedDataBuilder {
        let certificate = try options.certificatePath.map { path throws(ToolError) in try KeyFiles.loadCertificate(path) }
        if let certificate, let path = options.certificatePath, let problem = certificate.signingPurposeProblem {
            throw .keyMaterial(path: path, reason: "\(certificate.subject) cannot vouch for the signatures: \(problem) "
                               + "(signer certificate rule: \(problem.rule)), so a verifier would refuse every one as "
                               + "untrusted-signer; give the device's own certificate (keygen --issuer or --cert)")
        }
        return SignedDataBuilder(
            signerIdentification: options.issuerAndSerial ? .issuerAndSerialNumber : .subjectKeyIdentifier,
            signerCertificate: certificate,
            embedsSignerCertificate: options.embedCertificate,
            includesSignedAttributes: options.signedAttributes,
            signingTime: options.signedAttributes ? Date() : nil)
    }

    /// Signs the bytes of `contentPath` and returns the DER ContentInfo.
    /// `keyWarning` is told of a passphrase given for a key that is not encrypted.
    public static func sign(contentPath: String, keyPath: String, passphrase: KeyFiles.PassphraseSource,
                            options: Options, keyWarning: ((String) -> Void)? = nil) throws(ToolError) -> [UInt8] {
        let key = try KeyFiles.loadPrivateKey(keyPath, passphrase: passphrase, warning: keyWarning)
        let builder = try builder(options)
        let content = try FileAccess.readBytes(contentPath)
        do {
            return try builder.sign(content, using: key)
        } catch {
            throw .keyMaterial(path: options.certificatePath ?? keyPath, reason: error.description)
        }
    }

    /// Decodes a signature file: DER as is, base64 text (whitespace ignored; PEM armour lines
    /// such as `-----BEGIN CMS-----` are dropped), or by sniffing (`auto`: a first byte 0x30
    /// is DER). `nil` when `base64` was asked for and the text is not base64; in `auto` mode
    /// such bytes are returned unchanged so the DER parser reports where they go wrong.
    public static func decodeSignature(_ bytes: [UInt8], form: InputForm) -> [UInt8]? {
        switch form {
        case .der:
            return bytes
        case .base64, .auto:
            if form == .auto, bytes.first == 0x30 { return bytes }
            let text = String(decoding: bytes, as: UTF8.self)
            let body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
            guard let data = Data(base64Encoded: String(body.filter { !$0.isWhitespace })) else {
                return form == .auto ? bytes : nil
            }
            return Array(data)
        }
    }

    /// Verifies the signature in `inputPath` against the trust paths. A signature file that
    /// is not base64 although `inform` says so is `malformed`, like any other broken input.
    /// `certificateTime`: when certificates must be valid (`nil`: now; a bare SignedData states
    /// no reading time).
    public static func verify(inputPath: String, inform: InputForm, trustPaths: [String], detachedContentPath: String?,
                              certificateTime: Date? = nil,
                              skippedTrustEntry: (TrustLoader.SkippedEntry) -> Void = { _ in }) throws(ToolError) -> CMSVerdict {
        let trust = try TrustLoader.load(trustPaths, skipped: skippedTrustEntry)
        let raw = try FileAccess.readBytes(inputPath)
        let detached = try detachedContentPath.map { path throws(ToolError) in try FileAccess.readBytes(path) }
        guard let der = decodeSignature(raw, form: inform) else {
            return .malformed(reason: "the input is not base64 text", code: "not-base64", offset: nil)
        }
        return CMSVerifier.verify(der, trust: trust, detachedContent: detached, at: certificateTime)
    }
}
