import Foundation
import Testing

@Suite("healthsig inspect")
struct InspectCommandTests {
    /// The blood-pressure signature of the example readings, in the three file forms.
    static func prepare() throws -> (ws: DeviceWorkspace, signature: String) {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signature = try ws.signatures()[1]
        let der = try #require(Data(base64Encoded: signature))
        try ws.directory.write("sig.der", bytes: der)
        try ws.directory.write("sig.b64", signature + "\n")
        let pem = "-----BEGIN CMS-----\n" + der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END CMS-----\n"
        try ws.directory.write("sig.pem", pem)
        return (ws, signature)
    }

    static func expectReport(_ result: CommandResult, keyID: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let out = result.stdout
        #expect(out.contains("id-signedData"), sourceLocation: sourceLocation)
        #expect(out.contains("id-data"), sourceLocation: sourceLocation)
        #expect(out.contains("ecdsa-with-SHA256"), sourceLocation: sourceLocation)
        #expect(out.contains("sid ski:\(keyID)"), sourceLocation: sourceLocation)
        #expect(out.contains("type: HKCorrelationTypeIdentifierBloodPressure"), sourceLocation: sourceLocation)
        #expect(out.contains("type: HKQuantityTypeIdentifierBloodPressureSystolic"), sourceLocation: sourceLocation)
        #expect(out.contains("value: 120 mmHg"), sourceLocation: sourceLocation)
        #expect(out.contains("value: 80 mmHg"), sourceLocation: sourceLocation)
        #expect(out.contains("device.model: BP-200"), sourceLocation: sourceLocation)
        #expect(out.contains("metadata.HKTimeZone: Europe/Paris"), sourceLocation: sourceLocation)
    }

    @Test("--in with DER, base64 and PEM files, and --signature, all show the structure and the record")
    func forms() throws {
        let (ws, signature) = try Self.prepare()
        var outputs: [String] = []
        for file in ["sig.der", "sig.b64", "sig.pem"] {
            let result = try ws.directory.healthsig(["inspect", "--in", file])
            Self.expectReport(result, keyID: ws.keyID)
            outputs.append(result.stdout)
        }
        let inline = try ws.directory.healthsig(["inspect", "--signature", signature])
        Self.expectReport(inline, keyID: ws.keyID)
        outputs.append(inline.stdout)
        #expect(Set(outputs).count == 1, "the same signature gives the same report in every form")
        let piped = try ws.directory.healthsig(["inspect", "--in", "-"], stdin: try ws.directory.read("sig.der"))
        Self.expectReport(piped, keyID: ws.keyID)
    }

    @Test("a quantity signature shows its value with unit; issuer-serial signatures show the certificate's issuer")
    func quantityAndIssuerSerial() throws {
        let ws = try DeviceWorkspace()
        try ws.sign(to: "is.jsonl", extra: ["--cert", ws.certificatePath, "--sid", "issuer-serial", "--allow-outside-validity"])
        let temperature = try ws.signatures("is.jsonl")[2]
        let result = try ws.directory.healthsig(["inspect", "--signature", temperature])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("type: HKQuantityTypeIdentifierBodyTemperature"))
        #expect(result.stdout.contains("value: 36.6 degC"), "\(result.stdout)")
        #expect(result.stdout.contains("sid issuer-serial:"), "\(result.stdout)")
    }

    @Test("input that is not a signature is malformed (exit 1); a missing file or no input is exit 2")
    func badInput() throws {
        let ws = try DeviceWorkspace()
        let notBase64 = try ws.directory.healthsig(["inspect", "--signature", "%%% not base64 %%%"])
        #expect(notBase64.status == 1 && notBase64.stdout.hasPrefix("malformed: "), "\(notBase64)")
        let notDER = try ws.directory.healthsig(["inspect", "--signature", Data([0x30, 0x05, 0x01]).base64EncodedString()])
        #expect(notDER.status == 1, "\(notDER)")
        #expect(notDER.stdout.contains("not strict DER"))
        let notCMS = try ws.directory.healthsig(["inspect", "--signature", Data([0x30, 0x03, 0x02, 0x01, 0x05]).base64EncodedString()])
        #expect(notCMS.status == 1, "\(notCMS)")
        #expect(notCMS.stdout.contains("INTEGER"))
        let missing = try ws.directory.healthsig(["inspect", "--in", "nope.der"])
        #expect(missing.status == 2, "\(missing)")
        let neither = try ws.directory.healthsig(["inspect"])
        #expect(neither.status == 2, "\(neither)")
        let both = try ws.directory.healthsig(["inspect", "--in", "x", "--signature", "y"])
        #expect(both.status == 2, "\(both)")
    }

    @Test("a bare record extracted by openssl cms -verify -out is decoded as a record")
    func bareRecordFromOpenSSL() throws {
        let (ws, _) = try Self.prepare()
        let extracted = try ws.directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "sig.der", "-binary",
                                                  "-noverify", "-certfile", ws.certificatePath, "-out", "record.der"])
        #expect(extracted.status == 0, "\(extracted)")
        let result = try ws.directory.healthsig(["inspect", "--in", "record.der"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("== Signed record (bare, not inside a SignedData) =="))
        #expect(result.stdout.contains("type: HKCorrelationTypeIdentifierBloodPressure"))
        #expect(result.stdout.contains("value: 120 mmHg"))
        #expect(!result.stdout.contains("id-signedData"))
    }
}
