#!/usr/bin/env python3
"""Checks `healthsig fhir` output independently of the Swift code.

Every resource is validated with the `fhir.resources` package's R4B models; every Observation's
LOINC codes, category and UCUM unit are checked against the mapping tables of docs/FHIR.md (read
from the document itself, so the tables and the output cannot drift apart), a workout's value and
components against the document's workout table; references must
resolve; every signed Observation has exactly one Provenance whose verification extension agrees
with the Observation's verdict tag, and unsigned ones have none. What a receiver reading only
`status`, `code` and `value[x]` gets is checked against docs/FHIR.md's "What a receiver gets as a
measurement": `final` only for valid and altered readings, an altered one at the signed value of
each altered field its Provenance lists (never the stored one), unverified readings `preliminary`
(an altered one without signed values `entered-in-error`), and no unsigned HealthKit UUID as the
identifier of a final Observation.

    check_fhir.py --docs docs/FHIR.md (--dir DIR | --bundle FILE) [--expect verdict=N ...]
"""
import argparse
import collections
import decimal
import json
import os
import re
import sys

from fhir.resources.R4B import get_fhir_model_class

HEALTHKIT = "http://developer.apple.com/documentation/healthkit"
LOINC = "http://loinc.org"
UCUM = "http://unitsofmeasure.org"
VERDICT = "urn:healthsig:verdict"
VERIFICATION = "urn:healthsig:fhir:verification"
CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
WORKOUT_FIELD = "urn:healthsig:workout-field"
WORKOUT_TYPE = "HKWorkoutTypeIdentifier"
VERIFIED_STATUS = "final"
UNVERIFIED_STATUS = {"unsigned": "preliminary", "untrusted-signer": "preliminary", "malformed": "preliminary",
                     "bad-signature": "preliminary", "revoked": "preliminary", "content-mismatch": "entered-in-error"}
ACTIVITY_PREFIX = "HKWorkoutActivityType"
SIGNER_KEY = "urn:healthsig:signer-key-id"
GATEWAY_EXTENSION = "http://hl7.org/fhir/StructureDefinition/observation-gatewayDevice"
IEEE_11073 = "urn:iso:std:iso:11073:10101"


# UCUM (https://ucum.org/ucum, the ucum-essence.xml tables), written out here, independently of the
# Swift mapping: every Quantity.code must parse by UCUM's grammar (§2, "Syntax rules") from these
# atoms and prefixes. Metric atoms take a prefix; the others do not (§2.2, "Prefixes").
UCUM_PREFIXES = ["da", "Y", "Z", "E", "P", "T", "G", "M", "k", "h", "d", "c", "m", "u", "n", "p", "f", "a", "z", "y",
                 "Ki", "Mi", "Gi", "Ti"]
UCUM_METRIC = set("""m s g rad K C cd mol sr Hz N Pa J W A V F Ohm S Wb Cel T H lm lx Bq Gy Sv l L ar t bar u eV pc
[c] [h] [k] [eps_0] [mu_0] [e] [m_e] [m_p] [G] [g] [ly] gf Ky Gal dyn erg P Bi St Mx G Oe Gb sb Lmb ph Ci R RAD REM
cal_[15] cal_[20] cal_m cal_IT cal_th cal tex mho B B[SPL] B[V] B[mV] B[uV] B[10.nV] B[W] B[kW] st [iU] [IU] Np bit By
Bd m[Hg] m[H2O] kat U eq osm g% AU""".split())
UCUM_NONMETRIC = set("""10* 10^ [pi] % [ppth] [ppm] [ppb] [pptr] gon deg ' '' min h d a_t a_j a_g a wk mo_s mo_j mo_g
mo [in_i] [ft_i] [yd_i] [mi_i] [fth_i] [nmi_i] [kn_i] [sin_i] [sft_i] [syd_i] [cin_i] [cft_i] [cyd_i] [bf_i] [cr_i]
[mil_i] [cml_i] [hd_i] [lb_av] [oz_av] [dr_av] [scwt_av] [lcwt_av] [ston_av] [lton_av] [stone_av] [gr] [gal_us]
[bbl_us] [qt_us] [pt_us] [gil_us] [foz_us] [fdr_us] [min_us] [crd_us] [bu_us] [gal_wi] [pk_us] [dqt_us] [dpt_us]
[tbs_us] [tsp_us] [cup_us] [foz_m] [cup_m] [tsp_m] [tbs_m] [gal_br] [pk_br] [bu_br] [qt_br] [pt_br] [gil_br] [foz_br]
[fdr_br] [min_br] [degF] [degR] [degRe] atm [Cal] [pH] [drp] [HPF] [LPF] [in_i'Hg] [in_i'H2O] [psi] [mesh_i]
[hp'_X] [hp'_C] [hp'_M] [hp'_Q] [kp_X] [kp_C] [kp_M] [kp_Q] [todd'U] [CFU] [Lf] [D'ag'U] [beth'U] [mclg'U]""".split())


def ucum_atom(text):
    """Whether `text` is one UCUM unit atom, with a prefix only on a metric atom."""
    if text in UCUM_METRIC or text in UCUM_NONMETRIC:
        return True
    return any(text.startswith(p) and text[len(p):] in UCUM_METRIC for p in UCUM_PREFIXES)


def ucum_valid(code):
    """Whether `code` is a UCUM expression: `/`-led or not, components joined by `.` and `/`,
    each a parenthesised term, an integer factor, or an atom with an optional exponent, any of
    them followed by an annotation `{…}`."""
    position = 0

    def term():
        nonlocal position
        if code.startswith("/", position):
            position += 1
        if not component():
            return False
        while position < len(code) and code[position] in "./":
            position += 1
            if not component():
                return False
        return True

    def component():
        nonlocal position
        if code.startswith("(", position):
            position += 1
            if not term() or not code.startswith(")", position):
                return False
            position += 1
        elif code.startswith("{", position):
            return annotation()
        else:
            match = re.compile(r"(?:\d+(?![\d*^])|(?:\[[^\]]*\]|[^.\/(){}\[\]\d+-])+(?:\[[^\]]*\])?|10\*|10\^)([+-]?\d+)?").match(code, position)
            if not match:
                return False
            body = match.group(0)[: len(match.group(0)) - len(match.group(1) or "")]
            if not (body.isdigit() or ucum_atom(body)):
                return False
            position = match.end()
        if code.startswith("{", position):
            return annotation()
        return True

    def annotation():
        nonlocal position
        end = code.find("}", position)
        if end < 0:
            return False
        position = end + 1
        return True

    return bool(code) and term() and position == len(code)


def table_rows(text, heading):
    """The body rows (lists of cells) of the first table after `heading`."""
    start = text.index(heading)
    rows, seen_table = [], False
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|"):
            seen_table = True
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if set("".join(cells)) <= set("-: "):
                continue
            rows.append(cells)
        elif seen_table:
            break
    return rows[1:]  # drop the header


def read_mapping(path):
    text = open(path, encoding="utf-8").read()
    types = {}  # (HealthKit type, "mass"|"molar"|None) -> (LOINC codes, category)
    for cells in table_rows(text, "### Types and codes"):
        hk = re.findall(r"`(HK\w+)`", cells[0])[0]
        variant = "mass" if "mass per volume" in cells[0] else "molar" if "molar" in cells[0] else None
        if variant and "capillary" in cells[0]:
            variant = "capillary-" + variant
        codes = re.findall(r"`(\d+-\d)`", cells[1])
        types[(hk, variant)] = (codes, cells[2])
    units = {}  # (HealthKit unit, "bmi"|None) -> UCUM code or None
    for cells in table_rows(text, "### Units"):
        names = re.findall(r"`([^`]+)`", cells[0])
        codes = re.findall(r"`([^`]+)`", cells[1])
        if len(names) == 1:
            key = (names[0], "bmi" if "body-mass index" in cells[0] else None)
            units[key] = codes[0] if codes else None
        elif cells[1] == "same":
            # a family spelt alike in UCUM (`m`, `cm`, `km`, …): each listed unit is its own code
            for name in names:
                units.setdefault((name, None), name)
        elif cells[1].startswith("none"):
            for name in names:  # units UCUM cannot express: the Quantity has `unit` only
                units.setdefault((name, None), None)
        elif len(codes) == len(names):
            # a family listed pairwise (`hr`, `min`, `d` | `h`, `min`, `d`)
            for name, code in zip(names, codes):
                units.setdefault((name, None), code)
    workout = []  # in the document's order: (field, LOINC codes, workout-field code, text)
    for cells in table_rows(text, "### Workouts"):
        field = re.findall(r"`(\w+)`", cells[0])[0]
        workout.append((field, re.findall(r"`(\d+-\d)`", cells[1]), re.findall(r"`(\w+)`", cells[2])[0], cells[3]))
    return types, units, workout


class Checker:
    def __init__(self, types, units, workout):
        self.types, self.units, self.workout = types, units, workout
        self.failures, self.checks = [], 0

    def expect(self, condition, message):
        self.checks += 1
        if not condition:
            self.failures.append(message)

    def check_code(self, where, concept, quantity, specimen=None):
        codings = concept.get("coding", [])
        hk = [c["code"] for c in codings if c.get("system") == HEALTHKIT]
        self.expect(len(hk) == 1, f"{where}: exactly one HealthKit coding, got {hk}")
        if not hk:
            return None
        loinc = [c["code"] for c in codings if c.get("system") == LOINC]
        variant = None
        if hk[0] == "HKQuantityTypeIdentifierBloodGlucose" and quantity:
            variant = "mass" if quantity.get("unit", "").startswith("mg") else "molar"
            # docs/FHIR.md, "Capillary glucose": the capillary codes go with the specimen said
            # in the Observation, and only with it.
            if specimen == {"display": "Capillary blood"}:
                variant = "capillary-" + variant
            else:
                self.expect(specimen is None, f"{where}: specimen {specimen!r}, docs/FHIR.md writes only 'Capillary blood'")
        expected, category = self.types.get((hk[0], variant), ([], None))
        self.expect(loinc == expected, f"{where}: {hk[0]} LOINC {loinc}, table says {expected}")
        if quantity is not None:
            self.check_unit(where, hk[0], quantity)
        return hk[0], category

    def check_unit(self, where, hk, quantity):
        """`quantity`'s UCUM code is the units table's for its stored unit (`hk`: the reading's
        type, which decides the body-mass-index row)."""
        stored = quantity.get("unit")
        key = (stored, "bmi" if hk == "HKQuantityTypeIdentifierBodyMassIndex" else None)
        if stored == "kg/m2" and key[1] == "bmi":
            key = ("count", "bmi")
        if key not in self.units:
            key = (stored, None)
        self.expect(key in self.units, f"{where}: unit {stored!r} is not in the units table")
        if quantity.get("code") is not None:
            self.expect(ucum_valid(quantity["code"]), f"{where}: unit code {quantity['code']!r} is not UCUM")
        if key in self.units:
            ucum = self.units[key]
            self.expect(quantity.get("code") == ucum, f"{where}: unit {stored!r} has UCUM {quantity.get('code')!r}, table says {ucum!r}")
            self.expect((quantity.get("system") == UCUM) == (ucum is not None), f"{where}: Quantity.system {quantity.get('system')!r}")

    def check_workout(self, where, obs):
        """The workout rules of docs/FHIR.md: a period, the activity type as the HealthKit name,
        duration first and then the totals in the table's order, each coded as the table says."""
        self.expect("effectivePeriod" in obs and "start" in obs["effectivePeriod"] and "end" in obs["effectivePeriod"],
                    f"{where}: a workout has no effectivePeriod")
        value = obs.get("valueCodeableConcept", {})
        names = [c for c in value.get("coding", []) if c.get("system") == HEALTHKIT]
        self.expect(len(names) == 1 and names[0].get("code", "").startswith(ACTIVITY_PREFIX) and len(names[0]["code"]) > len(ACTIVITY_PREFIX),
                    f"{where}: activity type {names} is not one HealthKit {ACTIVITY_PREFIX} name")
        if len(names) == 1:
            short = names[0].get("code", "")[len(ACTIVITY_PREFIX):]
            self.expect(names[0].get("display") == short and value.get("text") == short,
                        f"{where}: activity display/text {names[0].get('display')!r}/{value.get('text')!r}, expected {short!r}")
        order = [row[0] for row in self.workout]
        fields = []
        for index, component in enumerate(obs.get("component", [])):
            here = f"{where} component {index}"
            codings = component["code"].get("coding", [])
            field = [c["code"] for c in codings if c.get("system") == WORKOUT_FIELD]
            self.expect(len(field) == 1 and field[0] in order, f"{here}: workout field coding {field} is not in the workout table")
            self.expect(not any(c.get("system") == HEALTHKIT for c in codings), f"{here}: a workout component has a HealthKit coding")
            if len(field) != 1 or field[0] not in order:
                continue
            fields.append(field[0])
            _, loinc, code, text = self.workout[order.index(field[0])]
            self.expect(field[0] == code, f"{here}: field {field[0]} coded {code} in the table")
            got = [c["code"] for c in codings if c.get("system") == LOINC]
            self.expect(got == loinc, f"{here}: {field[0]} LOINC {got}, table says {loinc}")
            self.expect(component["code"].get("text") == text, f"{here}: text {component['code'].get('text')!r}, table says {text!r}")
            quantity = component.get("valueQuantity")
            self.expect(quantity is not None, f"{here}: {field[0]} has no valueQuantity")
            if quantity is not None:
                self.check_unit(here, field[0], quantity)
        self.expect(fields[:1] == ["duration"], f"{where}: the first component is not the duration: {fields}")
        self.expect(fields == sorted(fields, key=order.index) and len(set(fields)) == len(fields),
                    f"{where}: components {fields} are not in the table's order, once each")

    def run(self, resources):
        by_type = collections.defaultdict(dict)
        for resource in resources:
            kind = resource.get("resourceType")
            try:
                get_fhir_model_class(kind).model_validate(resource)
                self.expect(True, "")
            except Exception as error:  # the validator's own message says what is wrong
                self.expect(False, f"{kind}/{resource.get('id')}: not valid R4B: {error}")
            self.expect(resource.get("id") not in by_type[kind], f"{kind}/{resource.get('id')}: duplicate id")
            by_type[kind][resource.get("id")] = resource
        verdicts = collections.Counter()
        provenance_targets = collections.Counter()
        for provenance in by_type["Provenance"].values():
            for target in provenance.get("target", []):
                provenance_targets[ref_id(target["reference"])] += 1
        for oid, obs in by_type["Observation"].items():
            where = f"Observation/{oid}"
            tags = [t["code"] for t in obs.get("meta", {}).get("tag", []) if t.get("system") == VERDICT]
            self.expect(len(tags) == 1, f"{where}: one verdict tag, got {tags}")
            verdict = tags[0] if tags else None
            verdicts[verdict] += 1
            status = obs.get("status")
            if verdict in ("valid", "content-mismatch") and status == VERIFIED_STATUS:
                self.expect("identifier" not in obs, f"{where}: a final Observation carries the unsigned HealthKit UUID as identifier")
            else:
                self.expect(verdict in UNVERIFIED_STATUS and status == UNVERIFIED_STATUS[verdict],
                            f"{where}: verdict {verdict} exported with status {status!r}, "
                            f"docs/FHIR.md says {UNVERIFIED_STATUS.get(verdict, VERIFIED_STATUS)!r}")
            found = self.check_code(where, obs["code"], obs.get("valueQuantity"), obs.get("specimen"))
            if found:
                category = [c["code"] for cc in obs.get("category", []) for c in cc.get("coding", []) if c.get("system") == CATEGORY]
                table_category = found[1]
                self.expect(category == ([table_category] if table_category else []),
                            f"{where}: category {category}, table says {table_category}")
            if found and found[0] == WORKOUT_TYPE:
                self.check_workout(where, obs)
            else:
                for index, component in enumerate(obs.get("component", [])):
                    self.check_code(f"{where} component {index}", component["code"], component.get("valueQuantity"))
            if "device" in obs:
                self.expect(ref_id(obs["device"]["reference"]) in by_type["Device"], f"{where}: device reference does not resolve")
            # The FHIR R4 vital-signs profile: a vital-signs Observation has a subject (checked when
            # a Patient is exported), an effective time, and a value or, for the blood-pressure
            # panel, systolic 8480-6 and diastolic 8462-4 components with values.
            if found and found[1] == "vital-signs":
                self.expect("effectiveDateTime" in obs or "effectivePeriod" in obs, f"{where}: vital sign without an effective time")
                if found[0] == "HKCorrelationTypeIdentifierBloodPressure":
                    codes = [c["code"] for comp in obs.get("component", []) for c in comp["code"].get("coding", []) if c.get("system") == LOINC]
                    self.expect(codes == ["8480-6", "8462-4"], f"{where}: blood-pressure components {codes}, the profile wants 8480-6 then 8462-4")
                    self.expect(all("valueQuantity" in comp for comp in obs.get("component", [])), f"{where}: a blood-pressure component without a value")
                    self.expect(obs["code"].get("text") == "Blood pressure", f"{where}: panel text {obs['code'].get('text')!r}, docs/FHIR.md says 'Blood pressure'")
                else:
                    self.expect("valueQuantity" in obs, f"{where}: vital sign without a valueQuantity")
            # With a Patient, every Observation names it (the vital-signs profile's subject).
            if by_type["Patient"]:
                subject = obs.get("subject", {}).get("reference")
                self.expect(subject is not None and ref_id(subject) in by_type["Patient"], f"{where}: subject {subject!r} does not name the Patient")
            if verdict == "unsigned":
                self.expect(provenance_targets[oid] == 0, f"{where}: unsigned but has a Provenance")
            else:
                self.expect(provenance_targets[oid] == 1, f"{where}: signed ({verdict}) but has {provenance_targets[oid]} Provenance")
        # docs/FHIR.md, "Gateway": the key that signed a final Observation is its gateway Device
        # (the PHD guide's PhgDevice, type MDC_MOC_VMS_MDS_AHD, identified by the key id), never
        # the measuring device; a measuring Device carries no key id.
        gateways = {}
        for did, device in by_type["Device"].items():
            keys = [i.get("value") for i in device.get("identifier", []) if i.get("system") == SIGNER_KEY]
            types = [c.get("code") for c in device.get("type", {}).get("coding", []) if c.get("system") == IEEE_11073]
            self.expect(bool(keys) == (types == ["531981"]), f"Device/{did}: a signer key id {keys} goes with the gateway type 531981 and only with it, type {types}")
            if keys:
                gateways[did] = keys[0]
        for oid, obs in by_type["Observation"].items():
            where = f"Observation/{oid}"
            links = [e for e in obs.get("extension", []) if e.get("url") == GATEWAY_EXTENSION]
            key = None
            for provenance in by_type["Provenance"].values():
                if any(ref_id(t["reference"]) == oid for t in provenance.get("target", [])):
                    parts = {e["url"]: e for e in provenance["extension"][0]["extension"]}
                    key = parts.get("signerKeyId", {}).get("valueString")
                    authors = [a["who"] for a in provenance.get("agent", []) if a["type"]["coding"][0]["code"] == "author"]
                    for who in authors:
                        if "reference" in who:
                            self.expect(ref_id(who["reference"]) not in gateways and "identifier" not in who,
                                        f"{where}: the author is a measuring Device and carries no signer key, got {who}")
                    attesters = [a["who"] for a in provenance.get("agent", []) if a["type"]["coding"][0]["code"] == "attester"]
                    self.expect([ref_id(a["reference"]) for a in attesters] == [ref_id(l["valueReference"]["reference"]) for l in links],
                                f"{where}: the Provenance's attester is not the Observation's gateway")
            if obs.get("status") == VERIFIED_STATUS and key:
                self.expect(len(links) == 1, f"{where}: a final signed Observation names its gateway once, got {len(links)}")
                if links:
                    target = ref_id(links[0]["valueReference"]["reference"])
                    self.expect(gateways.get(target) == key, f"{where}: gateway {target} holds key {gateways.get(target)}, the signer is {key}")
            else:
                self.expect(not links, f"{where}: an unverified Observation names a gateway")
            if "device" in obs:
                self.expect(ref_id(obs["device"]["reference"]) not in gateways, f"{where}: Observation.device is a gateway, not the measuring device")
        for did, device in by_type["Device"].items():
            if by_type["Patient"]:
                patient = device.get("patient", {}).get("reference")
                self.expect(patient is not None and ref_id(patient) in by_type["Patient"], f"Device/{did}: patient {patient!r} does not name the Patient")
        self.expect(len(by_type["Patient"]) <= 1, f"{len(by_type['Patient'])} Patients, at most one expected")
        for pid, provenance in by_type["Provenance"].items():
            where = f"Provenance/{pid}"
            targets = [ref_id(t["reference"]) for t in provenance.get("target", [])]
            self.expect(len(targets) == 1 and targets[0] in by_type["Observation"], f"{where}: target does not resolve")
            extension = [e for e in provenance.get("extension", []) if e.get("url") == VERIFICATION]
            self.expect(len(extension) == 1, f"{where}: one verification extension")
            if extension and targets and targets[0] in by_type["Observation"]:
                parts = {e["url"]: e for e in extension[0]["extension"]}
                tag = by_type["Observation"][targets[0]]["meta"]["tag"][0]["code"]
                self.expect(parts.get("verdict", {}).get("valueCode") == tag, f"{where}: verdict differs from the Observation's tag")
                if tag == "content-mismatch":
                    self.expect(any(e["url"] == "mismatch" for e in extension[0]["extension"]), f"{where}: no mismatch listed")
                    observation = by_type["Observation"][targets[0]]
                    if observation.get("status") == VERIFIED_STATUS:
                        for part in extension[0]["extension"]:
                            if part["url"] == "mismatch":
                                self.check_signed_value(f"Observation/{targets[0]}", observation, part["valueString"])
            signature = provenance.get("signature", [{}])[0]
            self.expect(signature.get("sigFormat") == "application/pkcs7-signature", f"{where}: sigFormat")
        return verdicts, {kind: len(items) for kind, items in by_type.items()}


    def check_signed_value(self, where, obs, mismatch):
        """An altered reading exported as final shows the signed value of each altered value field
        its Provenance lists (`objects[0].value: signed 120 mmHg, stored 110 mmHg`), never the
        stored one."""
        match = re.fullmatch(r"(value|objects\[(\d+)\]\.value|total\w+): signed (\S+) (\S+), stored (\S+) (\S+)", mismatch)
        if not match:
            return  # a date, a unit, a device or metadata field: no value[x] to compare
        field, member, signed, signed_unit, stored, stored_unit = match.groups()
        if signed_unit == "%" or stored_unit == "%":
            return  # HealthKit's fraction is exported times 100
        if field == "value":
            quantity = obs.get("valueQuantity")
        elif member is not None:
            components = obs.get("component", [])
            quantity = components[int(member)].get("valueQuantity") if int(member) < len(components) else None
        else:
            quantity = next((c.get("valueQuantity") for c in obs.get("component", [])
                             for coding in c["code"].get("coding", [])
                             if coding.get("system") == WORKOUT_FIELD and coding.get("code") == field), None)
        self.expect(quantity is not None, f"{where}: altered field {field} has no value")
        if quantity is None:
            return
        shown = decimal.Decimal(str(quantity.get("value")))
        self.expect(shown == decimal.Decimal(signed) and quantity.get("unit") == signed_unit,
                    f"{where}: {field} shows {shown} {quantity.get('unit')}, the signed value is {signed} {signed_unit}")


def ref_id(reference):
    return reference.rsplit("/", 1)[-1].removeprefix("urn:uuid:")


def load(args):
    resources = []
    if args.bundle:
        bundle = json.load(open(args.bundle, encoding="utf-8"))
        get_fhir_model_class("Bundle").model_validate(bundle)
        assert bundle["type"] == "collection", "Bundle.type must be collection"
        for entry in bundle.get("entry", []):
            resource = entry["resource"]
            assert entry["fullUrl"] == "urn:uuid:" + resource["id"], f"fullUrl {entry['fullUrl']} is not urn:uuid:{resource['id']}"
            resources.append(resource)
    else:
        for kind in ("Observation", "Device", "Provenance", "Patient"):
            path = os.path.join(args.dir, kind + ".ndjson")
            if kind == "Patient" and not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as lines:
                for number, line in enumerate(lines, 1):
                    resource = json.loads(line)
                    assert resource["resourceType"] == kind, f"{kind}.ndjson line {number} holds a {resource['resourceType']}"
                    resources.append(resource)
    return resources


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", required=True)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--dir")
    group.add_argument("--bundle")
    parser.add_argument("--expect", action="append", default=[], help="verdict=N: that many Observations with the verdict")
    args = parser.parse_args()
    types, units, workout = read_mapping(args.docs)
    checker = Checker(types, units, workout)
    verdicts, counts = checker.run(load(args))
    for item in args.expect:
        verdict, number = item.split("=")
        checker.expect(verdicts[verdict] == int(number), f"{verdict}: {verdicts[verdict]} Observation(s), expected {number}")
    source = args.bundle or args.dir
    print(f"{source}: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + "; verdicts " +
          ", ".join(f"{k}={n}" for k, n in sorted(verdicts.items())))
    for failure in checker.failures:
        print("FAIL " + failure)
    print(f"fhir: {checker.checks - len(checker.failures)} passed, {len(checker.failures)} failed")
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()
