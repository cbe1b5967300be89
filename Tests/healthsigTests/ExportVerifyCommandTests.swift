import Foundation
import Testing

/// `healthsig verify` on Health-app exports: hand-written export.xml fixtures carrying real
/// signatures made by `healthsig sign` from the example readings.
@Suite("healthsig verify (export.xml / export.zip)")
struct ExportVerifyCommandTests {
    typealias X = ExportXMLFixture

    struct Setup {
        let ws: DeviceWorkspace
        let sig: X.Signatures

        init() throws {
            ws = try DeviceWorkspace()
            try ws.sign()
            sig = try X.Signatures(try ws.signatures())
        }

        /// Writes `xml` to `name` and verifies it; returns the parsed JSON report.
        func verify(_ name: String, _ xml: String, extra: [String] = [], expectStatus: Int32,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            try ws.directory.write(name, xml)
            return try verifyFile(name, extra: extra, expectStatus: expectStatus, sourceLocation: sourceLocation)
        }

        func verifyFile(_ name: String, extra: [String] = [], expectStatus: Int32,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", name, "--format", "json"] + extra)
            #expect(result.status == expectStatus, "\(result)", sourceLocation: sourceLocation)
            return try Report.object(result.stdout)
        }

        /// Verdicts of the listed samples in input order.
        /// Samples with a signature (every sample and unreadable input is in the report).
        static func signed(_ report: [String: Any]) throws -> [[String: Any]] {
            try Report.samples(report).filter { !["unsigned", "unreadable"].contains($0["verdict"] as? String ?? "") }
        }

        static func verdicts(_ report: [String: Any]) throws -> [String] {
            try signed(report).sorted { ($0["position"] as? Int ?? 0) < ($1["position"] as? Int ?? 0) }
                .map { $0["verdict"] as? String ?? "?" }
        }

        static func sample(_ report: [String: Any], _ index: Int) throws -> [String: Any] {
            let samples = try signed(report).sorted { ($0["position"] as? Int ?? 0) < ($1["position"] as? Int ?? 0) }
            try #require(index < samples.count)
            return samples[index]
        }

        /// Each mismatch's members as text; an absent side (JSON `null`) as "null".
        static func mismatches(_ sample: [String: Any]) -> [[String: String]] {
            (sample["mismatches"] as? [[String: Any]] ?? []).map { $0.mapValues { $0 as? String ?? "null" } }
        }
    }

    @Test("dates with offsets: the same instants in +0100 and −0500 are valid; a shifted start is a mismatch")
    func datesWithOffsets() throws {
        let s = try Setup()
        let xml = X.document([
            X.heartRate(s.sig.heartRate),                                                  // 08:00Z as 09:00 +0100
            X.heartRate(s.sig.heartRate, start: "2026-11-21 03:00:00 -0500", end: "2026-11-21 03:00:00 -0500"),
            X.bodyMass(s.sig.bodyMass),                                                    // 06:50Z as 01:50 −0500
            X.bloodGlucose(s.sig.bloodGlucose, unit: "mmol&lt;180.15588000005408&gt;/L", value: "5.5",
                           start: "2026-11-21 13:45:00 +0100"),                            // 12:45Z
            X.heartRate(s.sig.heartRate, start: "2026-11-21 09:01:00 +0100", end: "2026-11-21 09:01:00 +0100"), // a minute late
            X.heartRate(s.sig.heartRate, start: "2026-11-21 09:00:00 +0000", end: "2026-11-21 09:00:00 +0000"), // wrong offset
            X.heartRate(s.sig.heartRate, start: "2026-11-21 09:00:00 +0100", end: "2026-11-21 08:59:59 +0100"), // end moved
            X.heartRate(s.sig.heartRate, start: "2026-11-21 09:01:00 +0100"),  // start after end: not even a valid sample
        ])
        let report = try s.verify("dates.xml", xml, expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["valid", "valid", "valid", "valid",
                                               "content-mismatch", "content-mismatch", "content-mismatch", "content-mismatch"])
        let late = try Setup.sample(report, 4)
        #expect(Setup.mismatches(late) == [["field": "startDate", "signed": "2026-11-21T08:00:00Z", "stored": "2026-11-21T09:01:00+01:00"],
                                           ["field": "endDate", "signed": "2026-11-21T08:00:00Z", "stored": "2026-11-21T09:01:00+01:00"]],
                "\(late)")
        #expect(Setup.mismatches(try Setup.sample(report, 5)).map { $0["field"] } == ["startDate", "endDate"])
        let invalid = try Setup.sample(report, 7)
        #expect(invalid["reasonCode"] as? String == "stored-sample-invalid", "\(invalid)")
        #expect((invalid["signer"] as? [String: Any])?["keyId"] as? String == s.ws.keyID)
        #expect(try Setup.sample(report, 0)["startDate"] as? String == "2026-11-21T09:00:00+01:00")
    }

    @Test("body temperature signed in degC, stored in degF: valid within the stored rounding, mismatch outside")
    func fahrenheit() throws {
        let s = try Setup()
        // 36.6 degC = 97.88 degF exactly.
        let values = ["97.88", "97.9", "98", "97.89", "98.1", "97.8"]
        let xml = X.document(values.map { X.bodyTemperatureFahrenheit(s.sig.bodyTemperature, value: $0) })
        let report = try s.verify("temperature.xml", xml, expectStatus: 1)
        // 97.9 is within 0.05 degF and 98 within 0.5 degF of 97.88; 97.89 is off by 0.01 > 0.005.
        #expect(try Setup.verdicts(report) == ["valid", "valid", "valid", "content-mismatch", "content-mismatch", "content-mismatch"])
        let mismatch = try Setup.sample(report, 3)
        #expect(mismatch["reason"] as? String == "value: signed 36.6 degC, stored 97.89 degF")
        #expect(Setup.mismatches(mismatch) == [["field": "value", "signed": "36.6 degC", "stored": "97.89 degF"]])
        // Whole-second export dates match the signed 07:30:00.250Z.
        #expect(Setup.mismatches(try Setup.sample(report, 4)).map { $0["field"] } == ["value"])
    }

    @Test("blood glucose signed in mmol<180.15588000005408>/L, stored in mg/dL or in the signed unit")
    func glucoseUnits() throws {
        let s = try Setup()
        // 5.5 mmol/L × 180.15588000005408 g/mol = 99.0857… mg/dL.
        let mgdl = ["99", "99.09", "99.1", "99.2", "101"]
        var elements = mgdl.map { X.bloodGlucose(s.sig.bloodGlucose, unit: "mg/dL", value: $0) }
        elements.append(X.bloodGlucose(s.sig.bloodGlucose, unit: "mmol&lt;180.15588000005408&gt;/L", value: "5.50"))
        elements.append(X.bloodGlucose(s.sig.bloodGlucose, unit: "mmol&lt;180.15588000005408&gt;/L", value: "5.6"))
        elements.append(X.bloodGlucose(s.sig.bloodGlucose, unit: "mg", value: "99"))
        let report = try s.verify("glucose.xml", X.document(elements), expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["valid", "valid", "valid", "content-mismatch", "content-mismatch",
                                               "valid", "content-mismatch", "content-mismatch"])
        let far = try Setup.sample(report, 4)
        #expect(far["reason"] as? String == "value: signed 5.5 mmol<180.15588000005408>/L, stored 101 mg/dL")
        let sameUnit = try Setup.sample(report, 6)
        #expect(sameUnit["reason"] as? String == "value: signed 5.5 mmol<180.15588000005408>/L, stored 5.6 mmol<180.15588000005408>/L")
        // A unit of another dimension never matches (docs/VERIFY.md: "else mismatch").
        let wrongDimension = try Setup.sample(report, 7)
        #expect(Setup.mismatches(wrongDimension) == [["field": "unit", "signed": "5.5 mmol<180.15588000005408>/L", "stored": "99 mg"]],
                "\(wrongDimension)")
    }

    @Test("blood-pressure Correlation signed on the correlation; its repeated top-level Records are not unsigned samples")
    func correlation() throws {
        let s = try Setup()
        // Members repeated after (the usual order) and, for a second copy of the file, before.
        let after = X.document([X.bloodPressureCorrelation(s.sig.bloodPressure), X.bloodPressureMembers()])
        let report = try s.verify("bp.xml", after, extra: ["--require-signed"], expectStatus: 0)
        #expect(try Setup.verdicts(report) == ["valid"])
        #expect(try Report.counts(report)["unsigned"] == 0)
        // The copies are in the report, marked, and counted apart.
        let copies = try Report.samples(report).filter { $0["mayBeCorrelationMemberCopy"] as? Bool == true }
        #expect(copies.map { $0["verdict"] as? String } == ["unsigned", "unsigned"])
        #expect((report["summary"] as? [String: Any])?["correlationMemberCopies"] as? Int == 2)
        let sample = try Setup.sample(report, 0)
        #expect(sample["type"] as? String == "HKCorrelationTypeIdentifierBloodPressure")
        // The export's device string has no firmware, local identifier or UDI: notes, not mismatches.
        let notes = try #require(sample["notes"] as? [String])
        #expect(notes.contains { $0.contains("firmwareVersion") }, "\(notes)")

        let before = X.document([X.bloodPressureMembers(), X.bloodPressureCorrelation(s.sig.bloodPressure)])
        let reportBefore = try s.verify("bp-before.xml", before, extra: ["--require-signed"], expectStatus: 0)
        #expect(try Setup.verdicts(reportBefore) == ["valid"])

        // A top-level reading that is not a copy of a member is unsigned.
        let extra = X.document([X.bloodPressureCorrelation(s.sig.bloodPressure), X.bloodPressureMembers(),
                                X.bloodPressureMembers(systolic: "135", diastolic: "85")])
        let lenient = try s.verify("bp-extra.xml", extra, expectStatus: 0)
        #expect(try Report.counts(lenient)["unsigned"] == 2)
        _ = try s.verifyFile("bp-extra.xml", extra: ["--require-signed"], expectStatus: 1)
    }

    @Test("a changed member value inside the Correlation is named with its path; a changed device field too")
    func correlationTampered() throws {
        let s = try Setup()
        let tamperedDevice = X.bloodPressureDevice.replacingOccurrences(of: "software:3.0.12", with: "software:3.0.13")
        let xml = X.document([
            X.bloodPressureCorrelation(s.sig.bloodPressure, systolic: "110"), X.bloodPressureMembers(systolic: "110"),
            X.bloodPressureCorrelation(s.sig.bloodPressure, device: tamperedDevice), X.bloodPressureMembers(),
        ])
        let report = try s.verify("bp-tampered.xml", xml, extra: ["--require-signed"], expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["content-mismatch", "content-mismatch"])
        let value = try Setup.sample(report, 0)
        #expect(value["reason"] as? String == "objects[0].value: signed 120 mmHg, stored 110 mmHg")
        let device = try Setup.sample(report, 1)
        #expect(Setup.mismatches(device) == [["field": "device.softwareVersion", "signed": "3.0.12", "stored": "3.0.13"]])
        #expect(try Report.counts(report)["unsigned"] == 0)
    }

    @Test("device strings: fields present must match, a device-less record is a mismatch, signatures may be wrapped")
    func deviceStrings() throws {
        let s = try Setup()
        let otherModel = X.heartRateDevice.replacingOccurrences(of: "model:HR-10", with: "model:HR-11")
        let fewerFields = "&lt;&lt;HKDevice: 0x600003a1c2d0&gt;, name:Acme HR Strap&gt;"
        let noDevice = X.heartRate(s.sig.heartRate).replacingOccurrences(of: " device=\"\(X.heartRateDevice)\"", with: "")
        let half = s.sig.heartRate.count / 2
        let wrapped = String(s.sig.heartRate.prefix(half)) + "&#10;   " + String(s.sig.heartRate.dropFirst(half))
        let xml = X.document([
            X.heartRate(s.sig.heartRate, device: fewerFields),
            X.heartRate(s.sig.heartRate, device: otherModel),
            noDevice,
            X.heartRate(wrapped),
        ])
        let report = try s.verify("devices.xml", xml, expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["valid", "content-mismatch", "content-mismatch", "valid"])
        #expect(Setup.mismatches(try Setup.sample(report, 1)) == [["field": "device.model", "signed": "HR-10", "stored": "HR-11"]])
        #expect(Setup.mismatches(try Setup.sample(report, 2)).map { $0["field"] } == ["device"])
        let notes = try Setup.sample(report, 0)["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("device.manufacturer") }, "\(notes)")
    }

    @Test("the iOS 16 export with the broken DOCTYPE is read; all verdicts as expected")
    func brokenIOS16Doctype() throws {
        let s = try Setup()
        let xml = X.document([
            X.unsignedWatchHeartRate(minute: 1),
            X.heartRate(s.sig.heartRate),
            X.sleep(s.sig.sleep),
            X.sleep(s.sig.sleep, label: "HKCategoryValueSleepAnalysisAwake"),
            X.bloodPressureCorrelation(s.sig.bloodPressure), X.bloodPressureMembers(),
            X.unsignedWatchHeartRate(minute: 2),
        ], header: X.brokenIOS16Header)
        #expect(xml.contains("brand            CDATA #IMPLIED\n<!ELEMENT RightEye"))
        let report = try s.verify("ios16.xml", xml, expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["valid", "valid", "content-mismatch", "valid"])
        #expect(try Report.counts(report)["unsigned"] == 2)
        let awake = try Setup.sample(report, 2)
        #expect(Setup.mismatches(awake).map { $0["field"] } == ["value"], "\(awake)")
    }

    @Test("signed records of unsupported types are malformed; unsigned ones are skipped; an unsigned workout counts as unsigned")
    func unsupportedTypes() throws {
        let s = try Setup()
        let xml = X.document([X.workout(signature: nil), X.soundReduction(signature: nil), X.soundReduction(signature: s.sig.heartRate),
                              X.heartRate(s.sig.heartRate)])
        let report = try s.verify("unsupported.xml", xml, extra: ["--require-signed"], expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["malformed", "valid"])
        let unsupported = try Setup.sample(report, 0)
        #expect(unsupported["reasonCode"] as? String == "unsupported-type")
        #expect(unsupported["type"] as? String == "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
        #expect(try Report.counts(report)["unsigned"] == 1)
    }

    @Test("export.zip (deflated and stored, made by Python's zipfile) gives the same verdicts as the XML")
    func exportZip() throws {
        let s = try Setup()
        let xml = X.document([
            X.heartRate(s.sig.heartRate),
            X.bloodPressureCorrelation(s.sig.bloodPressure), X.bloodPressureMembers(),
            X.bodyTemperatureFahrenheit(s.sig.bodyTemperature, value: "97.9"),
            X.bloodGlucose(s.sig.bloodGlucose, unit: "mg/dL", value: "120"),
            X.unsignedWatchHeartRate(minute: 3),
        ])
        let fromXML = try s.verify("export.xml", xml, expectStatus: 1)
        #expect(try Setup.verdicts(fromXML) == ["valid", "valid", "valid", "content-mismatch"])
        let script = """
        import sys, zipfile
        for name, method in (("export.zip", zipfile.ZIP_DEFLATED), ("stored.zip", zipfile.ZIP_STORED)):
            with zipfile.ZipFile(name, "w", method) as z:
                z.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument/>")
                z.write("export.xml", "apple_health_export/export.xml")
        """
        let python = try CLI.python(["-c", script], in: s.ws.directory.url)
        #expect(python.status == 0, "\(python)")
        for zip in ["export.zip", "stored.zip"] {
            let report = try s.verifyFile(zip, expectStatus: 1)
            #expect(try Setup.verdicts(report) == ["valid", "valid", "valid", "content-mismatch"], "\(zip)")
            let expectedCounts = try Report.counts(fromXML)
            #expect(try Report.counts(report) == expectedCounts, "\(zip)")
        }
        // Standard input works for both: the XML streamed, the zip spooled to a temporary file.
        for file in ["export.xml", "export.zip"] {
            let piped = try s.ws.directory.healthsig(["verify", "--trust", s.ws.publicKeyPath, "--in", "-", "--format", "json"],
                                                     stdin: try s.ws.directory.read(file))
            #expect(piped.status == 1, "\(file): \(piped)")
            #expect(try Setup.verdicts(Report.object(piped.stdout)) == ["valid", "valid", "valid", "content-mismatch"], "\(file)")
        }
    }

    @Test("a truncated export or a damaged zip is malformed input: exit 1, earlier verdicts kept")
    func damagedInput() throws {
        let s = try Setup()
        let xml = X.document([X.heartRate(s.sig.heartRate), X.bodyMass(s.sig.bodyMass)])
        let cut = String(xml.prefix(xml.count - 40))
        let report = try s.verify("cut.xml", cut, expectStatus: 1)
        #expect(try Setup.verdicts(report) == ["valid"])
        #expect((report["summary"] as? [String: Any])?["unreadable"] as? Int == 1)
        #expect(try Report.unreadable(report).count == 1)

        try s.ws.directory.write("export.xml", xml)
        let python = try CLI.python(["-c", """
        import zipfile
        with zipfile.ZipFile("export.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.write("export.xml", "apple_health_export/export.xml")
        data = open("export.zip", "rb").read()
        open("cut.zip", "wb").write(data[: len(data) // 2])
        with zipfile.ZipFile("other.zip", "w") as z:
            z.writestr("notes.txt", "no export here")
        """], in: s.ws.directory.url)
        #expect(python.status == 0, "\(python)")
        for zip in ["cut.zip", "other.zip"] {
            let result = try s.ws.directory.healthsig(["verify", "--trust", s.ws.publicKeyPath, "--in", zip])
            #expect(result.status == 1, "\(zip): \(result)")
            #expect(result.stdout.contains("unreadable input: export.zip:"), "\(zip): \(result)")
        }
    }

    @Test("an export.zip whose export.xml has two entries, or a local header naming another file, is unreadable: exit 1")
    func ambiguousZipIsUnreadable() throws {
        let s = try Setup()
        try s.ws.directory.write("genuine.xml", X.document([X.heartRate(s.sig.heartRate)]))
        try s.ws.directory.write("altered.xml", X.document([X.heartRate(s.sig.heartRate, value: "150")]))
        let python = try CLI.python(["-c", """
        import struct, zipfile, warnings
        warnings.simplefilter("ignore")
        name = "apple_health_export/export.xml"
        with zipfile.ZipFile("twice.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.write("genuine.xml", name)
            z.write("altered.xml", name)
        # What other tools hand the user: the second, altered entry.
        assert b'value="150"' in zipfile.ZipFile("twice.zip").read(name)
        with zipfile.ZipFile("renamed.zip", "w", zipfile.ZIP_STORED) as z:
            z.write("altered.xml", "apple_health_export/altered.xml")
            z.write("genuine.xml", name)
        blob = bytearray(open("renamed.zip", "rb").read())
        # The genuine entry's local header (the first place its name appears: local headers
        # precede the central directory) is renamed export.xml -> EXPORT.xml, same length.
        at = blob.index(name.encode())
        blob[at:at + len(name)] = b"apple_health_export/EXPORT.xml"
        open("renamed.zip", "wb").write(bytes(blob))
        """], in: s.ws.directory.url)
        #expect(python.status == 0, "\(python)")
        let twice = try s.ws.directory.healthsig(["verify", "--trust", s.ws.publicKeyPath, "--in", "twice.zip"])
        #expect(twice.status == 1, "\(twice)")
        #expect(twice.stdout.contains("unreadable input: export.zip: the zip archive holds two entries named apple_health_export/export.xml"),
                "\(twice)")
        #expect(!twice.stdout.contains("valid=1"), "\(twice)")
        let renamed = try s.ws.directory.healthsig(["verify", "--trust", s.ws.publicKeyPath, "--in", "renamed.zip"])
        #expect(renamed.status == 1, "\(renamed)")
        #expect(renamed.stdout.contains("unreadable input: export.zip: apple_health_export/export.xml: its local file header at offset"),
                "\(renamed)")
        #expect(renamed.stdout.contains("names apple_health_export/EXPORT.xml instead"), "\(renamed)")
    }

    @Test("export.xml with a NUL byte between elements or bytes that are not UTF-8 is unreadable (exit 1), with the byte offset")
    func notWellFormedBytesAreUnreadable() throws {
        let s = try Setup()
        let genuine = Array(X.document([X.heartRate(s.sig.heartRate), X.bodyMass(s.sig.bodyMass)]).utf8)
        let valid = try s.verify("genuine.xml", String(decoding: genuine, as: UTF8.self), expectStatus: 0)
        #expect(try Setup.verdicts(valid) == ["valid", "valid"])

        // A NUL byte right before the second record; then 0xFF inside the first record's device name.
        func offsets(of text: String) -> [Int] {
            let needle = Array(text.utf8)
            return genuine.indices.filter { genuine[$0...].starts(with: needle) }
        }
        let second = try #require(offsets(of: " <Record ").dropFirst().first)
        var withNul = genuine
        withNul.insert(0x00, at: second)
        let nameAt = try #require(offsets(of: "name:Acme HR Strap").first)
        var notUTF8 = genuine
        notUTF8[nameAt + 5] = 0xFF  // "A" of "Acme"
        for (file, bytes, reason) in [("nul.xml", withNul, "XML: NUL byte (U+0000, not an XML character) at byte offset \(second)"),
                                      ("latin1.xml", notUTF8, "XML: bytes that are not UTF-8 at byte offset \(nameAt + 5)")] {
            try s.ws.directory.write(file, bytes: Data(bytes))
            let result = try s.ws.directory.healthsig(["verify", "--trust", s.ws.publicKeyPath, "--in", file])
            #expect(result.status == 1, "\(file): \(result)")
            #expect(result.stdout.contains(reason), "\(file): \(result)")
            #expect(result.stdout.contains("unreadable line "), "\(file): \(result)")
        }
    }
}
