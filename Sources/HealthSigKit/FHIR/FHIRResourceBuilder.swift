import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// Builds the FHIR R4 resources of one decided sample: its Observation, its Device and, when
/// it is signed, the Provenance carrying the stored signature and the verdict (docs/FHIR.md).
struct FHIRResourceBuilder {
    /// How references are written.
    let ids: FHIRResourceIDs
    /// When the check ran (`Provenance.recorded`), RFC 3339.
    let checkedAt: String
    /// `healthsig 0.1.0`: the verifier agent.
    let verifierName: String
    /// The Patient's id, when a patient was given: every Observation's `subject`, every Device's `patient`.
    var patientID: String? = nil

    // MARK: Patient

    func patient(_ patient: PatientIdentity, id: String) -> JSONValue {
        FHIRJSON.object([
            ("resourceType", .string("Patient")),
            ("id", .string(id)),
            ("identifier", patient.identifier.map { identifier in
                .array([FHIRJSON.object([("system", .string(identifier.system)), ("value", .string(identifier.value))])])
            }),
            ("name", patient.name.map { .array([FHIRJSON.object([("text", .string($0))])]) }),
            ("birthDate", FHIRJSON.string(patient.birthDate)),
        ])
    }

    var subject: JSONValue? {
        patientID.map { FHIRJSON.object([("reference", .string(ids.reference(.patient, $0)))]) }
    }

    // MARK: Observation

    /// The Observation of `sample`, the reading as presented (an altered reading's signed one),
    /// with `status` `final` only for authentic values (docs/FHIR.md).
    ///
    /// `unsignedContext` (keys in words) is what the stored reading holds beside what its
    /// signature covers: said in a `note`, never exported as data of the Observation.
    /// `enteredByHand`: an unverified reading marked `HKWasUserEntered` true, tagged and noted so.
    /// `signed` is what the signature says of the reading's context: its time zone (the
    /// effective time is written with that zone's offset at the instant) and a glucose
    /// reading's specimen.
    func observation(_ sample: Sample, id: String, verdict: SampleVerdict, status: String = "final", deviceID: String?,
                     unsignedContext: [String] = [], enteredByHand: Bool = false,
                     signed: SignedObservationContext = SignedObservationContext(), gatewayID: String? = nil) -> JSONValue {
        // The HealthKit UUID is not signed: it never identifies a verified reading.
        let unsignedUUID = status == "final" ? nil : sample.uuid
        var members: [(String, JSONValue?)] = [
            ("resourceType", .string("Observation")),
            ("id", .string(id)),
            ("meta", FHIRJSON.object([("tag", .array([verdictTag(verdict.kind)] + (enteredByHand ? [Self.enteredByHandTag] : [])))])),
            ("identifier", unsignedUUID.map { uuid in
                .array([FHIRJSON.object([("system", .string(FHIRCodeSystems.uri)), ("value", .string("urn:uuid:" + uuid.lowercased()))])])
            }),
            // The key that signed the reading is its gateway (docs/FHIR.md, "Gateway"), as the
            // PHD guide names the gateway that forwarded a personal health device's measurement.
            ("extension", gatewayID.map { id in
                .array([FHIRJSON.object([("url", .string(FHIRCodeSystems.gatewayDeviceExtension)),
                                         ("valueReference", FHIRJSON.object([("reference", .string(ids.reference(.device, id)))]))])])
            }),
            ("status", .string(status)),
        ]
        let code: FHIRObservationCode
        switch sample {
        case .quantity(let q): code = .forQuantity(q.type, unit: q.quantity.unit, capillary: signed.capillary && q.type == .bloodGlucose)
        case .category: code = FHIRObservationCode(loinc: [], category: nil)
        case .correlation(let c): code = .forCorrelation(c.type)
        case .workout: code = .workout
        }
        members.append(("category", code.category.map { category in
            .array([FHIRJSON.codeableConcept([FHIRJSON.coding(system: FHIRCodeSystems.observationCategory, code: category,
                                                              display: FHIRObservationCode.categoryDisplay(category))])])
        }))
        members.append(("code", codeableConcept(code, healthKitType: sample.typeIdentifier)))
        members.append(("subject", subject))
        members += effective(start: sample.startDate, end: sample.endDate, zone: signed.zone)
        if signed.capillary, case .quantity(let q) = sample, q.type == .bloodGlucose {
            members.append(("specimen", FHIRJSON.object([("display", .string(Self.capillarySpecimenDisplay))])))
        }
        switch sample {
        case .quantity(let q):
            members.append(("valueQuantity", quantity(q)))
        case .category(let c):
            let value = c.type.value(forRawValue: c.value)
            members.append(("valueCodeableConcept", FHIRJSON.codeableConcept(
                [FHIRJSON.coding(system: FHIRCodeSystems.healthKit, code: value?.label ?? String(c.value), display: value?.name)],
                text: value?.name ?? String(c.value))))
        case .workout(let w):
            members.append(("valueCodeableConcept", activityType(w.activityType)))
        case .correlation:
            break
        }
        // A valid reading's stored device that its signature does not cover is said to be so:
        // the Observation is authentic, its device is not.
        let deviceLabel: JSONValue? = verdict.storedDeviceIsUnsigned(sample.device) && verdict.kind == .valid
            ? .string(Self.unsignedDeviceDisplay) : nil
        members.append(("device", deviceID.map {
            FHIRJSON.object([("reference", .string(ids.reference(.device, $0))), ("display", deviceLabel)])
        }))
        var notes: [String] = []
        if enteredByHand { notes.append(Self.enteredByHandNote) }
        if !unsignedContext.isEmpty { notes.append(Self.unsignedContextNote + unsignedContext.joined(separator: ", ")) }
        members.append(("note", notes.isEmpty ? nil : .array(notes.map { FHIRJSON.object([("text", .string($0))]) })))
        if case .correlation(let c) = sample {
            members.append(("component", FHIRJSON.array(c.objects.map { member in
                FHIRJSON.object([
                    ("code", codeableConcept(.forQuantity(member.type, unit: member.quantity.unit), healthKitType: member.type.identifier)),
                    ("valueQuantity", quantity(member)),
                ])
            })))
        }
        if case .workout(let w) = sample {
            members.append(("component", FHIRJSON.array(workoutComponents(w))))
        }
        return FHIRJSON.object(members)
    }

    /// The note of an Observation whose stored reading holds keys its signature does not cover.
    static let unsignedContextNote = "unsigned context (stored with the reading, not covered by the signature, not exported): "
    /// The note of an unverified reading marked `HKWasUserEntered` true.
    static let enteredByHandNote = "entered by hand, unsigned: marked as typed in by a person (HKWasUserEntered), not measured by a device"
    static let enteredByHandTag = FHIRJSON.coding(system: FHIRCodeSystems.entry, code: "entered-by-hand", display: "entered by hand, unsigned")

    func codeableConcept(_ code: FHIRObservationCode, healthKitType: String) -> JSONValue {
        let loinc = code.loinc.map { FHIRJSON.coding(system: FHIRCodeSystems.loinc, code: $0.code, display: $0.display) }
        // The blood-pressure panel is "Blood pressure" to a reader, as the vital-signs profile's
        // examples write it; LOINC's long name stays the coding's display.
        let text = healthKitType == CorrelationType.bloodPressure.identifier ? "Blood pressure"
            : code.loinc.first?.display ?? TableReportSink.shortType(healthKitType)
        return FHIRJSON.codeableConcept(loinc + [FHIRJSON.coding(system: FHIRCodeSystems.healthKit, code: healthKitType)], text: text)
    }

    func quantity(_ sample: QuantitySample) -> JSONValue {
        quantity(sample.quantity, of: sample.type)
    }

    func quantity(_ quantity: Quantity, of type: QuantityType?) -> JSONValue {
        let q = FHIRQuantity(quantity, of: type)
        return FHIRJSON.object([
            ("value", FHIRJSON.decimal(q.value)),
            ("unit", .string(q.unit)),
            ("system", q.ucumCode.map { _ in .string(FHIRCodeSystems.ucum) }),
            ("code", q.ucumCode.map(JSONValue.string)),
        ])
    }

    /// `Observation.specimen.display` of a glucose reading whose signature says capillary blood.
    static let capillarySpecimenDisplay = "Capillary blood"

    /// An instant as `effectiveDateTime`, an interval as `effectivePeriod`; in `zone`'s offset at
    /// each instant when the signature names the zone (a stored offset may be the phone's at
    /// export, not the one in force at the reading), else as stored.
    func effective(start: SampleDate, end: SampleDate, zone: ReportZone? = nil) -> [(String, JSONValue?)] {
        let text = { (date: SampleDate) in zone?.rfc3339(date) ?? date.rfc3339String }
        if start == end { return [("effectiveDateTime", .string(text(start)))] }
        return [("effectivePeriod", FHIRJSON.object([("start", .string(text(start))), ("end", .string(text(end)))]))]
    }

    func verdictTag(_ kind: SampleVerdict.Kind) -> JSONValue {
        FHIRJSON.coding(system: FHIRCodeSystems.verdict, code: kind.rawValue, display: Self.verdictDisplay(kind))
    }

    /// What each verdict means, in the words of the tag's display.
    static func verdictDisplay(_ kind: SampleVerdict.Kind) -> String {
        switch kind {
        case .valid: "signature verified: authentic and unaltered"
        case .unsigned: "unverified: the sample carries no signature"
        case .malformed: "not verified: the signature is damaged or not a profile signature"
        case .badSignature: "not verified: the signature does not match"
        case .untrustedSigner: "not verified: signed by a device key that is not trusted"
        case .contentMismatch: "altered after signing: stored values differ from the signed ones"
        case .revoked: "not verified: the signing device's certificate is revoked"
        }
    }

    // MARK: Device

    func device(_ device: Device, id: String) -> JSONValue {
        var names: [JSONValue] = []
        if let name = device.name { names.append(FHIRJSON.object([("name", .string(name)), ("type", .string("user-friendly-name"))])) }
        if let model = device.model { names.append(FHIRJSON.object([("name", .string(model)), ("type", .string("model-name"))])) }
        let versions: [JSONValue] = [("hardware", device.hardwareVersion), ("firmware", device.firmwareVersion),
                                     ("software", device.softwareVersion)].compactMap { label, value in
            value.map { FHIRJSON.object([("type", FHIRJSON.codeableConcept([], text: label)), ("value", .string($0))]) }
        }
        return FHIRJSON.object([
            ("resourceType", .string("Device")),
            ("id", .string(id)),
            ("identifier", device.localIdentifier.map { local in
                .array([FHIRJSON.object([("type", FHIRJSON.codeableConcept([], text: "HealthKit localIdentifier")), ("value", .string(local))])])
            }),
            ("udiCarrier", device.udiDeviceIdentifier.map { .array([FHIRJSON.object([("deviceIdentifier", .string($0))])]) }),
            ("manufacturer", FHIRJSON.string(device.manufacturer)),
            ("deviceName", FHIRJSON.array(names)),
            ("modelNumber", FHIRJSON.string(device.model)),
            ("version", FHIRJSON.array(versions)),
            ("patient", subject),
        ])
    }

    /// The gateway Device of a signing key: what holds the key and signed the readings of the
    /// devices it names, modelled as the PHD guide models a personal health gateway (PhgDevice:
    /// type `MDC_MOC_VMS_MDS_AHD`, an identifier of its own): here the signer's key id, and the
    /// certificate subject or key id as its name. A hub signing for five devices is one gateway,
    /// never the author of five devices; a device signing its own readings is its own gateway.
    func gatewayDevice(_ signer: SignerDescription, id: String) -> JSONValue {
        FHIRJSON.object([
            ("resourceType", .string("Device")),
            ("id", .string(id)),
            ("identifier", .array([FHIRJSON.object([("system", .string(FHIRCodeSystems.signerKeyIdentifier)),
                                                    ("value", .string(signer.keyIdentifier))])])),
            ("deviceName", .array([FHIRJSON.object([("name", .string(Self.signerName(signer))), ("type", .string("user-friendly-name"))])])),
            ("type", FHIRJSON.codeableConcept([FHIRJSON.coding(system: FHIRCodeSystems.ieee11073, code: "531981", display: "MDC_MOC_VMS_MDS_AHD")],
                                              text: Self.gatewayTypeText)),
            ("patient", subject),
        ])
    }

    /// `Device.type.text` of a gateway.
    static let gatewayTypeText = "signing gateway: holds the key that signed the readings"

    /// The certificate subject, else `device key <key id>`.
    static func signerName(_ signer: SignerDescription) -> String {
        signer.certificateSubject ?? "device key \(signer.keyIdentifier)"
    }

    // MARK: Provenance

    /// The Provenance of a signed sample: target, the device as author and healthsig as
    /// verifier, the stored signature, and the verification extension (verdict, reason code,
    /// reason, signer, each altered field).
    /// `gatewayID`: the signing key's gateway Device, for a signature that verified with a
    /// trusted key; it is the attester, and the author is the measuring Device the signature names.
    func provenance(id: String, observationID: String, sample: Sample, verdict: SampleVerdict,
                    signatureText: String?, batch: BatchReference? = nil, deviceID: String?, gatewayID: String? = nil) -> JSONValue {
        // The author is the Device only when the signature covers it (docs/FHIR.md); then it
        // is the measuring device, and the key is its gateway's, not the author's.
        let signedDeviceID = verdict.signedDevice(stored: sample.device) == nil ? nil : deviceID
        let signer = signerReference(verdict.signer, deviceID: nil)
        let author = signedDeviceID.map { id in
            FHIRJSON.object([("reference", .string(ids.reference(.device, id))),
                             ("display", .string(sample.device.map(ReportCollector.deviceName) ?? "measuring device"))])
        } ?? signer
        // FHIR's base64Binary must be base64; a signature that is not (verdict malformed) is
        // left out of `data` and the reason says why.
        let data = signatureText.flatMap { Data(base64Encoded: $0) != nil ? $0 : nil }
        var verification: [(String, JSONValue?)] = [
            ("verdict", .string(verdict.kind.rawValue)), ("reasonCode", .string(verdict.reasonCode)),
            ("reason", FHIRJSON.string(verdict.reason)),
        ]
        if let key = verdict.signer?.keyIdentifier { verification.append(("signerKeyId", .string(key))) }
        if let subject = verdict.signer?.certificateSubject { verification.append(("signerSubject", .string(subject))) }
        if let batch { verification.append(("batch", .string(batch.description))) }
        if let signatureText, let der = Data(base64Encoded: signatureText) {
            verification.append(("signatureSha256", .string(Hex.encode(Digest.sha256(Array(der))))))
        }
        var extensions: [JSONValue] = verification.compactMap { name, value in
            value.map { value -> JSONValue in
                if case .string(let text) = value, name == "verdict" {
                    return FHIRJSON.object([("url", .string(name)), ("valueCode", .string(text))])
                }
                return FHIRJSON.object([("url", .string(name)), ("valueString", value)])
            }
        }
        for mismatch in verdict.mismatches {
            extensions.append(FHIRJSON.object([("url", .string("mismatch")), ("valueString", .string(mismatch.description))]))
        }
        return FHIRJSON.object([
            ("resourceType", .string("Provenance")),
            ("id", .string(id)),
            ("extension", .array([FHIRJSON.object([("extension", .array(extensions)),
                                                   ("url", .string(FHIRCodeSystems.verificationExtension))])])),
            ("target", .array([FHIRJSON.object([("reference", .string(ids.reference(.observation, observationID)))])])),
            ("recorded", .string(checkedAt)),
            ("agent", .array([
                FHIRJSON.object([("type", agentType("author", "Author")), ("who", author)]),
                FHIRJSON.object([("type", agentType("verifier", "Verifier")), ("who", FHIRJSON.object([("display", .string(verifierName))]))]),
            ] + (gatewayID.map { id in
                [FHIRJSON.object([("type", agentType("attester", "Attester")),
                                  ("who", FHIRJSON.object([("reference", .string(ids.reference(.device, id))),
                                                           ("display", .string(verdict.signer.map(Self.signerName) ?? "signing gateway"))]))])]
            } ?? []))),
            ("signature", .array([FHIRJSON.object([
                ("type", .array([FHIRJSON.coding(system: FHIRCodeSystems.signatureType, code: "1.2.840.10065.1.12.1.14",
                                                 display: "Source Signature")])),
                // The profile's SignedData carries no signing time; the reading's end is the
                // latest moment the device can have signed it from.
                ("when", .string(sample.endDate.rfc3339String)),
                ("who", signer),
                ("targetFormat", .string("application/der")),
                ("sigFormat", .string("application/pkcs7-signature")),
                ("data", data.map(JSONValue.string)),
            ])])),
        ])
    }

    func agentType(_ code: String, _ display: String) -> JSONValue {
        FHIRJSON.codeableConcept([FHIRJSON.coding(system: FHIRCodeSystems.provenanceParticipantType, code: code, display: display)])
    }

    /// `Observation.device.display` of a valid reading whose stored device its signature does not cover.
    static let unsignedDeviceDisplay = "unsigned context: stored with the reading, not covered by its signature"

    /// The signing device: a reference to its Device when the signature covers that device
    /// (`deviceID` is nil otherwise), the signer's key id as identifier, and the certificate
    /// subject or key id to read. Never a stored device name: only the key or certificate
    /// names the signer.
    func signerReference(_ signer: SignerDescription?, deviceID: String?) -> JSONValue {
        FHIRJSON.object([
            ("reference", deviceID.map { .string(ids.reference(.device, $0)) }),
            ("identifier", signer.map { FHIRJSON.object([("system", .string(FHIRCodeSystems.signerKeyIdentifier)),
                                                         ("value", .string($0.keyIdentifier))]) }),
            ("display", .string(signer?.certificateSubject ?? signer.map { "device key \($0.keyIdentifier)" }
                        ?? "unidentified signer")),
        ])
    }
}
