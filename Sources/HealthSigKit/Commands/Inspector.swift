import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning

/// `healthsig inspect`: shows a signature's CMS structure and its decoded record.
public enum Inspector {
    /// What `inspect` found.
    public struct Inspection: Sendable {
        /// The report text.
        public let text: String
        /// Why the input is not a well-formed SignedData (not strict DER, not a SignedData);
        /// `nil` when it is. The command exits 1 when set (malformed input).
        public let problem: String?
    }

    /// Decodes input given as DER, PEM (any `-----BEGIN` block) or base64 text (whitespace
    /// ignored); `nil` when it is none of these.
    public static func decodeInput(_ bytes: [UInt8]) -> [UInt8]? {
        // Binary input that parses as DER is taken as is (a SignedData starts 0x30, a bare
        // record 0x31); anything else must be PEM or base64 text.
        if (try? DER.parse(bytes)) != nil { return bytes }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var body = text
        if text.contains("-----BEGIN") {
            body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
        }
        let compact = body.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact), !data.isEmpty else { return nil }
        return Array(data)
    }

    /// A human report: DER structure, then the SignedData summary, then the decoded record.
    public static func report(for der: [UInt8]) -> String {
        inspect(der).text
    }

    /// The report for `der` and whether it is a well-formed SignedData.
    public static func inspect(_ der: [UInt8]) -> Inspection {
        var out = "== DER structure (\(der.count) bytes) ==\n"
        let root: DERNode
        do {
            root = try DER.parse(der)
        } catch {
            return Inspection(text: out + "not strict DER: \(error)\n", problem: "not strict DER: \(error)")
        }
        // The structure dump shows every value; for a key file given by mistake that would be
        // the private key itself, and key material is never printed.
        if let kind = privateKeyKind(root) {
            let problem = "the input is a private key (\(kind)); inspect shows signatures and records and never prints key material"
            return Inspection(text: "refusing to show: " + problem + "\n", problem: problem)
        }
        out += DERPrettyPrinter.render(root)
        if !out.hasSuffix("\n") { out += "\n" }

        let view: CMSSignedDataView
        do {
            view = try CMSSignedDataView(derEncoded: der)
        } catch {
            // A bare record (e.g. extracted with `openssl cms -verify -out`) is worth decoding too.
            if let record = try? SignedRecord(derEncoded: der) {
                return Inspection(text: out + "\n== Signed record (bare, not inside a SignedData) ==\n"
                    + RecordRenderer.render(record), problem: nil)
            }
            return Inspection(text: out + "\n(not a CMS SignedData: \(error))\n", problem: "not a CMS SignedData: \(error)")
        }
        out += "\n== CMS SignedData ==\n"
        out += "version: \(view.version.rawValue)\n"
        out += "digestAlgorithms: \(view.digestAlgorithms.map(\.description).joined(separator: ", "))\n"
        out += "eContentType: \(view.eContentType)\n"
        out += "content: " + (view.content.map { "\($0.count) bytes attached" } ?? "detached") + "\n"
        out += "certificates: \(view.certificateChoiceCount)\n"
        for der in view.certificates {
            if let cert = try? Certificate(derEncoded: der) { out += "  subject: \(TerminalText(cert.subject))\n" }
        }
        if view.crlCount > 0 { out += "crls: \(view.crlCount)\n" }
        for (i, info) in view.signerInfos.enumerated() {
            out += "signerInfo[\(i)]: version \(info.version.rawValue), sid \(info.sid)\n"
            out += "  digestAlgorithm: \(info.digestAlgorithm)\n"
            out += "  signatureAlgorithm: \(info.signatureAlgorithm)\n"
            out += "  signedAttrs: \(info.signedAttrs == nil ? "none" : "present")\n"
            if let time = info.signingTime { out += "  signingTime: \(time)\n" }
            out += "  signature: \(info.signature.count) bytes\n"
        }
        guard let content = view.content else { return Inspection(text: out, problem: nil) }
        do {
            let manifest = try BatchManifest(derEncoded: content)
            return Inspection(text: out + "\n== Batch manifest (docs/BATCH.md) ==\n" + BatchManifestRenderer.render(manifest),
                              problem: nil)
        } catch .notABatchManifest {
            // A per-sample record, or other content: shown below.
        } catch {
            return Inspection(text: out + "\n== Batch manifest (docs/BATCH.md) ==\nnot a valid batch manifest: \(error)\n",
                              problem: nil)
        }
        out += "\n== Signed record ==\n"
        do {
            let record = try SignedRecord(derEncoded: content)
            out += RecordRenderer.render(record)
        } catch {
            out += "content is not a healthsig record: \(error)\n"
        }
        return Inspection(text: out, problem: nil)
    }
}

extension Inspector {
    /// The kind of private key `root` is shaped like, or `nil`: PKCS#8 PrivateKeyInfo /
    /// OneAsymmetricKey (RFC 5958: INTEGER, AlgorithmIdentifier, OCTET STRING, …),
    /// EncryptedPrivateKeyInfo (AlgorithmIdentifier, OCTET STRING) or SEC1 ECPrivateKey
    /// (RFC 5915: INTEGER 1, OCTET STRING, …); also a bare run of INTEGERs (PKCS#1 RSA, DSA).
    /// Neither a SignedData (OID, [0]) nor a record (a SET) has any of these shapes.
    static func privateKeyKind(_ root: DERNode) -> String? {
        guard root.tag == .sequence else { return nil }
        let tags = root.children.map(\.tag)
        if tags.starts(with: [.integer, .sequence, .octetString]) { return "PKCS#8" }
        if tags == [.sequence, .octetString] { return "encrypted PKCS#8" }
        if tags.starts(with: [.integer, .octetString]) { return "SEC1 EC private key" }
        if tags.count >= 6, tags.allSatisfy({ $0 == .integer }) { return "RSA or DSA private key" }
        return nil
    }
}

/// Text rendering of a decoded record. Keys and values come from the signed content, so each
/// is shown as ``TerminalText``: one line, nothing a terminal would obey.
public enum RecordRenderer {
    /// One line per field, nested objects indented.
    public static func render(_ record: SignedRecord, indent: String = "") -> String {
        func text(_ value: String) -> TerminalText { TerminalText(value) }
        var out = ""
        if let fv = record.formatVersion { out += "\(indent)format version: \(fv)\n" }
        out += "\(indent)type: \(text(record.type))\n"
        if let value = record.valueText { out += "\(indent)value: \(text(value))\n" }
        out += "\(indent)startDate: \(record.startDate.rfc3339String)\n"
        out += "\(indent)endDate: \(record.endDate.rfc3339String)\n"
        if let device = record.device {
            for (key, value) in device.fields { out += "\(indent)device.\(text(key)): \(text(value))\n" }
        }
        for entry in record.metadata.entries {
            out += "\(indent)metadata.\(text(entry.key)): \(text(entry.value.displayText))\n"
        }
        for (i, object) in record.objects.enumerated() {
            out += "\(indent)objects[\(i)]:\n" + render(object, indent: indent + "  ")
        }
        if let workout = record.workout { out += render(workout, indent: indent) }
        for key in record.unknownKeys {
            out += "\(indent)unknown key \(text(key)): \(text(record.dictionary[key]?.displayText ?? ""))\n"
        }
        return out
    }

    /// A workout's activity type, duration, totals and events (docs/FORMAT.md, "Workouts").
    static func render(_ workout: SignedWorkout, indent: String) -> String {
        let activity = WorkoutActivityType.withRawValue(workout.activityType).map { "\($0.name) (\($0.rawValue))" }
            ?? "\(workout.activityType) (not an activity type HealthKit defines)"
        var out = "\(indent)activityType: \(activity)\n"
        out += "\(indent)duration: \(DecimalText.format(workout.duration)) s\n"
        for total in WorkoutTotal.allCases {
            guard let value = workout.totals[total] else { continue }
            out += "\(indent)\(total.fieldName): \(DecimalText.format(value.value)) \(value.unit)\n"
        }
        for (i, event) in workout.events.enumerated() {
            let type = WorkoutEventType(rawValue: event.type)?.name ?? "\(event.type) (not an event type HealthKit defines)"
            var line = "\(indent)events[\(i)]: \(type) at \(event.date.rfc3339String)"
            if let duration = event.duration { line += " for \(DecimalText.format(duration)) s" }
            for entry in event.metadata.entries { line += ", metadata.\(entry.key): \(entry.value.displayText)" }
            out += line + "\n"
        }
        return out
    }
}
