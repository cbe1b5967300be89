import CMS
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig verify`: reads stored samples in any supported form and verifies each one.
public enum BatchVerifier {
    /// Stored forms `verify` reads.
    public enum InputKind: Sendable {
        case json
        case healthExport
    }

    /// Sniffs the input: a zip archive or XML is a Health export, anything else JSON.
    public static func kind(of path: String) throws(ToolError) -> InputKind {
        if path == "-" { return .json }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .healthExport }
        let firstVisible = head.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        return firstVisible == UInt8(ascii: "<") ? .healthExport : .json
    }

    /// Verifies every sample of `inputPath` against `trust`.
    public static func run(inputPath: String, trust: TrustSet) throws(ToolError) -> VerificationReport {
        let verifier = SampleVerifier(trust: trust)
        switch try kind(of: inputPath) {
        case .json: return try verifyJSON(inputPath, verifier)
        case .healthExport: return try verifyExport(inputPath, verifier)
        }
    }

    static func entry(_ stored: StoredSample, _ verdict: SampleVerdict) -> VerificationEntry {
        VerificationEntry(position: stored.position, line: stored.line, type: stored.sample.typeIdentifier,
                          startDate: stored.sample.startDate.rfc3339String, verdict: verdict)
    }

    static func verifyJSON(_ path: String, _ verifier: SampleVerifier) throws(ToolError) -> VerificationReport {
        var report = VerificationReport()
        do {
            let reader = try JSONSampleReader(path: path)
            while let item = try reader.next() {
                switch item {
                case .success(let stored):
                    report.add(entry(stored, verifier.verify(stored.sample, storedForm: .json)))
                case .failure(let error):
                    report.addUnreadable(line: error.line, reason: error.description)
                }
            }
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        return report
    }

    static func verifyExport(_ path: String, _ verifier: SampleVerifier) throws(ToolError) -> VerificationReport {
        var report = VerificationReport()
        // Members of a correlation are repeated as top-level Records (a note in Apple's DTD);
        // those unsigned copies are not counted as unsigned samples. Records may come before
        // their correlation, so candidates are counted and settled at the end.
        var memberKeys = Set<String>()
        var unsignedCandidates: [String: Int] = [:]
        do {
            let reader = try ExportSampleReader(path: path)
            while let outcome = try reader.next() {
                switch outcome {
                case .sample(let stored):
                    let verdict = verifier.verify(stored.sample, storedForm: .healthExport)
                    report.add(entry(stored, verdict))
                    switch stored.sample {
                    case .correlation(let c):
                        for object in c.objects { memberKeys.insert(memberKey(object)) }
                    case .quantity(let q) where verdict.kind == .unsigned && isCorrelationMemberType(q.type):
                        unsignedCandidates[memberKey(q), default: 0] += 1
                    default:
                        break
                    }
                case .unsupported(let item):
                    if let signature = signatureEntry(item) {
                        report.add(VerificationEntry(
                            position: item.position, line: item.line, type: item.type ?? item.elementName,
                            startDate: item.startDate ?? "", verdict: SampleVerdict(
                                kind: .malformed, reasonCode: "unsupported-type",
                                reason: "signed \(item.elementName) of type \(item.type ?? "?") is outside the supported sample types (signature \(signature.count) characters)")))
                    }
                case .invalid(let item, let error):
                    if signatureEntry(item) != nil {
                        report.add(VerificationEntry(
                            position: item.position, line: item.line, type: item.type ?? item.elementName,
                            startDate: item.startDate ?? "", verdict: SampleVerdict(
                                kind: .malformed, reasonCode: "invalid-stored-sample",
                                reason: "the stored sample cannot be read: \(error)")))
                    }
                }
            }
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        let duplicates = unsignedCandidates.filter { memberKeys.contains($0.key) }.values.reduce(0, +)
        report.discountUnsigned(duplicates)
        return report
    }

    static func signatureEntry(_ item: ExportXMLItem) -> String? {
        item.metadata.first { MetadataKey.storedName(for: $0.key) == MetadataKey.digitalSignature.storedName }?.value
    }

    static func isCorrelationMemberType(_ type: QuantityType) -> Bool {
        type == .bloodPressureSystolic || type == .bloodPressureDiastolic || type.isDietary
    }

    static func memberKey(_ q: QuantitySample) -> String {
        "\(q.type.identifier)|\(q.startDate.epochSeconds)|\(q.endDate.epochSeconds)|\(q.quantity.description)"
    }
}
