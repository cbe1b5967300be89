import HealthSamples
import SampleIO
import SampleSigning

/// The clinician report as a sink of the verification pipeline: it keeps counts, one bounded
/// chart summary per type, a row per device, the problems and the unsigned readings per type
/// and source — never the samples themselves — and the page is written from them at the end
/// (``ClinicianReport``). Every collection is capped (``Limits``), so memory stays flat however
/// long the input.
final class ReportCollector: VerificationSink {
    /// Caps on what is kept; past them, readings are counted but not listed.
    enum Limits {
        /// Problems (altered, not checkable, unreadable) listed one by one.
        static let problems = 2_000
        /// Rows of the devices table.
        static let devices = 500
        /// Rows of the unsigned summary (type × source).
        static let unsignedGroups = 500
        /// Signer key ids listed per device.
        static let signersPerDevice = 8
        /// Rows of the unsigned-context summary (type × key).
        static let contextGroups = 500
        /// Signed time-zone names listed (and looked up) one by one.
        static let signedZones = 8
    }

    /// One altered, uncheckable or unreadable reading.
    struct Problem {
        let entry: VerificationEntry?
        let unreadableLine: Int?
        let reason: String
        let device: String?
        /// An altered reading's stored metadata keys its signature does not cover, in words.
        var unsignedContext: [String] = []
        /// The zone the reading's local time is in (its signed `HKTimeZone`, else the report's).
        var zone: ReportZone = .utc
    }

    struct DeviceRow {
        let device: Device?
        /// The device is stored beside authentic readings whose signature does not cover it
        /// (docs/REPORT.md): shown as unsigned context, never as the signer's device.
        var unsignedContext = false
        var counts: [SampleVerdict.Kind: Int] = [:]
        var signers: [String] = []
    }

    /// What tells devices' rows apart: every field, by name and exact UTF-8 bytes, never text
    /// joined from them (a name holding a line break and `model=…` would otherwise share a row
    /// with a device of that model), nor Swift's string equality, which takes canonically
    /// equivalent spellings for one.
    struct DeviceRowKey: Hashable {
        /// Each present field: its name's bytes, a NUL (names have none), its value's bytes.
        let fields: [[UInt8]]
        let named: Bool
        let unsignedContext: Bool

        init(_ device: Device?, unsignedContext: Bool) {
            fields = device?.fields.map { Array($0.key.utf8) + [0] + Array($0.value.utf8) } ?? []
            named = device != nil
            self.unsignedContext = unsignedContext
        }
    }

    struct UnsignedGroup {
        /// The readings are marked `HKWasUserEntered` true: typed in by hand, not measured.
        var enteredByHand = false
        var count = 0
        var first: SampleDate?
        var last: SampleDate?
    }

    private(set) var counts: [SampleVerdict.Kind: Int] = [:]
    private(set) var unreadable = 0
    private(set) var possibleMemberCopies = 0
    /// Readings whose RFC 3161 token gave a trusted time, and those whose token proved nothing.
    private(set) var trustedTimestamps = 0
    private(set) var failedTimestamps = 0
    /// Altered readings with no signed value to show (a batch conflict, an index mismatch): not
    /// drawn, since their stored values are not the measurement.
    private(set) var alteredNotDrawn = 0
    private(set) var periodStart: SampleDate?
    private(set) var periodEnd: SampleDate?
    private(set) var charts: [String: ReportChart] = [:]
    private(set) var chartOrder: [String] = []
    private(set) var devices: [DeviceRowKey: DeviceRow] = [:]
    private(set) var deviceOrder: [DeviceRowKey] = []
    private(set) var devicesNotListed = 0
    private(set) var problems: [Problem] = []
    private(set) var problemsNotListed = 0
    private(set) var unsignedGroups: [String: UnsignedGroup] = [:]
    private(set) var unsignedGroupOrder: [(type: String, source: String, enteredByHand: Bool)] = []
    private(set) var unsignedNotGrouped = 0
    /// Unsigned readings marked `HKWasUserEntered` true (docs/REPORT.md).
    private(set) var unsignedEnteredByHand = 0
    /// Stored metadata keys that signatures of authentic or altered readings do not cover
    /// (docs/VERIFY.md, "Unsigned context"), counted per type and key in words.
    private(set) var contextGroups: [String: Int] = [:]
    private(set) var contextGroupOrder: [(type: String, key: String)] = []
    private(set) var contextNotGrouped = 0
    /// Readings (authentic or altered) stored with keys their signature does not cover.
    private(set) var readingsWithUnsignedContext = 0
    private(set) var totals: VerificationTotals?
    /// Workouts: listed per activity type and summed per week (bounded, ``WorkoutLog``).
    private(set) var workouts = WorkoutLog()
    /// The clinical figures of `report --json`, from authentic readings only.
    private(set) var figures = ClinicalFigures()

    /// `--time-zone`, else UTC: the zone of readings without a signed `HKTimeZone`.
    let optionZone: ReportZone
    /// Whether `--time-zone` was given.
    let zoneGiven: Bool
    /// Signed `HKTimeZone` names of authentic readings, in order of first appearance, with the
    /// readings dated in each; at most ``Limits/signedZones`` names, later ones use ``optionZone``.
    private(set) var signedZones: [(zone: ReportZone, readings: Int)] = []
    /// Authentic readings whose signed `HKTimeZone` names no zone this system knows (or one past
    /// the limit): dated in ``optionZone``.
    private(set) var signedZonesNotUsed = 0

    /// The readings the collector sees are those the pipeline's filter selected
    /// (``VerificationPipeline/filter``); `zone` is `--time-zone`'s, nil without it.
    init(zone: ReportZone? = nil) {
        optionZone = zone ?? .utc
        zoneGiven = zone != nil
    }

    /// The zone the page names and shows times in: the first signed `HKTimeZone` of an
    /// authentic reading, else `--time-zone`, else UTC.
    var pageZone: ReportZone { signedZones.first?.zone ?? optionZone }

    func receive(_ event: PipelineEvent) throws(ToolError) {
        switch event {
        case .unreadable(let line, let reason):
            unreadable += 1
            addProblem(Problem(entry: nil, unreadableLine: line, reason: reason, device: nil))
        case .decided(let decided):
            add(decided)
        }
    }

    func finish(_ totals: VerificationTotals) throws(ToolError) {
        self.totals = totals
    }

    private func add(_ decided: DecidedSample) {
        let entry = decided.entry
        let kind = entry.verdict.kind
        if let timestamp = entry.verdict.timestamp {
            if timestamp.trustedTime != nil { trustedTimestamps += 1 } else { failedTimestamps += 1 }
        }
        if decided.mayBeCorrelationMemberCopy {
            // Reports do not list these (docs/VERIFY.md); the correlation carries the reading.
            possibleMemberCopies += 1
            return
        }
        // An altered reading is drawn, tabled and dated at its signed values, never at the stored
        // ones (docs/REPORT.md): the signed record is the measurement.
        let presented = SignedReading.presented(stored: decided.sample, verdict: entry.verdict)
        let shown: Sample?
        switch presented {
        case .authentic(let sample): shown = sample
        case .altered(let signed, _): shown = signed
        case .alteredWithoutSignedValue: shown = nil; alteredNotDrawn += 1
        case .unverified(let stored): shown = stored
        }
        let unsignedKeys = entry.verdict.unsignedContext(of: decided.sample)
        let zone = zone(of: presented, verdict: entry.verdict, unsignedKeys: unsignedKeys)
        if let measurement = presented.measurement {
            figures.add(measurement, zone: zone,
                        mealTime: SignedContext.mealTime(of: presented, verdict: entry.verdict, unsignedKeys: unsignedKeys))
        } else {
            figures.exclude()
        }
        let dated = shown ?? decided.sample
        let start = dated?.startDate ?? Self.date(entry.startDate)
        if let start {
            if periodStart.map({ start < $0 }) ?? true { periodStart = start }
            let end = dated?.endDate ?? start
            if periodEnd.map({ end > $0 }) ?? true { periodEnd = end }
        }
        counts[kind, default: 0] += 1
        let device = decided.sample?.device
        // An authentic reading whose stored device its signature does not cover: the device
        // gets a row of its own, labelled, so that it is never counted as an authentic device.
        let unsignedContext = kind == .valid && entry.verdict.storedDeviceIsUnsigned(device)
        // An altered reading is counted on the row of the device its signature names: a stored
        // device name may be what was altered, and would otherwise get a row of its own.
        var rowDevice = device
        if case .altered(let signed, _) = presented { rowDevice = signed.device }
        addDevice(rowDevice, kind: kind, signer: entry.verdict.signer?.keyIdentifier, unsignedContext: unsignedContext)
        if let shown { addToChart(shown, ReadingClass(kind)) }
        // Stored keys the signature does not cover: counted per type and key, never shown as signed.
        let contextRecord = kind == .contentMismatch ? entry.verdict.record : nil
        let context = unsignedKeys.map { TableCellText.contextKey($0, record: contextRecord) }
        if !context.isEmpty {
            readingsWithUnsignedContext += 1
            for key in context { addContext(type: entry.type, key: key) }
        }
        if case .workout(let workout)? = shown {
            var storedWorkout: Workout?
            if case .altered(_, .workout(let stored)?) = presented { storedWorkout = stored }
            // An altered workout names the device its signature names; the stored one is shown beside it.
            let named = storedWorkout == nil ? device : workout.device
            workouts.add(workout, verdict: kind, stored: storedWorkout,
                         device: named.map { Self.deviceName($0) + (unsignedContext ? Self.unsignedContextSuffix : "") },
                         unsignedContext: context)
        } else if case .workout(let stored)? = decided.sample, shown == nil {
            workouts.countNotShown(stored, verdict: kind)
        }
        switch kind {
        case .valid:
            break
        case .unsigned:
            let source = decided.exportItem?.sourceName ?? device?.name ?? "(no source named)"
            let byHand = decided.sample.map(SignedReading.isEnteredByHand) ?? false
            if byHand { unsignedEnteredByHand += 1 }
            addUnsigned(type: entry.type, source: source, date: start, enteredByHand: byHand)
        default:
            addProblem(Problem(entry: entry, unreadableLine: nil, reason: entry.verdict.reason, device: device.map(Self.deviceName),
                               unsignedContext: context, zone: zone))
        }
    }

    /// The zone a reading's local time is in: its signed `HKTimeZone` when the signature covers
    /// one this system knows, else ``optionZone``. A stored zone the signature does not cover is
    /// unsigned context and moves nothing.
    private func zone(of presented: SignedReading.Presented, verdict: SampleVerdict, unsignedKeys: [String]) -> ReportZone {
        guard let name = SignedContext.text(MetadataKey.timeZone, of: presented, verdict: verdict, unsignedKeys: unsignedKeys) else {
            return optionZone
        }
        if let index = signedZones.firstIndex(where: { $0.zone.name == name }) {
            signedZones[index].readings += 1
            return signedZones[index].zone
        }
        guard signedZones.count < Limits.signedZones, let zone = ReportZone.named(name) else {
            signedZonesNotUsed += 1
            return optionZone
        }
        signedZones.append((zone, 1))
        return zone
    }

    private func addToChart(_ sample: Sample, _ readingClass: ReadingClass) {
        if case .correlation(let c) = sample, c.type == .food {
            // A food correlation's members are nutrients: each is drawn on its own type's chart.
            for member in c.objects { addToChart(.quantity(member), readingClass) }
            return
        }
        let key = sample.typeIdentifier
        if charts[key] == nil {
            guard let chart = ReportChart.start(for: sample) else { return }
            charts[key] = chart
            chartOrder.append(key)
        }
        charts[key]?.add(sample, as: readingClass)
    }

    private func addDevice(_ device: Device?, kind: SampleVerdict.Kind, signer: String?, unsignedContext: Bool) {
        let key = DeviceRowKey(device, unsignedContext: unsignedContext)
        if devices[key] == nil {
            guard deviceOrder.count < Limits.devices else { devicesNotListed += 1; return }
            devices[key] = DeviceRow(device: device, unsignedContext: unsignedContext)
            deviceOrder.append(key)
        }
        devices[key]?.counts[kind, default: 0] += 1
        if let signer, devices[key]?.signers.contains(signer) == false,
           (devices[key]?.signers.count ?? 0) < Limits.signersPerDevice {
            devices[key]?.signers.append(signer)
        }
    }

    private func addProblem(_ problem: Problem) {
        guard problems.count < Limits.problems else { problemsNotListed += 1; return }
        problems.append(problem)
    }

    private func addContext(type: String, key: String) {
        let group = type + "\n" + key
        if contextGroups[group] == nil {
            guard contextGroupOrder.count < Limits.contextGroups else { contextNotGrouped += 1; return }
            contextGroupOrder.append((type, key))
        }
        contextGroups[group, default: 0] += 1
    }

    func contextCount(type: String, key: String) -> Int {
        contextGroups[type + "\n" + key] ?? 0
    }

    private func addUnsigned(type: String, source: String, date: SampleDate?, enteredByHand: Bool) {
        let key = Self.unsignedKey(type: type, source: source, enteredByHand: enteredByHand)
        if unsignedGroups[key] == nil {
            guard unsignedGroupOrder.count < Limits.unsignedGroups else { unsignedNotGrouped += 1; return }
            unsignedGroupOrder.append((type, source, enteredByHand))
        }
        var group = unsignedGroups[key, default: UnsignedGroup(enteredByHand: enteredByHand)]
        group.count += 1
        if let date {
            if group.first.map({ date < $0 }) ?? true { group.first = date }
            if group.last.map({ date > $0 }) ?? true { group.last = date }
        }
        unsignedGroups[key] = group
    }

    func unsignedGroup(type: String, source: String, enteredByHand: Bool) -> UnsignedGroup? {
        unsignedGroups[Self.unsignedKey(type: type, source: source, enteredByHand: enteredByHand)]
    }

    /// Readings typed in by hand get groups of their own, so they are never counted with measured ones.
    private static func unsignedKey(type: String, source: String, enteredByHand: Bool) -> String {
        type + "\n" + source + (enteredByHand ? "\n1" : "\n0")
    }

    /// What follows a device's name where the signature of an authentic reading does not cover it.
    static let unsignedContextSuffix = " (unsigned context: not covered by the signature)"

    /// A device's name for the problems list: name, else model, else manufacturer.
    static func deviceName(_ device: Device) -> String {
        device.name ?? device.model ?? device.manufacturer ?? "unnamed device"
    }

    /// A stored start date that is not part of a valid sample: RFC 3339 or export.xml's form.
    static func date(_ text: String) -> SampleDate? {
        (try? SampleDate(rfc3339: text)) ?? (try? SampleDate(exportXML: text))
    }

    /// Readings reported (those the filter selected).
    var readings: Int { counts.values.reduce(0, +) }
}
