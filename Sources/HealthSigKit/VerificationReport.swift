import DER
import Foundation
import SampleSigning

/// One verified sample in a report.
public struct VerificationEntry: Sendable {
    /// 1-based ordinal of the sample in the input.
    public let position: Int
    /// Line in the input file, when known.
    public let line: Int?
    /// Type identifier.
    public let type: String
    /// Start date as stored (RFC 3339).
    public let startDate: String
    /// The verdict.
    public let verdict: SampleVerdict

    public init(position: Int, line: Int?, type: String, startDate: String, verdict: SampleVerdict) {
        self.position = position
        self.line = line
        self.type = type
        self.startDate = startDate
        self.verdict = verdict
    }
}

/// Everything `healthsig verify` found in one input.
public struct VerificationReport: Sendable {
    /// Every signed sample (unsigned ones are only counted, so a multi-GB export with a few
    /// signed samples keeps a small report).
    public private(set) var entries: [VerificationEntry] = []
    /// Count per verdict, including `unsigned`.
    public private(set) var counts: [SampleVerdict.Kind: Int] = [:]
    /// Input that could not be read as samples: a line (number and reason), or the input as a
    /// whole (`line` `nil`, e.g. a damaged zip archive).
    public private(set) var unreadable: [(line: Int?, reason: String)] = []
    /// The first `unsignedListLimit` unsigned samples, so a failed `--require-signed` run shows
    /// where to look without listing millions of export records.
    public private(set) var unsignedSamples: [VerificationEntry] = []
    /// How many unsigned samples are listed at most.
    public static let unsignedListLimit = 20

    public init() {}

    /// Records one verdict. `listIfUnsigned` false counts an unsigned sample without listing it
    /// (used for export.xml records that may turn out to be copies of correlation members).
    public mutating func add(_ entry: VerificationEntry, listIfUnsigned: Bool = true) {
        counts[entry.verdict.kind, default: 0] += 1
        if entry.verdict.kind != .unsigned {
            entries.append(entry)
        } else if listIfUnsigned && unsignedSamples.count < Self.unsignedListLimit {
            unsignedSamples.append(entry)
        }
    }

    /// Records input that could not be parsed into a sample (`line` `nil`: the whole input).
    public mutating func addUnreadable(line: Int?, reason: String) {
        unreadable.append((line, reason))
    }

    /// Removes `n` from the unsigned count (correlation members repeated as top-level records).
    public mutating func discountUnsigned(_ n: Int) {
        counts[.unsigned, default: 0] = max(0, counts[.unsigned, default: 0] - n)
    }

    /// Whether the input held no sample at all (and nothing unreadable).
    public var isEmpty: Bool { counts.values.reduce(0, +) == 0 && unreadable.isEmpty }

    /// Whether the run passes: no signed sample failed, no unreadable input, and (with
    /// `requireSigned`) nothing unsigned and at least one sample: a CI job checking that its
    /// firmware signs must not pass when the firmware wrote nothing.
    public func passes(requireSigned: Bool) -> Bool {
        let failed = entries.contains { $0.verdict.isFailure }
        return !failed && unreadable.isEmpty && !(requireSigned && (counts[.unsigned, default: 0] > 0 || isEmpty))
    }

    /// `valid=3 unsigned=0 malformed=0 …` in the fixed verdict order.
    public var countsLine: String {
        SampleVerdict.Kind.allCases.map { "\($0.rawValue)=\(counts[$0, default: 0])" }.joined(separator: " ")
            + (unreadable.isEmpty ? "" : " unreadable=\(unreadable.count)")
    }
}

/// Renders reports as a table, one JSON document, or JSON Lines.
public enum ReportFormatter {
    /// Output formats of `healthsig verify`.
    public enum Format: String, Sendable, CaseIterable {
        case table, json, ndjson
    }

    /// The whole report in `format`.
    public static func render(_ report: VerificationReport, format: Format) -> String {
        switch format {
        case .table: return table(report)
        case .json: return json(report)
        case .ndjson: return ndjson(report)
        }
    }

    /// A value from the input as table text: control characters escaped (``TerminalText``), so
    /// a stored value cannot redraw the report on a terminal.
    static func cell(_ text: String) -> String { TerminalText(text).description }

    static func table(_ report: VerificationReport) -> String {
        var rows: [[String]] = [["#", "TYPE", "START", "VERDICT", "REASON", "SIGNER"]]
        for e in report.entries {
            rows.append([String(e.position), cell(shortType(e.type)), cell(e.startDate), e.verdict.kind.rawValue,
                         cell(e.verdict.reason), cell(e.verdict.signer?.description ?? "-")])
        }
        // Pad every column but the last two (reason and signer can be long).
        var widths = Array(repeating: 0, count: 4)
        for row in rows { for i in 0..<4 { widths[i] = max(widths[i], row[i].count) } }
        var out = ""
        for row in rows {
            var cells = (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            cells += [row[4], row[5]]
            out += cells.joined(separator: "  ") + "\n"
        }
        for item in report.unreadable {
            out += "unreadable " + (item.line.map { "line \($0)" } ?? "input") + ": \(cell(item.reason))\n"
        }
        for e in report.entries {
            for note in e.verdict.notes { out += "note #\(e.position): \(cell(note))\n" }
        }
        for e in report.unsignedSamples {
            out += "unsigned #\(e.position): \(cell(shortType(e.type))) \(cell(e.startDate))\n"
        }
        if report.counts[.unsigned, default: 0] > report.unsignedSamples.count && !report.unsignedSamples.isEmpty {
            out += "(first \(report.unsignedSamples.count) unsigned samples listed)\n"
        }
        out += "summary: \(report.countsLine)\n"
        return out
    }

    static func shortType(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier"]
        where type.hasPrefix(prefix) {
            return String(type.dropFirst(prefix.count))
        }
        return type
    }

    static func entryObject(_ e: VerificationEntry) -> [String: Any] {
        var object: [String: Any] = [
            "position": e.position, "type": e.type, "startDate": e.startDate,
            "verdict": e.verdict.kind.rawValue, "reasonCode": e.verdict.reasonCode, "reason": e.verdict.reason,
        ]
        if let line = e.line { object["line"] = line }
        if let signer = e.verdict.signer {
            var s: [String: Any] = ["keyId": signer.keyIdentifier]
            if let subject = signer.certificateSubject { s["subject"] = subject }
            object["signer"] = s
        }
        if !e.verdict.mismatches.isEmpty {
            object["mismatches"] = e.verdict.mismatches.map { ["field": $0.field, "signed": $0.signed, "stored": $0.stored] }
        }
        if !e.verdict.notes.isEmpty { object["notes"] = e.verdict.notes }
        return object
    }

    static func summaryObject(_ report: VerificationReport) -> [String: Any] {
        var counts: [String: Any] = [:]
        for kind in SampleVerdict.Kind.allCases { counts[kind.rawValue] = report.counts[kind, default: 0] }
        var object: [String: Any] = ["counts": counts]
        if !report.unsignedSamples.isEmpty {
            object["unsignedSamples"] = report.unsignedSamples.map { ["position": $0.position, "type": $0.type, "startDate": $0.startDate] as [String: Any] }
        }
        if !report.unreadable.isEmpty {
            object["unreadable"] = report.unreadable.map { item -> [String: Any] in
                var entry: [String: Any] = ["reason": item.reason]
                if let line = item.line { entry["line"] = line }
                return entry
            }
        }
        return object
    }

    static func json(_ report: VerificationReport) -> String {
        let object: [String: Any] = ["samples": report.entries.map(entryObject), "summary": summaryObject(report)]
        return serialize(object, pretty: true) + "\n"
    }

    static func ndjson(_ report: VerificationReport) -> String {
        var out = ""
        for e in report.entries { out += serialize(entryObject(e), pretty: false) + "\n" }
        out += serialize(["summary": summaryObject(report)], pretty: false) + "\n"
        return out
    }

    static func serialize(_ object: [String: Any], pretty: Bool) -> String {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "{}" }
        return terminalSafeJSON(String(decoding: data, as: UTF8.self))
    }

    /// `json` with what a terminal would obey and JSON leaves raw (DEL, C1 controls, bidi
    /// controls, U+2028/U+2029; see ``TerminalText``) written as `\uXXXX` escapes: the same JSON
    /// value, safe to print. Such scalars can only occur inside strings, and all are in the BMP.
    /// C0 controls inside strings are escaped by the serializer already; outside strings they
    /// are the layout's line feeds and stay.
    static func terminalSafeJSON(_ json: String) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x7F && TerminalText.needsEscape(scalar) }
        guard json.unicodeScalars.contains(where: escaped) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if escaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
