import HealthSamples

/// The fields of an `HKDevice` description string, as export.xml writes it in a record's
/// `device` attribute (after XML decoding):
///
///     <<HKDevice: 0x282e3a260>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,4, software:12.3>
///
/// Fields are `, `-separated `label:value` pairs and unset fields are left out. Values may
/// themselves contain `, ` or `,` (`Apple Inc.`, `Watch7,1`), so the string is split only where
/// `, ` is followed by a known label and `:`. Known labels: `name`, `manufacturer`, `model`,
/// `hardware`, `firmware`, `software`, `localIdentifier`, `UDIDeviceIdentifier`, and
/// `creation date` (iOS 17+, kept as text but not part of HealthKit's device model).
///
/// Limits, inherent to the format: a value containing `, model:` (or another known label) would
/// be cut there; an unknown label added by a future iOS stays inside the preceding value.
public struct HKDeviceDescription: Sendable, Hashable {
    /// The HKDevice fields the string carried (`hardware:` is `hardwareVersion`, `software:`
    /// `softwareVersion`, `firmware:` `firmwareVersion`, `UDIDeviceIdentifier:`
    /// `udiDeviceIdentifier`; `firmware` and `localIdentifier` were never seen in a real export).
    public var device: Device
    /// `creation date:`, e.g. `2025-03-29 12:06:39 +0000`. Not part of `HKDevice`'s public
    /// model, so it is not carried into a sample's device.
    public var creationDate: String?

    /// Creates a description.
    public init(device: Device = Device(), creationDate: String? = nil) {
        self.device = device
        self.creationDate = creationDate
    }

    /// Label in the string → field name in `Device.fieldNames` (nil: `creation date`).
    private static let labels: [(label: String, field: String?)] = [
        ("name", "name"), ("manufacturer", "manufacturer"), ("model", "model"), ("hardware", "hardwareVersion"),
        ("firmware", "firmwareVersion"), ("software", "softwareVersion"), ("localIdentifier", "localIdentifier"),
        ("UDIDeviceIdentifier", "udiDeviceIdentifier"), ("creation date", nil),
    ]

    /// Parses a device string; `nil` when it does not have the `<<HKDevice: …>…>` shape or
    /// contains text that is not a known `label:value` field.
    ///
    /// A label that appears twice keeps its first value.
    public static func parse(_ text: String) -> HKDeviceDescription? {
        let bytes = Array(text.utf8)
        let prefix = Array("<<HKDevice:".utf8)
        guard bytes.count >= prefix.count + 2, bytes.starts(with: prefix), bytes.last == UInt8(ascii: ">") else { return nil }
        // End of the inner `<HKDevice: 0x…>`.
        guard let innerClose = bytes[prefix.count...].firstIndex(of: UInt8(ascii: ">")),
              innerClose < bytes.count - 1 else { return nil }
        let body = Array(bytes[(innerClose + 1)..<(bytes.count - 1)])
        var result = HKDeviceDescription()
        if body.isEmpty { return result }

        // Every place where `, label:` starts, in order.
        var splits: [(offset: Int, labelIndex: Int)] = []
        let separator = Array(", ".utf8)
        var offset = 0
        while offset + separator.count <= body.count {
            if body[offset] == separator[0], body[offset + 1] == separator[1] {
                for (labelIndex, entry) in labels.enumerated() {
                    let label = Array(entry.label.utf8) + [UInt8(ascii: ":")]
                    let start = offset + 2
                    if start + label.count <= body.count, Array(body[start..<(start + label.count)]) == label {
                        splits.append((offset, labelIndex))
                        break
                    }
                }
            }
            offset += 1
        }
        guard let first = splits.first, first.offset == 0 else { return nil }
        for (index, split) in splits.enumerated() {
            let valueStart = split.offset + 2 + labels[split.labelIndex].label.utf8.count + 1
            let valueEnd = index + 1 < splits.count ? splits[index + 1].offset : body.count
            let value = String(decoding: body[valueStart..<valueEnd], as: UTF8.self)
            if let field = labels[split.labelIndex].field {
                if result.device[field: field] == nil { result.device[field: field] = value }
            } else if result.creationDate == nil {
                result.creationDate = value
            }
        }
        return result
    }
}
