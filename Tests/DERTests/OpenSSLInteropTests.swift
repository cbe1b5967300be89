import Foundation
import Testing
@testable import DER

/// Agreement with the real `openssl` 3 command, never with our own code.
@Suite("openssl interop")
struct OpenSSLInteropTests {
    /// Our tree as asn1parse-style structural rows (encapsulated content is not descended,
    /// exactly like `openssl asn1parse` without `-strparse`).
    static func rows(_ tree: DERNode) -> [[Int]] {
        flatten(tree).map { entry in
            let node = entry.node
            return ASN1ParseRow(offset: node.offset, depth: entry.depth,
                                headerLength: node.encodedBytes.count - node.content.count,
                                length: node.content.count, constructed: node.isConstructed).structure
        }
    }

    /// A nested structure with long-form lengths, a sorted SET OF, context tags and every
    /// primitive type of this module.
    static func blob() throws -> [UInt8] {
        var writer = DERWriter()
        try writer.appendConstructed(.sequence) { w in
            w.append(3)
            try w.appendConstructed(.sequence) { w in
                w.append(DERObjectIdentifier("1.2.840.10045.2.1"))
                w.append(DERObjectIdentifier("1.2.840.10045.3.1.7"))
                w.append(DEROctetString([UInt8](repeating: 0x5A, count: 300)))
                try w.appendSetOf { w in
                    w.append(try DERPrintableString("zeta"))
                    w.append(DERUTF8String("alpha"))
                    w.append(-200)
                }
            }
            w.append(try UTCTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5))
            w.append(try GeneralizedTime(year: 2125, month: 12, day: 31, hour: 23, minute: 59, second: 59, nanoseconds: 120_000_000))
            w.append(try DERReal(decimalText: "36.6"))
            w.append(try DERIA5String("mailto:a@b.c"))
            w.append(DERBitString(bytes: [0xA0], paddingBits: 5))
            w.append(false)
            w.append(DERNull(), explicitTag: 0)
            w.append(DEROctetString([0x01, 0x02]), implicitTag: .contextSpecific(1, constructed: false))
            w.appendPrimitive(DERTag(.application, number: 40, constructed: false), content: [0x09])
        }
        return writer.bytes
    }

    @Test("openssl asn1parse agrees with our tree on every element's offset, depth and lengths")
    func structureOfOurBlob() throws {
        let bytes = try Self.blob()
        let theirs = try OpenSSL.asn1parse(bytes)
        let ours = Self.rows(try DER.parse(bytes))
        #expect(theirs.map(\.structure) == ours)
        // Spot-check openssl's reading of the values we wrote.
        let byTag = Dictionary(grouping: theirs, by: \.tagName)
        #expect(byTag["INTEGER"]?.map(\.value) == ["03", "-C8"])
        #expect(byTag["OBJECT"]?.map(\.value) == ["id-ecPublicKey", "prime256v1"])
        #expect(byTag["UTCTIME"]?.first?.value == "250102030405Z")
        #expect(byTag["GENERALIZEDTIME"]?.first?.value == "21251231235959.12Z")
        #expect(byTag["IA5STRING"]?.first?.value == "mailto:a@b.c")
        #expect(byTag["PRINTABLESTRING"]?.first?.value == "zeta")
        #expect(byTag["UTF8STRING"]?.first?.value == "alpha")
        #expect(byTag["REAL"]?.count == 1)
        #expect(byTag["BOOLEAN"]?.first?.value == "0")
        // The SET OF is in DER order: INTEGER (02) < UTF8String (0C) < PrintableString (13).
        let setChildren = theirs.filter { $0.depth == 3 }.map(\.tagName)
        #expect(setChildren == ["INTEGER", "UTF8STRING", "PRINTABLESTRING"])
    }

    @Test("openssl asn1parse agrees with our tree on an openssl certificate")
    func structureOfCertificate() throws {
        let cert = try OpenSSL.certificate.get()
        let theirs = try OpenSSL.asn1parse(cert)
        #expect(theirs.map(\.structure) == Self.rows(try DER.parse(cert)))
    }

    @Test("values openssl generates (asn1parse -genconf) decode to what the config says")
    func openSSLGeneratedValues() throws {
        let config = """
            asn1=SEQUENCE:seq
            [seq]
            a=INTEGER:42
            b=INTEGER:-129
            c=INTEGER:0x0123456789ABCDEF0123
            d=BOOLEAN:TRUE
            e=NULL
            f=OID:1.2.840.10045.3.1.7
            g=FORMAT:UTF8,UTF8String:Blutdruck é ♥
            h=PRINTABLESTRING:Hello World
            i=IA5STRING:a@b.c
            j=UTCTIME:491231235959Z
            k=GENERALIZEDTIME:20240229120000.25Z
            l=FORMAT:HEX,OCTETSTRING:0102FF
            m=FORMAT:HEX,BITSTRING:ABCD
            n=IMPLICIT:0,INTEGER:5
            o=EXPLICIT:1,UTF8String:x
            p=SET:set
            [set]
            x=INTEGER:1
            y=INTEGER:2

            """
        let der: [UInt8] = try OpenSSL.withTemporaryDirectory { dir in
            try config.write(to: dir.appendingPathComponent("gen.cnf"), atomically: true, encoding: .utf8)
            try OpenSSL.run(["asn1parse", "-genconf", "gen.cnf", "-out", "gen.der", "-noout"], in: dir)
            return Array(try Data(contentsOf: dir.appendingPathComponent("gen.der")))
        }
        let node = try DER.parse(der)
        try DER.sequence(node) { f in
            #expect(try Int(derNode: f.read()) == 42)
            #expect(try Int(derNode: f.read()) == -129)
            #expect(try DERInteger(derNode: f.read()).bytes == hexBytes("01 23 45 67 89 AB CD EF 01 23"))
            #expect(try Bool(derNode: f.read()) == true)
            _ = try DERNull(derNode: f.read())
            #expect(try DERObjectIdentifier(derNode: f.read()) == "1.2.840.10045.3.1.7")
            #expect(try DERUTF8String(derNode: f.read()).value == "Blutdruck é ♥")
            #expect(try DERPrintableString(derNode: f.read()).value == "Hello World")
            #expect(try DERIA5String(derNode: f.read()).value == "a@b.c")
            #expect(try UTCTime(derNode: f.read()) == UTCTime(year: 2049, month: 12, day: 31, hour: 23, minute: 59, second: 59))
            #expect(try GeneralizedTime(derNode: f.read())
                    == GeneralizedTime(year: 2024, month: 2, day: 29, hour: 12, minute: 0, second: 0, nanoseconds: 250_000_000))
            #expect(try DEROctetString(derNode: f.read()).bytes.elementsEqual([0x01, 0x02, 0xFF]))
            #expect(try DERBitString(derNode: f.read()).bytes.elementsEqual([0xAB, 0xCD]))
            #expect(try Int(derNode: f.read(), withTag: .contextSpecific(0, constructed: false)) == 5)
            #expect(try f.readOptionalExplicit(1).map { try DERUTF8String(derNode: $0).value } == "x")
            #expect(try DER.setOf(f.read(.set)).map { try Int(derNode: $0) } == [1, 2])
        }
        // And our encoder reproduces openssl's bytes for the same values.
        #expect(reencode(node) == der)
    }

    @Test("the certificate's validity times decode to what openssl x509 reports")
    func certificateValidity() throws {
        let cert = try OpenSSL.certificate.get()
        let tree = try DER.parse(cert)
        // Certificate → tbsCertificate → [version, serial, signature, issuer, validity, ...]
        let tbs = tree.children[0]
        let validity = tbs.children[4]
        let notBefore = try UTCTime(derNode: validity.children[0])
        let notAfter = try GeneralizedTime(derNode: validity.children[1])
        let output = try OpenSSL.withTemporaryDirectory { dir in
            try Data(cert).write(to: dir.appendingPathComponent("c.der"))
            return try OpenSSL.run(["x509", "-inform", "DER", "-in", "c.der", "-noout", "-dates"], in: dir)
        }
        // openssl prints e.g. "notBefore=Nov 22 05:00:00 2025 GMT".
        #expect(output.contains("notBefore=\(Self.opensslDate(notBefore.year, notBefore.month, notBefore.day, notBefore.hour, notBefore.minute, notBefore.second))"))
        #expect(output.contains("notAfter=\(Self.opensslDate(notAfter.year, notAfter.month, notAfter.day, notAfter.hour, notAfter.minute, notAfter.second))"))
        #expect(notAfter.year == notBefore.year + 100)
        let cn = tbs.children[5].children[0].children[0].children[1]
        #expect(try DERUTF8String(derNode: cn).value == "t")
    }

    static func opensslDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let dayText = day < 10 ? " \(day)" : "\(day)"
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(months[month - 1]) \(dayText) \(two(hour)):\(two(minute)):\(two(second)) \(year) GMT"
    }
}
