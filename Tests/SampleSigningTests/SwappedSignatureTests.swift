import HealthSamples
import SampleSigning
import Testing

/// A genuine signature copied onto another sample: the CMS verifies, the record does not
/// describe the stored reading.
@Suite("Swapped signatures")
struct SwappedSignatureTests {
    @Test("signature of sample A stored on sample B of the same type")
    func sameTypeOtherReading() throws {
        let a = try Fixtures.signed(try Fixtures.heartRate("72", at: "2026-11-21T08:00:00Z"))
        let b = try Fixtures.heartRate("75", at: "2026-11-21T09:00:00Z")
        let verdict = try Fixtures.verify(try Fixtures.storing(signatureOf: a, on: b))
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [
            FieldMismatch(field: "startDate", signed: "2026-11-21T08:00:00Z", stored: "2026-11-21T09:00:00Z"),
            FieldMismatch(field: "endDate", signed: "2026-11-21T08:00:00Z", stored: "2026-11-21T09:00:00Z"),
            FieldMismatch(field: "value", signed: "72 count/min", stored: "75 count/min"),
        ])
        // B's own signature is of course fine, and A's on A too.
        #expect(try Fixtures.verify(try Fixtures.signed(b)).kind == .valid)
        #expect(try Fixtures.verify(a).kind == .valid)
    }

    @Test("signature of one reading stored on a reading with the same value at another time")
    func sameValueOtherTime() throws {
        let a = try Fixtures.signed(try Fixtures.heartRate("72", at: "2026-11-21T08:00:00Z"))
        let b = try Fixtures.heartRate("72", at: "2026-11-22T08:00:00Z")
        let verdict = try Fixtures.verify(try Fixtures.storing(signatureOf: a, on: b))
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches.map(\.field) == ["startDate", "endDate"])
    }

    @Test("signature of a heart rate stored on a sleep sample")
    func otherKind() throws {
        let a = try Fixtures.signed(try Fixtures.heartRate())
        let verdict = try Fixtures.verify(try Fixtures.storing(signatureOf: a, on: try Fixtures.sleep()))
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches.first == FieldMismatch(field: "type", signed: "HKQuantityTypeIdentifierHeartRate",
                                                          stored: "HKCategoryTypeIdentifierSleepAnalysis"))
        #expect(verdict.mismatches.last == FieldMismatch(field: "value", signed: "72 count/min", stored: "0"))
    }

    @Test("systolic and diastolic values swapped inside a blood-pressure correlation")
    func swappedBloodPressureValues() throws {
        let signed = try Fixtures.signed(try Fixtures.bloodPressure(systolic: "120", diastolic: "80"))
        var stored = signed
        try stored.editCorrelation { k in
            let systolic = k.objects[0].quantity
            k.objects[0].quantity = k.objects[1].quantity
            k.objects[1].quantity = systolic
        }
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [
            FieldMismatch(field: "objects[0].value", signed: "120 mmHg", stored: "80 mmHg"),
            FieldMismatch(field: "objects[1].value", signed: "80 mmHg", stored: "120 mmHg"),
        ])
        #expect(verdict.reason == "objects[0].value: signed 120 mmHg, stored 80 mmHg; objects[1].value: signed 80 mmHg, stored 120 mmHg")
    }

    @Test("systolic and diastolic types swapped (the objects relabelled)")
    func swappedBloodPressureTypes() throws {
        let signed = try Fixtures.signed(try Fixtures.bloodPressure(systolic: "120", diastolic: "80"))
        var stored = signed
        try stored.editCorrelation { k in
            k.objects[0].type = .bloodPressureDiastolic
            k.objects[1].type = .bloodPressureSystolic
        }
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .contentMismatch)
        // Paired by type: the signed systolic (120) meets the stored systolic (now 80).
        #expect(verdict.mismatches == [
            FieldMismatch(field: "objects[0].value", signed: "120 mmHg", stored: "80 mmHg"),
            FieldMismatch(field: "objects[1].value", signed: "80 mmHg", stored: "120 mmHg"),
        ])
    }

    @Test("a blood-pressure signature stored on another blood-pressure reading")
    func swappedCorrelations() throws {
        let a = try Fixtures.signed(try Fixtures.bloodPressure(systolic: "120", diastolic: "80"))
        let b = try Fixtures.bloodPressure(systolic: "135", diastolic: "85")
        let verdict = try Fixtures.verify(try Fixtures.storing(signatureOf: a, on: b))
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches.map(\.field) == ["objects[0].value", "objects[1].value"])
    }
}
