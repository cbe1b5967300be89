import CMS
import DER
import Foundation
import HealthSamples
import SampleIO
import SampleSigning
import OwnedMemory

/// The JSON objects of `verify`'s json and ndjson reports, written straight into bytes (one
/// object per sample, members in a fixed alphabetical order, no whitespace).
enum ReportJSON {
    /// A decided sample: `{"line":…,"position":…,"reason":…,"reasonCode":…,"signer":…,…}`.
    /// `origin`: the `--origin` member's value, already a JSON string (``ReportOrigin``).
    static func append(_ decided: borrowing DecidedSample, origin: ReportOrigin? = nil, into out: inout ReportBytes) {
        if decided.hasReportLineReading {
            append(decided, decided.reportLineReading, origin: origin, into: &out)
        } else {
            // Not a valid sample: its raw attributes, as ``ReportedReading`` reads them.
            let r = ReportedReading(decided)
            append(decided, ReportLineReading(
                deviceName: r.deviceName, deviceModel: r.deviceModel, start: r.startDate.map(ReportLineReading.Text.text) ?? .absent,
                end: r.endDate.map(ReportLineReading.Text.text) ?? .absent, value: r.value.map(ReportLineReading.Text.text) ?? .absent,
                unit: r.unit, members: .texts(r.objects), source: r.source), origin: origin, into: &out)
        }
    }

    private static func append(_ decided: borrowing DecidedSample, _ reading: borrowing ReportLineReading,
                               origin: ReportOrigin?, into out: inout ReportBytes) {
        // The fixed text between values goes out in one piece each (`,"reason":`): a dozen
        // members a line, one line per sample.
        raw(#"{"device":"#, into: &out)
        if reading.deviceName == nil && reading.deviceModel == nil {
            raw("null", into: &out)
        } else {
            raw(#"{"model":"#, into: &out)
            optionalValue(reading.deviceModel, into: &out)
            raw(#","name":"#, into: &out)
            optionalValue(reading.deviceName, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        raw(#","endDate":"#, into: &out)
        let endDateBytes = out.count
        text(reading.end, into: &out)
        let endDate = endDateBytes..<out.count
        out.append(UInt8(ascii: ","))
        if let line = decided.entry.line {
            key("line", into: &out)
            number(line, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if decided.mayBeCorrelationMemberCopy {
            key("mayBeCorrelationMemberCopy", into: &out)
            raw("true,", into: &out)
        }
        if !decided.entry.verdict.mismatches.isEmpty {
            key("mismatches", into: &out)
            out.append(UInt8(ascii: "["))
            for (index, mismatch) in decided.entry.verdict.mismatches.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                member("field", mismatch.field, into: &out)
                out.append(UInt8(ascii: ","))
                optionalMember("signed", presentValue(mismatch.signed), into: &out)
                out.append(UInt8(ascii: ","))
                optionalMember("stored", presentValue(mismatch.stored), into: &out)
                out.append(UInt8(ascii: "}"))
            }
            raw("],", into: &out)
        }
        if !decided.entry.verdict.notes.isEmpty {
            key("notes", into: &out)
            out.append(UInt8(ascii: "["))
            for (index, note) in decided.entry.verdict.notes.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(note, into: &out)
            }
            raw("],", into: &out)
        }
        switch reading.members {
        case .none:
            break
        case .samples(let members):
            if !members.isEmpty {
                key("objects", into: &out)
                out.append(UInt8(ascii: "["))
                for index in members.indices {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    raw(#"{"type":"#, into: &out)
                    string(members[index].type.identifier, into: &out)
                    raw(#","unit":"#, into: &out)
                    string(members[index].quantity.unit.unitString, into: &out)
                    raw(#","value":"#, into: &out)
                    text(.value(of: members[index].quantity), into: &out)
                    out.append(UInt8(ascii: "}"))
                }
                raw("],", into: &out)
            }
        case .texts(let members):
            if !members.isEmpty {
                key("objects", into: &out)
                out.append(UInt8(ascii: "["))
                for (index, object) in members.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "{"))
                    member("type", object.type, into: &out)
                    out.append(UInt8(ascii: ","))
                    optionalMember("unit", object.unit, into: &out)
                    out.append(UInt8(ascii: ","))
                    optionalMember("value", object.value, into: &out)
                    out.append(UInt8(ascii: "}"))
                }
                raw("],", into: &out)
            }
        }
        if let origin {
            key("origin", into: &out)
            origin.append(into: &out)
            out.append(UInt8(ascii: ","))
        }
        raw(#""position":"#, into: &out)
        number(decided.entry.position, into: &out)
        if decided.entry.verdict.reasonCode == "ok" && decided.entry.verdict.reason == SampleVerdict.fieldsMatchReason {
            // Nearly every line: the valid verdict's texts, written once.
            out.append(validReasonMembers)
        } else if decided.entry.verdict.reasonCode == "no-signature"
                    && decided.entry.verdict.reason == SampleVerdict.noSignatureReason {
            // Nearly every line of a Health app export: the unsigned verdict's texts, written once.
            out.append(noSignatureReasonMembers)
        } else {
            raw(#","reason":"#, into: &out)
            string(decided.entry.verdict.reason, into: &out)
            raw(#","reasonCode":"#, into: &out)
            string(decided.entry.verdict.reasonCode, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if let revocation = decided.entry.verdict.revocation {
            appendRevocation(revocation, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if let signer = decided.entry.verdict.signer {
            raw(#""signer":{"keyId":"#, into: &out)
            string(signer.keyIdentifier, into: &out)
            if let subject = signer.certificateSubject {
                raw(#","subject":"#, into: &out)
                string(subject, into: &out)
            }
            raw("},", into: &out)
        }
        raw(#""source":"#, into: &out)
        optionalValue(reading.source, into: &out)
        raw(#","startDate":"#, into: &out)
        switch reading.start {
        case .date(let start) where reading.end.isDate(writtenAlike: start):
            // Most readings (a heart rate, a weight) end where they start: the same text.
            out.append(copyOf: endDate)
        case .absent:
            switch decided.entry.start {
            case .text(let start): string(start, into: &out)
            case .date(let start): date(start, into: &out)
            }
        case let start:
            text(start, into: &out)
        }
        if let timestamp = decided.entry.verdict.timestamp {
            out.append(UInt8(ascii: ","))
            appendTimestamp(timestamp, into: &out)
        }
        raw(#","type":"#, into: &out)
        string(decided.entry.type, into: &out)
        raw(#","unit":"#, into: &out)
        optionalValue(reading.unit, into: &out)
        // Stored metadata keys the signature does not cover (docs/VERIFY.md, "Unsigned context").
        // Perf: asked only of a verdict that can have any; asking copied the sample and the
        // verdict out of `decided` for every line, an unsigned one's too.
        if decided.entry.verdict.mayHaveUnsignedContext {
            let context = decided.entry.verdict.unsignedContext(of: decided.sample)
            if !context.isEmpty {
                raw(#","unsignedContext":["#, into: &out)
                for (index, key) in context.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    string(key, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        raw(#","value":"#, into: &out)
        text(reading.value, into: &out)
        raw(#","verdict":"#, into: &out)
        out.append(quotedNames[decided.entry.verdict.kind.ordinal])
        out.append(UInt8(ascii: "}"))
    }

    /// `"timestamp":{"deviceClockAhead":true,"genTime":…,"problem":…,"tsa":…}`: the RFC 3161
    /// token read with `--tsa-trust` (docs/VERIFY.md). `problem` (a `timestamp-…` code) only when
    /// the token proves nothing, `deviceClockAhead` only when the reading's date is after a
    /// trusted genTime; `genTime` and `tsa` are `null` when the token could not be read.
    private static func appendTimestamp(_ timestamp: SignatureTimestamp, into out: inout ReportBytes) {
        raw(#""timestamp":{"#, into: &out)
        if timestamp.readingAfterGenTime { raw(#""deviceClockAhead":true,"#, into: &out) }
        raw(#""genTime":"#, into: &out)
        if let genTime = timestamp.genTime { jsonString(Revocation.timeText(genTime), into: &out) } else { raw("null", into: &out) }
        if let problem = timestamp.problemCode {
            raw(#","problem":"#, into: &out)
            jsonString(problem, into: &out)
        }
        raw(#","tsa":"#, into: &out)
        if let tsa = timestamp.authority { jsonString(tsa, into: &out) } else { raw("null", into: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `"revocation":{"compromisedAt":…,"reason":…,"revokedAt":…}` (RFC 3339 times; the
    /// compromise time `null` when the entry has none), keys sorted as everywhere else.
    private static func appendRevocation(_ revocation: Revocation, into out: inout ReportBytes) {
        raw(#""revocation":{"compromisedAt":"#, into: &out)
        if let compromisedAt = revocation.compromisedAt {
            jsonString(Revocation.timeText(compromisedAt), into: &out)
        } else {
            raw("null", into: &out)
        }
        raw(#","reason":"#, into: &out)
        jsonString(revocation.reasonName, into: &out)
        raw(#","revokedAt":"#, into: &out)
        jsonString(Revocation.timeText(revocation.revokedAt), into: &out)
        raw(#","subject":"#, into: &out)
        jsonString(revocation.subject, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    // Texts every line has, written by the general writing once rather than scanned and
    // escaped for each line.

    /// Each verdict kind's raw value as a JSON string, at its ``SampleVerdict/Kind/ordinal``.
    private static let quotedNames: [[UInt8]] = SampleVerdict.Kind.allCases.map { kind in
        var out = ReportBytes(capacity: 32)
        string(kind.rawValue, into: &out)
        return out.array
    }

    /// `,"reason":…,"reasonCode":"ok",` of the valid verdict's reason
    /// (``SampleVerdict/fieldsMatchReason``).
    private static let validReasonMembers: [UInt8] = {
        var out = ReportBytes(capacity: 96)
        raw(#","reason":"#, into: &out)
        string(SampleVerdict.fieldsMatchReason, into: &out)
        raw(#","reasonCode":"ok","#, into: &out)
        return out.array
    }()

    /// `,"reason":…,"reasonCode":"no-signature",` of a sample without a signature
    /// (``SampleVerdict/noSignatureReason``).
    private static let noSignatureReasonMembers: [UInt8] = {
        var out = ReportBytes(capacity: 96)
        raw(#","reason":"#, into: &out)
        string(SampleVerdict.noSignatureReason, into: &out)
        raw(#","reasonCode":"no-signature","#, into: &out)
        return out.array
    }()

    /// A string member's value, or `null` when absent.
    private static func text(_ value: ReportLineReading.Text, into out: inout ReportBytes) {
        switch value {
        case .absent: raw("null", into: &out)
        case .text(let text): string(text, into: &out)
        case .date(let date): self.date(date, into: &out)
        case .decimal(let parts): decimal(parts, into: &out)
        case .integer(let integer):
            out.append(UInt8(ascii: "\""))
            number(integer, into: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// A date as a JSON string of its RFC 3339 text (``SampleDate/rfc3339String``), written in
    /// place: digits and `-:.TZ+` need no escaping.
    static func date(_ date: SampleDate, into out: inout ReportBytes) {
        var fits = true
        out.appendWritten(maximumCount: SampleDate.rfc3339MaximumByteCount + 2) { bytes in
            guard let count = date.writeRFC3339(to: bytes + 1) else {
                fits = false
                return 0
            }
            bytes[0] = UInt8(ascii: "\"")
            bytes[count + 1] = UInt8(ascii: "\"")
            return count + 2
        }
        if !fits { string(date.rfc3339String, into: &out) }
    }

    /// A quantity's value as a JSON string of its decimal text (``DecimalText/format(_:)``),
    /// written in place from the integer parts the parser kept.
    static func decimal(_ parts: DecimalText.IntegerParts, into out: inout ReportBytes) {
        out.append(UInt8(ascii: "\""))
        out.appendWritten(maximumCount: DecimalText.plainByteCount(parts)) { DecimalText.writePlain(parts, to: $0) }
        out.append(UInt8(ascii: "\""))
    }

    /// Unreadable input: `{"line":3,"origin":…,"reason":"…","verdict":"unreadable"}`.
    static func appendUnreadable(line: Int?, reason: String, origin: ReportOrigin? = nil, into out: inout ReportBytes) {
        out.append(UInt8(ascii: "{"))
        if let line {
            key("line", into: &out)
            number(line, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if let origin {
            key("origin", into: &out)
            origin.append(into: &out)
            out.append(UInt8(ascii: ","))
        }
        member("reason", reason, into: &out)
        out.append(UInt8(ascii: ","))
        member("verdict", "unreadable", into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `{"correlationMemberCopies":…,"counts":{…},"origin":…,"unreadable":…}` (the first and last
    /// only when not zero; `correlationMemberCopiesIncomplete` only when true, `origin` only with
    /// `--origin`).
    static func appendSummary(_ totals: VerificationTotals, origin: ReportOrigin? = nil, into out: inout ReportBytes) {
        out.append(UInt8(ascii: "{"))
        if !totals.batches.isEmpty {
            // Keys in sorted order, as the rest of the summary: "batches" first.
            key("batches", into: &out)
            out.append(UInt8(ascii: "["))
            for (index, batch) in totals.batches.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                if let absent = batch.absent {
                    key("absent", into: &out)
                    number(absent, into: &out)
                    out.append(UInt8(ascii: ","))
                }
                if let count = batch.count {
                    key("count", into: &out)
                    number(count, into: &out)
                    out.append(UInt8(ascii: ","))
                }
                key("id", into: &out)
                jsonString(batch.identifier, into: &out)
                out.append(UInt8(ascii: ","))
                key("present", into: &out)
                number(batch.present, into: &out)
                out.append(UInt8(ascii: ","))
                key("signature", into: &out)
                jsonString(batch.signature.rawValue, into: &out)
                out.append(UInt8(ascii: "}"))
            }
            raw("],", into: &out)
        }
        if totals.correlationMemberCopies > 0 {
            key("correlationMemberCopies", into: &out)
            number(totals.correlationMemberCopies, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if totals.correlationMemberCopiesIncomplete {
            key("correlationMemberCopiesIncomplete", into: &out)
            raw("true,", into: &out)
        }
        key("counts", into: &out)
        out.append(UInt8(ascii: "{"))
        // `revoked` only when a sample was: the counts of runs without revocation stay as they were.
        let kinds = SampleVerdict.Kind.allCases.filter { $0 != .revoked || totals.counts[$0, default: 0] > 0 }
            .sorted { $0.rawValue < $1.rawValue }
        for (index, kind) in kinds.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            dynamicKey(kind.rawValue, into: &out)
            number(totals.counts[kind, default: 0], into: &out)
        }
        out.append(UInt8(ascii: "}"))
        if let origin {
            out.append(UInt8(ascii: ","))
            key("origin", into: &out)
            origin.append(into: &out)
        }
        if let revocation = totals.revocation {
            out.append(UInt8(ascii: ","))
            key("revocation", into: &out)
            revocation.appendJSON(into: &out)
        }
        if !totals.timestamps.isEmpty {
            out.append(UInt8(ascii: ","))
            key("timestamps", into: &out)
            totals.timestamps.appendJSON(into: &out)
        }
        if totals.unreadable > 0 {
            out.append(UInt8(ascii: ","))
            key("unreadable", into: &out)
            number(totals.unreadable, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `"name":` for the report's own member names: plain ASCII letters that need no escaping,
    /// written as they are.
    @inline(__always)
    private static func key(_ name: StaticString, into out: inout ReportBytes) {
        out.append(UInt8(ascii: "\""))
        raw(name, into: &out)
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    // Perf: not `append(contentsOf: "…".utf8)`, which went element by element: some 170
    // instructions for two bytes, a dozen times a line (measured when written).
    /// Appends fixed ASCII text.
    @inline(__always)
    private static func raw(_ text: StaticString, into out: inout ReportBytes) {
        out.append(text)
    }

    /// `"name":` for a name known only at run time (a verdict kind in the summary).
    private static func dynamicKey(_ name: String, into out: inout ReportBytes) {
        jsonString(name, into: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// A string as ``JSONWriter`` writes it (JSON's escapes only), for the summary's own names.
    private static func jsonString(_ value: String, into out: inout ReportBytes) {
        var quoted: [UInt8] = []
        JSONWriter.writeString(value, into: &quoted)
        out.append(quoted)
    }

    /// A string member, or `null` when the value is absent.
    private static func optionalMember(_ name: StaticString, _ value: String?, into out: inout ReportBytes) {
        key(name, into: &out)
        optionalValue(value, into: &out)
    }

    /// A string, or `null` when the value is absent.
    private static func optionalValue(_ value: String?, into out: inout ReportBytes) {
        if let value { string(value, into: &out) } else { raw("null", into: &out) }
    }

    /// A mismatch side as reported: nil for the comparator's `(absent)`, so JSON says `null`.
    static func presentValue(_ text: String) -> String? {
        text == FieldMismatch.absentText ? nil : text
    }

    private static func member(_ name: StaticString, _ value: String, into out: inout ReportBytes) {
        key(name, into: &out)
        string(value, into: &out)
    }

    /// A JSON string that is safe to print: besides what JSON requires (``JSONWriter``), what a
    /// terminal would obey (DEL, C1 controls, bidi controls, U+2028/U+2029; ``TerminalText``) is
    /// written as a `\uXXXX` escape, so the parsed value is exactly the stored one.
    static func string(_ value: String, into out: inout ReportBytes) {
        // ASCII below DEL needs only JSON's own escaping: the common case, on the contiguous
        // UTF-8 (a generic scan of the String's UTF-8 view cost as much as the writing), read in
        // place (`withUTF8` needs a mutable copy: a retain and a release of every string).
        if let written = value.utf8.withContiguousStorageIfAvailable({ appendASCII($0, into: &out) }) {
            if written { return }
        } else {
            var text = value
            if text.withUTF8({ appendASCII($0, into: &out) }) { return }
        }
        appendEscapingByScalar(value, into: &out)
    }

    /// ``string(_:into:)`` one scalar at a time: the definition the byte-level shortcuts of
    /// ``appendASCII(_:into:)`` are held to.
    static func appendEscapingByScalar(_ value: String, into out: inout ReportBytes) {
        var plain = ""
        var pieces: [UInt8] = [UInt8(ascii: "\"")]
        func flush() {
            var quoted: [UInt8] = []
            JSONWriter.writeString(plain, into: &quoted)
            pieces.append(contentsOf: quoted.dropFirst().dropLast())
            plain = ""
        }
        for scalar in value.unicodeScalars {
            if scalar.value >= 0x7F && TerminalText.needsEscape(scalar) {
                flush()
                let hex = Array(String(scalar.value, radix: 16, uppercase: true).utf8)
                pieces.append(contentsOf: Array("\\u".utf8) + Array(repeating: UInt8(ascii: "0"), count: max(0, 4 - hex.count)) + hex)
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        flush()
        pieces.append(UInt8(ascii: "\""))
        out.append(pieces)
    }

    /// Appends UTF-8 without bytes past DEL as a JSON string; false, with nothing appended, for
    /// any other text.
    private static func appendASCII(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout ReportBytes) -> Bool {
        // Nearly every string of a report line (dates, identifiers, reasons, key ids) is
        // printable ASCII that goes out as it is: one word-at-a-time scan, one copy.
        if isPrintableASCIIWithoutEscapes(utf8) {
            out.append(UInt8(ascii: "\""))
            out.append(utf8)
            out.append(UInt8(ascii: "\""))
            return true
        }
        // Text past ASCII (a source such as `Simon’s Watch`, on every record of a real export)
        // goes out as it is too when nothing in it is escaped.
        // Perf: ≈ 5,600 instructions a record of export.xml verify (14.8 %), callgrind of
        // `verify --jobs 1 --format ndjson` on a 20 MB tools/make_export.py export.
        if isWithoutEscapes(utf8) {
            out.append(UInt8(ascii: "\""))
            out.append(utf8)
            out.append(UInt8(ascii: "\""))
            return true
        }
        guard !utf8.contains(where: { $0 >= 0x7F }) else { return false }
        var quoted: [UInt8] = []
        JSONWriter.writeString(utf8: utf8, into: &quoted)
        out.append(quoted)
        return true
    }

    /// Whether the string needs neither escaping nor anything outside printable ASCII: it then
    /// goes out as it is.
    static func isPrintableASCIIWithoutEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !ByteScan.contains(.jsonEscapedOrNotPrintableASCII, in: bytes)
    }

    /// Whether the well-formed UTF-8 `bytes` hold nothing ``appendEscapingByScalar(_:into:)``
    /// escapes: no JSON escape, no DEL, and none of the scalars ``TerminalText`` escapes past
    /// ASCII, which are U+0080–U+009F (`C2 80`–`C2 9F`), U+061C (`D8 9C`), U+200E, U+200F,
    /// U+2028–U+202E (`E2 80 8E`, `8F`, `A8`–`AE`) and U+2066–U+2069 (`E2 81 A6`–`A9`).
    static func isWithoutEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while true {
            index = ByteScan.firstIndex(of: .jsonEscapedOrNotPrintableASCII, in: UnsafeRawBufferPointer(bytes), from: index)
            guard index < count else { return true }
            let lead = bytes[index]
            guard lead >= 0x80 else { return false }
            let second = index + 1 < count ? bytes[index + 1] : 0
            let third = index + 2 < count ? bytes[index + 2] : 0
            switch lead {
            case 0xC2 where second < 0xA0: return false
            case 0xD8 where second == 0x9C: return false
            case 0xE2 where second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)): return false
            case 0xE2 where second == 0x81 && (0xA6...0xA9).contains(third): return false
            default: index += 1  // a lead or continuation byte of a character shown as it is
            }
        }
    }

    static func number(_ value: Int, into out: inout ReportBytes) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }
}

