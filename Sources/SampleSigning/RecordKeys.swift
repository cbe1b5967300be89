import HealthSamples

/// The fixed key names of format version 1 (docs/FORMAT.md, "Keys").
public enum RecordKeys {
    public static let formatVersion = "fv"
    public static let type = "t"
    public static let value = "v"
    public static let unit = "u"
    public static let startDate = "s"
    public static let endDate = "e"
    public static let device = "d"
    public static let metadata = "m"
    public static let objects = "o"

    /// The format version this implementation writes and reads.
    public static let currentFormatVersion = 1

    /// Device field (as in `Device.fieldNames`) → record key, in `Device.fieldNames` order.
    public static let deviceKeys: [(field: String, key: String)] = [
        ("name", "nm"), ("manufacturer", "mf"), ("model", "md"), ("hardwareVersion", "hw"),
        ("firmwareVersion", "fw"), ("softwareVersion", "sw"), ("localIdentifier", "li"),
        ("udiDeviceIdentifier", "udi"),
    ]

    /// Metadata keys copied into the record, in their stored spelling. Other metadata is often
    /// added by the phone app after the reading, so it is not the device's to sign.
    public static let signedMetadataKeys: [MetadataKey] = [
        .deviceSerialNumber, .udiDeviceIdentifier, .udiProductionIdentifier, .externalUUID, .timeZone,
    ]

    /// Every key the format defines; anything else is reported as unknown. Which of them a record
    /// may hold depends on its kind (`RecordKind.allowedKeys`).
    static let formatKeys: Set<String> = [formatVersion, type, value, unit, startDate, endDate, device, metadata, objects]
}
