import CMS
import Foundation
@testable import HealthSigKit

/// A clinician report written from an input with every verdict (``MixedInput``, one round):
/// 7 authentic, 1 altered, 1 unknown key, 1 damaged signature, 1 non-matching signature,
/// 1 unsigned and 1 unreadable line.
struct ReportFixture {
    let fixture: VerifyRunTests.Fixture
    let other: VerifyRunTests.Fixture
    let inputPath: String
    let reportPath: String
    let html: String
    let totals: VerificationTotals

    init(title: String = "Readings of a test patient", options: ClinicianReport.Options? = nil) throws {
        fixture = try VerifyRunTests.Fixture()
        other = try VerifyRunTests.Fixture()
        inputPath = try MixedInput.write(fixture, other: other, rounds: 1)
        reportPath = fixture.path("report.html")
        totals = try ClinicianReport.run(inputPath: inputPath, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 2,
                                         outputPath: reportPath, options: options ?? ClinicianReport.Options(title: title))
        html = try String(contentsOfFile: reportPath, encoding: .utf8)
    }
}
