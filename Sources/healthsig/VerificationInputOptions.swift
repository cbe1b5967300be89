import ArgumentParser
import CMS
import HealthSigKit

/// The input and trust options `verify`, `report` and `fhir` share: what is verified, against
/// which keys, and which certificates are revoked.
struct VerificationInputOptions: ParsableArguments {
    @Option(help: "PEM file of public keys and/or certificates, or a directory of them (repeatable).") var trust: [String]
    @Option(help: "Stored samples: JSON Lines, JSON, export.xml or export.zip (- for standard input).") var `in`: String
    @Option(help: ArgumentHelp("A CRL (PEM or DER) of a CA in the trust set (repeatable); *.crl and *.crl.pem files in a trust directory are read too. Nothing is fetched.",
                               valueName: "FILE"))
    var crl: [String] = []
    @Option(help: ArgumentHelp("A time-stamp authority's certificate, or the CA that issued it, whose RFC 3161 tokens (HealthSigTimestamp) give trusted time (repeatable).",
                               valueName: "CERT"))
    var tsaTrust: [String] = []
    @Flag(help: "Fail (exit 1) when a CRL is past its nextUpdate (stale revocation data).")
    var requireFreshRevocation = false

    func validate() throws {
        if trust.isEmpty { throw ValidationError("give at least one --trust") }
    }

    /// The trust set with the CRLs that count, and the revocation summary (`nil` without CRLs).
    /// Ignored CRLs and stale ones are said on standard error; neither changes the exit status
    /// unless `--require-fresh-revocation` asks for fresh data (``failsFreshness(_:)``).
    func loadTrust() throws(ToolError) -> (trust: TrustSet, revocation: RevocationSummary?) {
        var trustSet = try TrustLoader.load(trust) { printError("healthsig: warning: \($0)") }
        let summary = try RevocationLoader.load(crlPaths: crl, trustPaths: trust, into: &trustSet)
        trustSet.timeStampAuthorities = try TrustLoader.certificates(tsaTrust)
        for ignored in summary?.ignored ?? [] {
            printError("healthsig: warning: ignoring the CRL \(ignored.source): \(ignored.reason)")
        }
        for stale in summary?.stale ?? [] {
            printError("healthsig: warning: revocation data is stale since \(stale.nextUpdate.map(Revocation.timeText) ?? "?"): "
                       + "the CRL \(stale.source) of \(stale.issuer) is past its nextUpdate")
        }
        return (trustSet, summary)
    }

    /// The files the run reads for trust: an output must never replace one.
    var trustInputFiles: [String] {
        TrustLoader.inputFiles(trust) + crl + tsaTrust + RevocationLoader.crlFiles(inTrustPaths: trust)
    }

    /// Whether `--require-fresh-revocation` fails the run: a CRL is past its nextUpdate.
    func failsFreshness(_ summary: RevocationSummary?) -> Bool {
        guard requireFreshRevocation, let summary, summary.staleSince != nil else { return false }
        printError("healthsig: --require-fresh-revocation: the revocation data is stale")
        return true
    }
}
