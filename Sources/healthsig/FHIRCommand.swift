import ArgumentParser
import Foundation
import HealthSigKit

struct FHIRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir",
        abstract: "Verify stored samples and write them as FHIR R4 resources (Bulk Data NDJSON or a Bundle).",
        discussion: "Exit 0 when no signed sample fails, 1 otherwise (the resources are written either way), 2 on usage or I/O errors. " + OverwriteRule.help
    )

    @OptionGroup var input: VerificationInputOptions
    @Option(help: "Directory for Observation.ndjson, Device.ndjson and Provenance.ndjson.") var out: String?
    @Option(help: "Write one Bundle of type collection to this file instead (for small inputs).") var bundle: String?
    @Flag(help: "Also export unverified readings (unsigned, not checkable, altered with no signed value), never as final: status preliminary (entered-in-error for an altered one).") var includeUnverified = false
    @OptionGroup var patient: PatientOptions
    @OptionGroup var selection: SampleSelectionOptions
    @OptionGroup var execution: RunOptions

    func validate() throws {
        if (out == nil) == (bundle == nil) { throw ValidationError("give either --out DIR or --bundle FILE") }
        try execution.validate()
    }

    func run() throws {
        let replaced = OverwriteRule.existing(bundle.map { [$0] }
            ?? FHIRResourceKind.allCases.map { ((out ?? ".") as NSString).appendingPathComponent($0.fileName) })
        var revocation: RevocationSummary?
        let outcome = try runTool { () throws(ToolError) in
            let filter = try selection.filter()
            let identity = try patient.identity()
            if identity?.identifier == nil {
                printError("fhir: warning: no --patient-id: the Observations name no patient (subject) and do not conform to the FHIR R4 vital-signs profile")
            }
            let (trustSet, loaded) = try input.loadTrust()
            revocation = loaded
            let destination: FHIRExport.Destination = bundle.map { .bundle(path: $0) } ?? .bulkData(directory: out ?? ".")
            return try FHIRExport.run(inputPath: input.in, trust: trustSet, jobs: execution.workerCount, destination: destination,
                                      protectedPaths: input.trustInputFiles, progress: execution.progress(verb: "exported"),
                                      filter: filter, includeUnverified: includeUnverified, patient: identity)
        }
        let c = outcome.counts
        printError("fhir: \(c.observations) Observation, \(c.devices) Device, \(c.provenances) Provenance; summary: \(outcome.totals.countsLine)"
            + (c.unverifiedNotExported > 0 ? "; \(c.unverifiedNotExported) unverified reading(s) not exported (--include-unverified exports them as preliminary)" : "")
            + (c.repeated > 0 ? "; \(c.repeated) repeated reading(s) exported once" : "")
            + (c.notSamples > 0 ? "; \(c.notSamples) stored item(s) that are not valid samples not exported" : "")
            + (c.possibleMemberCopies > 0 ? "; \(c.possibleMemberCopies) unsigned record(s) that may copy correlation members not exported" : "")
            + (BatchAbsence(outcome.totals).sentence.map { "; " + $0 } ?? "")
            + (outcome.totals.leftOut > 0 ? "; \(outcome.totals.leftOut) sample(s) left out by \(SampleSelectionOptions.names)" : ""))
        OverwriteRule.sayReplaced(replaced, command: "fhir")
        selection.reportMatchedSources(outcome.totals)
        if !outcome.totals.passes(requireSigned: false) || input.failsFreshness(revocation) { throw CommandExit.verificationFailed }
    }
}
