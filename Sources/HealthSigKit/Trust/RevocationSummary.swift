import CMS
import CryptoBackend
import Foundation

/// What a run's summary says about its revocation data (docs/TRUST.md): the CRLs that counted,
/// the ones ignored and why, and whether any is stale (past its nextUpdate at the time of the
/// run: it still revokes what it lists, but newer revocations may be missing).
public struct RevocationSummary: Sendable, Hashable {
    /// One CRL that counted.
    public struct CRLFacts: Sendable, Hashable {
        public let source: String
        public let issuer: String
        public let number: String?
        public let thisUpdate: Date
        public let nextUpdate: Date?
    }

    /// One CRL file ignored.
    public struct Ignored: Sendable, Hashable {
        public let source: String
        public let reason: String
    }

    /// The CRLs that counted, in the order read.
    public let crls: [CRLFacts]
    /// The CRLs ignored, in the order read.
    public let ignored: [Ignored]
    /// When the run checked freshness.
    public let checkedAt: Date

    /// The summary of `set` and `refusals`, freshness judged at `now`.
    public init(set: RevocationSet, refusals: [RevocationSet.Refusal], now: Date = Date()) {
        crls = set.crls.map {
            CRLFacts(source: $0.source, issuer: $0.crl.issuer, number: $0.crl.number, thisUpdate: $0.crl.thisUpdate,
                     nextUpdate: $0.crl.nextUpdate)
        }
        ignored = refusals.map { Ignored(source: $0.source, reason: $0.reason) }
        checkedAt = now
    }

    /// The CRLs past their nextUpdate at ``checkedAt``.
    public var stale: [CRLFacts] {
        crls.filter { ($0.nextUpdate ?? .distantFuture) < checkedAt }
    }

    /// The earliest nextUpdate passed: since when the revocation data is stale; `nil` when fresh.
    public var staleSince: Date? {
        stale.compactMap(\.nextUpdate).min()
    }

    /// The table's lines, before its `summary:` line.
    public var tableLines: [String] {
        var lines = crls.map { crl in
            "revocation: CRL \(crl.source) of \(crl.issuer), number \(crl.number ?? "(none)"), "
                + "thisUpdate \(Revocation.timeText(crl.thisUpdate)), nextUpdate \(crl.nextUpdate.map(Revocation.timeText) ?? "(none)")"
        }
        for crl in stale {
            lines.append("revocation data is stale since \(crl.nextUpdate.map(Revocation.timeText) ?? "?"): the CRL \(crl.source) "
                         + "of \(crl.issuer) is past its nextUpdate (it still revokes what it lists; newer revocations may be missing)")
        }
        for entry in ignored {
            lines.append("revocation: ignored the CRL \(entry.source): \(entry.reason)")
        }
        return lines
    }

    /// The clinician report's lines: each CRL used (issuer, number, thisUpdate, nextUpdate) and
    /// whether it is stale.
    var reportLines: [String] {
        crls.map { crl in
            let stale = (crl.nextUpdate ?? .distantFuture) < checkedAt
            return "CRL of \(crl.issuer), number \(crl.number ?? "(none)"), issued \(Revocation.timeText(crl.thisUpdate)), "
                + "next update \(crl.nextUpdate.map(Revocation.timeText) ?? "(none)")"
                + (stale ? " — stale since its next update: revocations made since may be missing" : "")
        }
    }

    /// `{"crls":[…],"ignored":[…],"stale":BOOL,"staleSince":TIME|null}`, keys sorted.
    func appendJSON(into out: inout ReportBytes) {
        out.append(#"{"crls":["#)
        for (index, crl) in crls.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"issuer":"#)
            ReportJSON.string(crl.issuer, into: &out)
            out.append(#","nextUpdate":"#)
            optional(crl.nextUpdate.map(Revocation.timeText), into: &out)
            out.append(#","number":"#)
            optional(crl.number, into: &out)
            out.append(#","source":"#)
            ReportJSON.string(crl.source, into: &out)
            out.append(#","thisUpdate":"#)
            ReportJSON.string(Revocation.timeText(crl.thisUpdate), into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(#"],"ignored":["#)
        for (index, entry) in ignored.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"reason":"#)
            ReportJSON.string(entry.reason, into: &out)
            out.append(#","source":"#)
            ReportJSON.string(entry.source, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(#"],"stale":"#)
        out.append(stale.isEmpty ? "false" : "true")
        out.append(#","staleSince":"#)
        optional(staleSince.map(Revocation.timeText), into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private func optional(_ text: String?, into out: inout ReportBytes) {
        if let text { ReportJSON.string(text, into: &out) } else { out.append("null") }
    }
}
