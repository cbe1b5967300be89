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
        var fields = StoredSampleFields(type: type, startDate: startDate, endDate: endDate, value: value, unit: unit,
                                        device: device.flatMap { HKDeviceDescription.parse($0)?.device },
                                        metadata: Metadata(metadata.map { Metadata.Entry(key: $0.key, value: .string($0.value)) }),
                                        objects: records.map(\.storedFields), signatureText: signatureText)
        if kind == .workout { fields.workoutFields = workoutFields }
        return fields
    }

    /// A workout's activity type, duration, totals and event types and dates as written (attributes first, then the
    /// `WorkoutStatistics` sums, as ``ExportSampleMapper`` reads them).
    private var workoutFields: [String: String] {
        func quantity(_ item: ExportXMLItem, _ value: String, _ unit: String) -> String? {
            item.attribute(value).map { [$0, item.attribute(unit)].compactMap { $0 }.joined(separator: " ") }
        }
        var fields: [String: String] = [:]
        fields["activityType"] = attribute("workoutActivityType")
        fields["duration"] = quantity(self, "duration", "durationUnit")
        fields["totalEnergyBurned"] = quantity(self, "totalEnergyBurned", "totalEnergyBurnedUnit")
        fields["totalDistance"] = quantity(self, "totalDistance", "totalDistanceUnit")
        for (index, event) in events.enumerated() {
            fields["events[\(index)].type"] = event.attribute("type")
            fields["events[\(index)].date"] = event.attribute("date")
        }
        for item in statistics {
            guard let total = item.attribute("type").flatMap(ExportSampleMapper.total(forStatisticsType:)),
                  fields[total.fieldName] == nil else { continue }
            fields[total.fieldName] = quantity(item, "sum", "unit")
        }
        return fields
    }
}
