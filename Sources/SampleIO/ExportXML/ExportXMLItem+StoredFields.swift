import HealthSamples

extension ExportXMLItem {
    /// The `HKDigitalSignature` value among the item's `MetadataEntry` children (either spelling;
    /// the first when repeated), or nil.
    public var signatureText: String? {
        let signatureName = MetadataKey.digitalSignature.storedName
        return metadata.first { MetadataKey.storedName(for: $0.key) == signatureName }?.value
    }

    /// The item's fields as written, its members' too, with its signature: what the verifier
    /// compares with the signed record when the item is not a valid sample.
    public var storedFields: StoredSampleFields {
        StoredSampleFields(type: type, startDate: startDate, endDate: endDate, value: value, unit: unit,
                           device: device.flatMap { HKDeviceDescription.parse($0)?.device },
                           metadata: Metadata(metadata.map { Metadata.Entry(key: $0.key, value: .string($0.value)) }),
                           objects: records.map(\.storedFields), signatureText: signatureText)
    }
}
