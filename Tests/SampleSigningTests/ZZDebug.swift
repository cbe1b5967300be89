import DER
import SampleSigning
import Testing
@Test func zzDebug() throws {
    let rec = try RecordBuilder.record(for: try Fixtures.bloodPressure())
    print(RecordValue.dictionary(rec).displayText)
    let bytes = RecordBuilder.encode(rec)
    print(DERPrettyPrinter.render(try DER.parse(bytes)))
}
