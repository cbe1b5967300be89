/// The device that produced a sample (HealthKit's `HKDevice`). Every field is optional.
public struct Device: Sendable, Hashable {
    /// Device name, e.g. `Omron BP7450`.
    public var name: String?
    /// Manufacturer, e.g. `Apple Inc.`.
    public var manufacturer: String?
    /// Model, e.g. `Watch`.
    public var model: String?
    /// Hardware version, e.g. `Watch7,1`.
    public var hardwareVersion: String?
    /// Firmware version.
    public var firmwareVersion: String?
    /// Software version, e.g. `10.1`.
    public var softwareVersion: String?
    /// An identifier the device uses locally (e.g. a Bluetooth identifier).
    public var localIdentifier: String?
    /// The FDA Unique Device Identifier's device-identifier part.
    public var udiDeviceIdentifier: String?

    /// Creates a device; every field defaults to absent.
    public init(name: String? = nil, manufacturer: String? = nil, model: String? = nil,
                hardwareVersion: String? = nil, firmwareVersion: String? = nil, softwareVersion: String? = nil,
                localIdentifier: String? = nil, udiDeviceIdentifier: String? = nil) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }

    /// The field names in their fixed order: name, manufacturer, model, hardwareVersion,
    /// firmwareVersion, softwareVersion, localIdentifier, udiDeviceIdentifier.
    public static let fieldNames = [
        "name", "manufacturer", "model", "hardwareVersion",
        "firmwareVersion", "softwareVersion", "localIdentifier", "udiDeviceIdentifier",
    ]

    /// The present fields as (name, value) pairs, in ``fieldNames`` order; absent fields are left out.
    public var fields: [(key: String, value: String)] {
        let values = [name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier, udiDeviceIdentifier]
        return zip(Self.fieldNames, values).compactMap { key, value in value.map { (key, $0) } }
    }

    /// Whether no field is set.
    public var isEmpty: Bool {
        name == nil && manufacturer == nil && model == nil && hardwareVersion == nil && firmwareVersion == nil
            && softwareVersion == nil && localIdentifier == nil && udiDeviceIdentifier == nil
    }

    /// Reads or writes a field by its name in ``fieldNames``; an unknown name reads as nil and ignores writes.
    public subscript(field key: String) -> String? {
        get {
            // A switch, not a search of ``fields``: the comparator reads every field of every
            // verified sample.
            switch key {
            case "name": return name
            case "manufacturer": return manufacturer
            case "model": return model
            case "hardwareVersion": return hardwareVersion
            case "firmwareVersion": return firmwareVersion
            case "softwareVersion": return softwareVersion
            case "localIdentifier": return localIdentifier
            case "udiDeviceIdentifier": return udiDeviceIdentifier
            default: return nil
            }
        }
        set {
            switch key {
            case "name": name = newValue
            case "manufacturer": manufacturer = newValue
            case "model": model = newValue
            case "hardwareVersion": hardwareVersion = newValue
            case "firmwareVersion": firmwareVersion = newValue
            case "softwareVersion": softwareVersion = newValue
            case "localIdentifier": localIdentifier = newValue
            case "udiDeviceIdentifier": udiDeviceIdentifier = newValue
            default: break
            }
        }
    }
}
