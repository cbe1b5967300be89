// Perf: the fields live in one array, not eight stored Strings, so each copy of a sample (many
// between reading and reporting) retains one reference rather than eight (not measured).
/// The device that produced a sample (HealthKit's `HKDevice`). Every field is optional.
/// Equality and hashing are those of the eight fields.
public struct Device: Sendable, Hashable {
    /// The fields by their index in ``fieldNames``; empty while no field is set, else exactly
    /// ``fieldNames``.count long.
    private var values: [String?]

    /// Creates a device; every field defaults to absent.
    public init(name: String? = nil, manufacturer: String? = nil, model: String? = nil,
                hardwareVersion: String? = nil, firmwareVersion: String? = nil, softwareVersion: String? = nil,
                localIdentifier: String? = nil, udiDeviceIdentifier: String? = nil) {
        if name == nil, manufacturer == nil, model == nil, hardwareVersion == nil, firmwareVersion == nil,
           softwareVersion == nil, localIdentifier == nil, udiDeviceIdentifier == nil {
            values = []
        } else {
            values = [name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion,
                      localIdentifier, udiDeviceIdentifier]
        }
    }

    /// The field at `index` in ``fieldNames``.
    @inline(__always)
    private func value(_ index: Int) -> String? { values.isEmpty ? nil : values[index] }

    /// Sets the field at `index` in ``fieldNames``, in place when the fields are not shared.
    @inline(__always)
    private mutating func setValue(_ newValue: String?, at index: Int) {
        if values.isEmpty {
            guard newValue != nil else { return }
            values = Array(repeating: nil, count: Self.fieldCount)
        }
        values[index] = newValue
    }

    private static var fieldCount: Int { 8 }

    /// Device name, e.g. `Omron BP7450`.
    public var name: String? {
        get { value(0) }
        set { setValue(newValue, at: 0) }
    }
    /// Manufacturer, e.g. `Apple Inc.`.
    public var manufacturer: String? {
        get { value(1) }
        set { setValue(newValue, at: 1) }
    }
    /// Model, e.g. `Watch`.
    public var model: String? {
        get { value(2) }
        set { setValue(newValue, at: 2) }
    }
    /// Hardware version, e.g. `Watch7,1`.
    public var hardwareVersion: String? {
        get { value(3) }
        set { setValue(newValue, at: 3) }
    }
    /// Firmware version.
    public var firmwareVersion: String? {
        get { value(4) }
        set { setValue(newValue, at: 4) }
    }
    /// Software version, e.g. `10.1`.
    public var softwareVersion: String? {
        get { value(5) }
        set { setValue(newValue, at: 5) }
    }
    /// An identifier the device uses locally (e.g. a Bluetooth identifier).
    public var localIdentifier: String? {
        get { value(6) }
        set { setValue(newValue, at: 6) }
    }
    /// The FDA Unique Device Identifier's device-identifier part.
    public var udiDeviceIdentifier: String? {
        get { value(7) }
        set { setValue(newValue, at: 7) }
    }

    /// Equal when every field is equal.
    public static func == (lhs: Device, rhs: Device) -> Bool {
        for index in 0..<fieldCount where lhs.value(index) != rhs.value(index) {
            return false
        }
        return true
    }

    /// Hashes the fields in ``fieldNames`` order, as a struct of the eight optional strings would.
    public func hash(into hasher: inout Hasher) {
        for index in 0..<Self.fieldCount {
            hasher.combine(value(index))
        }
    }

    /// The field names in their fixed order: name, manufacturer, model, hardwareVersion,
    /// firmwareVersion, softwareVersion, localIdentifier, udiDeviceIdentifier.
    public static let fieldNames = [
        "name", "manufacturer", "model", "hardwareVersion",
        "firmwareVersion", "softwareVersion", "localIdentifier", "udiDeviceIdentifier",
    ]

    /// The present fields as (name, value) pairs, in ``fieldNames`` order; absent fields are left out.
    public var fields: [(key: String, value: String)] {
        zip(Self.fieldNames, values).compactMap { key, value in value.map { (key, $0) } }
    }

    /// Whether no field is set.
    public var isEmpty: Bool { values.allSatisfy { $0 == nil } }

    /// Reads or writes a field by its name in ``fieldNames``; an unknown name reads as nil and ignores writes.
    public subscript(field key: String) -> String? {
        get {
            // A switch, not a search of ``fields``: the comparator reads every field of every
            // verified sample.
            guard let index = Self.fieldIndex(key) else { return nil }
            return value(index)
        }
        set {
            guard let index = Self.fieldIndex(key) else { return }
            setValue(newValue, at: index)
        }
    }

    /// The index of the field named `key` in ``fieldNames``.
    private static func fieldIndex(_ key: String) -> Int? {
        switch key {
        case "name": 0
        case "manufacturer": 1
        case "model": 2
        case "hardwareVersion": 3
        case "firmwareVersion": 4
        case "softwareVersion": 5
        case "localIdentifier": 6
        case "udiDeviceIdentifier": 7
        default: nil
        }
    }
}
