import CryptoBackend
import DER
import Foundation
import Testing

@_spi(FastPathReference) @testable import CMS

/// The profile's own layout, recognised on its bytes (`ProfileSignedDataLayout`), skips the
/// structure checks it passes by construction: the verdict must be exactly that of the full
/// checks, for the layout itself and for every damaged copy of it.
@Suite("Profile layout shortcut")
struct ProfileLayoutShortcutTests {
    static let time = CMSVerifier.CertificateTime.fixed(Date(timeIntervalSince1970: 1_750_000_000))

    @Test func profileLayoutIsRecognisedWithItsContentAndSignerIdentifier() throws {
        let key = try Fixtures.key()
        for content in [Fixtures.content300, [7], Array(repeating: 0x5A, count: 70_000)] {
            let der = try SignedDataBuilder().sign(content, using: key)
            let layout = try #require(ProfileSignedDataLayout(der))
            #expect(Array(der[layout.content]) == content)
            #expect(Array(der[layout.subjectKeyIdentifier]) == key.publicKey.keyIdentifier)
            let view = try CMSSignedDataView(derEncoded: der)
            #expect(Array(der[layout.signature]) == view.signerInfos.first?.signature)
        }
    }

    /// Bytes lent in place that are not in the profile's layout get the full checks' verdict.
    @Test func lentBytesOfOtherLayoutsGetTheVerdictOfTheFullChecks() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builders = [
            SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000)),
            SignedDataBuilder(signerCertificate: certificate, embedsSignerCertificate: true),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate),
        ]
        for trust in [TrustSet(publicKeys: [key.publicKey]), TrustSet(certificates: [certificate]), TrustSet()] {
            for builder in builders {
                let der = try builder.sign([1, 2, 3], using: key)
                let lent = der.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: trust, certificateTime: Self.time) }
                #expect(lent == CMSVerifier.verify(der, trust: trust, certificateTime: Self.time))
            }
        }
    }

    @Test func otherLayoutsAreLeftToTheFullChecks() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builders = [
            SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000)),
            SignedDataBuilder(detachesContent: true),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate,
                              embedsSignerCertificate: true),
        ]
        for builder in builders {
            #expect(ProfileSignedDataLayout(try builder.sign([1, 2, 3], using: key)) == nil)
        }
        // Two certificates, an empty certificate set, and a certificate choice other than X.509.
        let fleet = try Fleet()
        let configurations: [(inout SignedData) throws -> Void] = [
            { $0.certificates = [try DERAny(encoded: fleet.device.derEncoded), try DERAny(encoded: fleet.ca.derEncoded)] },
            { $0.certificates = [] },
            { $0.certificates = [try DERAny(encoded: [0xA1, 0x03, 0x02, 0x01, 0x00])] },
        ]
        for configure in configurations {
            let der = try Handmade.der(content: [1, 2, 3], key: fleet.deviceKey, configure: configure)
            #expect(ProfileSignedDataLayout(der) == nil)
        }
    }

    @Test func oneEmbeddedCertificateIsRecognisedWithItsElement() throws {
        let fleet = try Fleet()
        let der = try fleet.signed(Fixtures.content300)
        let layout = try #require(ProfileSignedDataLayout(der))
        #expect(Array(der[layout.content]) == Fixtures.content300)
        #expect(Array(der[layout.subjectKeyIdentifier]) == fleet.deviceKey.publicKey.keyIdentifier)
        #expect(layout.certificate.map { Array(der[$0]) } == fleet.device.derEncoded)
        #expect(CMSVerifier.verify(der, trust: TrustSet(certificates: [fleet.ca]), certificateTime: Self.time).isValid)
    }

    /// A signature carrying its device certificate, verified against the vendor CA, the device
    /// certificate, its bare key, another key and at times outside the certificate's period:
    /// every damaged copy gets one verdict by both routes, the memo of parsed certificates
    /// filled by the copies before it.
    @Test func damagedSignaturesCarryingACertificateGetTheVerdictOfTheFullChecks() throws {
        let fleet = try Fleet()
        let original = try fleet.signed(Array(Fixtures.content300.prefix(120)))
        let trusts = [TrustSet(certificates: [fleet.ca]), TrustSet(certificates: [fleet.device]),
                      TrustSet(publicKeys: [fleet.deviceKey.publicKey]), TrustSet(publicKeys: [try Fixtures.key().publicKey])]
        for trust in trusts {
            try expectSameVerdicts(original, trust: trust)
        }
        for time in [fleet.device.notBefore - 1, fleet.device.notAfter, fleet.ca.notAfter + 1] {
            try expectSameVerdicts(original, trust: trusts[0], time: .fixed(time), mutations: 10)
        }
    }

    /// A certificate OpenSSL reads but whose encoding strict DER refuses (a length in more octets
    /// than it needs) makes the SignedData malformed by both routes, at the full parse's offset.
    @Test func embeddedCertificateThatIsNotStrictDERGetsTheFullParsesVerdict() throws {
        let fleet = try Fleet()
        let certificate = fleet.device.derEncoded
        // The TBSCertificate's long-form length given one more octet, a leading zero, and the
        // certificate's own length grown by one.
        try #require(certificate[0] == 0x30 && certificate[1] == 0x82 && certificate[4] == 0x30
                     && (0x81...0x82).contains(certificate[5]))
        var widened = Array(certificate[0..<5]) + [certificate[5] + 1, 0x00] + Array(certificate[6...])
        let outerLength = (Int(certificate[2]) << 8 | Int(certificate[3])) + 1
        widened[2] = UInt8(outerLength >> 8)
        widened[3] = UInt8(outerLength & 0xFF)
        #expect((try? Certificate(derEncoded: widened)) != nil, "OpenSSL reads the widened certificate")
        // The signature rebuilt around it, every enclosing length in its shortest form.
        func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            let count = content.count
            let length: [UInt8] = count < 0x80 ? [UInt8(count)]
                : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
            return [tag] + length + content
        }
        let original = try DER.parse(try fleet.signed([1, 2, 3]))
        let signedData = try #require(original.children.last?.children.first)
        let fields = signedData.children.map { Array($0.encodedBytes) }
        try #require(fields.count == 5 && fields[3].first == 0xA0)
        let der = element(0x30, Array(original.children[0].encodedBytes)
                          + element(0xA0, element(0x30, fields[0] + fields[1] + fields[2] + element(0xA0, widened) + fields[4])))
        #expect(ProfileSignedDataLayout(der) != nil)
        let trust = TrustSet(certificates: [fleet.ca])
        let reference = CMSVerifier.verifyWithoutLayoutShortcut(der, trust: trust, certificateTime: Self.time)
        #expect(reference.malformedCode != nil)
        #expect(CMSVerifier.verify(der, trust: trust, certificateTime: Self.time) == reference)
        #expect(der.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: trust, certificateTime: Self.time) } == reference)
    }

    @Test func damagedSignaturesGetTheVerdictOfTheFullChecks() throws {
        let key = try Fixtures.key()
        let other = try Fixtures.key()
        for trust in [TrustSet(publicKeys: [key.publicKey]), TrustSet(publicKeys: [other.publicKey])] {
            for content in [Fixtures.content300, Array(Fixtures.content300.prefix(90))] {
                let original = try SignedDataBuilder().sign(content, using: key)
                try expectSameVerdicts(original, trust: trust)
            }
        }
    }

    /// Every single-byte change of `original` (each byte XORed with 0x01, 0x80 and 0xFF) and
    /// random structured mutations (``SignatureMutation``) get one verdict by both routes.
    private func expectSameVerdicts(_ original: [UInt8], trust: TrustSet, time: CMSVerifier.CertificateTime = Self.time,
                                    mutations: Int = 100) throws {
        var inputs: [(String, [UInt8])] = [("original", original)]
        for index in original.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = original
                bytes[index] ^= change
                inputs.append(("byte \(index) ^ \(change)", bytes))
            }
        }
        let root = try DER.parse(original)
        var random = SplitMix64(state: 0x1A70_5EED)
        for kind in SignatureMutation.Kind.allCases {
            for _ in 0..<mutations {
                let mutation = SignatureMutation.make(kind, of: original, root: root, using: &random)
                inputs.append(("\(mutation)", mutation.bytes))
            }
        }
        inputs.append(("trailing byte", original + [0]))
        for (name, bytes) in inputs {
            let shortcut = CMSVerifier.verify(bytes, trust: trust, certificateTime: time)
            let full = CMSVerifier.verifyWithoutLayoutShortcut(bytes, trust: trust, certificateTime: time)
            #expect(shortcut == full, "\(name)")
            // The verifier's route for a signature it decoded into memory of its own.
            let lent = bytes.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: trust, certificateTime: time) }
            #expect(lent == full, "lent: \(name)")
        }
    }
}

/// A vendor CA and a device certificate it issued, valid around ``ProfileLayoutShortcutTests/time``.
private struct Fleet {
    let caKey: P256PrivateKey
    let ca: Certificate
    let deviceKey: P256PrivateKey
    let device: Certificate

    init() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        caKey = try P256PrivateKey.generate()
        ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Vendor CA,O=healthsig", days: 3650,
                                                  notBefore: start)
        deviceKey = try P256PrivateKey.generate()
        device = try Certificate.issued(for: deviceKey.publicKey, subject: "CN=Device SN0001,O=healthsig", days: 1000,
                                        notBefore: start + 86_400, issuer: ca, issuerKey: caKey)
    }

    /// `content` signed as `sign --embed-cert` signs it.
    func signed(_ content: [UInt8]) throws -> [UInt8] {
        try SignedDataBuilder(signerCertificate: device, embedsSignerCertificate: true).sign(content, using: deviceKey)
    }
}
