import Testing
@testable import DER

/// Hostile-input properties over a real nested blob: an openssl-made certificate.
@Suite("Robustness")
struct RobustnessTests {
    func certificate() throws -> [UInt8] {
        try OpenSSL.certificate.get()
    }

    @Test("the certificate parses and re-encodes byte for byte")
    func certificateRoundTrip() throws {
        let cert = try certificate()
        let tree = try DER.parse(cert)
        #expect(reencode(tree) == cert)
        #expect(DER.encode(try DERAny(encoded: cert)) == cert)
        #expect(flatten(tree).count > 20)
    }

    @Test("drip-feed: every strict prefix of the certificate is refused as truncated")
    func dripFeed() throws {
        let cert = try certificate()
        for length in 0..<cert.count {
            do {
                _ = try DER.parse(cert[0..<length])
                Issue.record("prefix of \(length) bytes was accepted")
            } catch {
                if error.code != .truncated { Issue.record("prefix \(length): \(error)") }
            }
        }
        _ = try DER.parse(cert)
    }

    @Test("every single-bit flip of the certificate parses or throws a DERError, never crashes")
    func bitFlips() throws {
        let cert = try certificate()
        var accepted = 0
        var refused: [DERError.Code: Int] = [:]
        for bit in 0..<(cert.count * 8) {
            var mutated = cert
            mutated[bit / 8] ^= 1 << (bit % 8)
            do {
                let tree = try DER.parse(mutated)
                accepted += 1
                // Whatever parses must re-encode identically and render without trapping,
                // which also runs every typed decoder over the mutated values.
                if reencode(tree) != mutated { Issue.record("bit \(bit): re-encoding differs") }
                _ = DERPrettyPrinter.render(tree)
            } catch {
                refused[error.code, default: 0] += 1
            }
        }
        #expect(accepted > 0)
        #expect(refused.values.reduce(0, +) > 0)
        #expect(accepted + refused.values.reduce(0, +) == cert.count * 8)
    }

    @Test("10,000 seeded random byte strings parse or throw a DERError")
    func randomBytes() {
        var rng = SplitMix64(seed: 0xDE_12_5E_ED)
        var accepted = 0
        // Start half of the inputs with a plausible tag so the length and content paths are hit.
        let tags: [UInt8] = [0x30, 0x31, 0x02, 0x04, 0x06, 0x0C, 0x17, 0x18, 0x09, 0xA0, 0x03, 0x01, 0x05]
        for i in 0..<10_000 {
            let count = Int.random(in: 0...48, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if i % 2 == 0, !bytes.isEmpty {
                bytes[0] = tags[Int.random(in: 0..<tags.count, using: &rng)]
                if bytes.count > 1 { bytes[1] = UInt8(min(bytes.count - 2, Int(bytes[1] & 0x3F))) }
            }
            do {
                let tree = try DER.parse(bytes)
                accepted += 1
                if reencode(tree) != bytes { Issue.record("\(hexString(bytes)) re-encodes differently") }
                _ = DERPrettyPrinter.render(tree)
            } catch {
                _ = error.code
            }
        }
        #expect(accepted > 100)
    }

    @Test("typed decoders never trap on random content", arguments: [
        DERTag.integer, .boolean, .null, .objectIdentifier, .bitString, .octetString, .real, .utf8String,
        .printableString, .ia5String, .utcTime, .generalizedTime,
    ])
    func decodersOnRandomContent(_ tag: DERTag) throws {
        var rng = SplitMix64(seed: UInt64(tag.number))
        for _ in 0..<500 {
            let count = Int.random(in: 0...24, using: &rng)
            var content = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Bias text types toward digits and designators so deep paths are reached.
            if [9, 23, 24].contains(tag.number) {
                let alphabet = Array("0123456789.,+-EZ ".utf8) + [0x03]
                content = content.map { alphabet[Int($0) % alphabet.count] }
            }
            var writer = DERWriter()
            writer.appendPrimitive(tag, content: content)
            let node = try DER.parse(writer.bytes)
            _ = try? DERInteger(derNode: node, withTag: tag)
            _ = try? Bool(derNode: node, withTag: tag)
            _ = try? DERNull(derNode: node, withTag: tag)
            _ = try? DERObjectIdentifier(derNode: node, withTag: tag)
            _ = try? DERBitString(derNode: node, withTag: tag)
            _ = try? DERReal(derNode: node, withTag: tag)
            _ = try? DERUTF8String(derNode: node, withTag: tag)
            _ = try? DERPrintableString(derNode: node, withTag: tag)
            _ = try? DERIA5String(derNode: node, withTag: tag)
            _ = try? UTCTime(derNode: node, withTag: tag)
            _ = try? GeneralizedTime(derNode: node, withTag: tag)
            // Anything a decoder accepts must re-encode to the same content.
            if let real = try? DERReal(derNode: node, withTag: tag), real.encodedContent != content {
                Issue.record("REAL \(hexString(content)) re-encodes as \(hexString(real.encodedContent))")
            }
            if let time = try? GeneralizedTime(derNode: node, withTag: tag), time.encodedText != content {
                Issue.record("GeneralizedTime \(hexString(content)) re-encodes differently")
            }
            if let time = try? UTCTime(derNode: node, withTag: tag), time.encodedText != content {
                Issue.record("UTCTime \(hexString(content)) re-encodes differently")
            }
        }
    }

    @Test("OCTET STRINGs nested 10,000 deep render without unbounded recursion")
    func deeplyWrappedOctetStrings() throws {
        // Each level is a valid OCTET STRING wrapping the previous one; DER.parse sees a single
        // primitive element, so only the pretty-printer's encapsulation would recurse.
        var sizes = [2]
        var headers: [[UInt8]] = [[0x05, 0x00]]
        for _ in 1..<10_000 {
            let header = [0x04] + DERWriter.lengthOctets(sizes[sizes.count - 1])
            headers.append(header)
            sizes.append(sizes[sizes.count - 1] + header.count)
        }
        let bytes = headers.reversed().flatMap { $0 }
        let text = try DERPrettyPrinter.render(der: bytes)
        let lines = text.split(separator: "\n")
        #expect(lines.count == DER.maximumDepth)
        #expect(lines.last?.contains("OCTET STRING") == true)
    }
}
