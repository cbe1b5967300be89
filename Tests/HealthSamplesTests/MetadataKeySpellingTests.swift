import HealthSamples
import Testing

@Suite struct MetadataKeySpellingTests {
    private func spelling(_ name: String) -> (name: String, index: Int)? {
        var name = name
        return name.withUTF8 { MetadataKey.spelling(utf8: $0) }
    }

    @Test("two names have one index exactly when they have one stored name, and every name comes back as itself")
    func indexMeansStoredName() {
        let names = MetadataKey.all.flatMap { [$0.constantName, $0.storedName] } + ["HKCustom", "Custom", "HK", ""]
        for first in names {
            let found = spelling(first)
            #expect(found == nil || found?.name == first, "\(first)")
            #expect((found != nil) == (MetadataKey.named(first) != nil), "\(first)")
            for second in names {
                guard let a = found, let b = spelling(second) else { continue }
                #expect((a.index == b.index) == (MetadataKey.storedName(for: first) == MetadataKey.storedName(for: second)),
                        "\(first) \(second)")
            }
        }
        #expect(MetadataKey.all.count <= 64, "the fast decoder keeps the keys it met as bits of a UInt64")
    }
}
