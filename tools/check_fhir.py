#!/usr/bin/env python3
"""Checks `healthsig fhir` output independently of the Swift code.

Every resource is validated with the `fhir.resources` package's R4B models; every Observation's
LOINC codes, category and UCUM unit are checked against the mapping tables of docs/FHIR.md (read
from the document itself, so the tables and the output cannot drift apart); references must
resolve; every signed Observation has exactly one Provenance whose verification extension agrees
with the Observation's verdict tag, and unsigned ones have none.

    check_fhir.py --docs docs/FHIR.md (--dir DIR | --bundle FILE) [--expect verdict=N ...]
"""
import argparse
import collections
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
        codes = re.findall(r"`(\d+-\d)`", cells[1])
        types[(hk, variant)] = (codes, cells[2])
    units = {}  # (HealthKit unit, "bmi"|None) -> UCUM code or None
    for cells in table_rows(text, "### Units"):
        names = re.findall(r"`([^`]+)`", cells[0])
        codes = re.findall(r"`([^`]+)`", cells[1])
        if len(names) != 1:
            continue  # rows that describe a family (`m`, `cm`, …) rather than one unit
        key = (names[0], "bmi" if "body-mass index" in cells[0] else None)
        units[key] = codes[0] if codes else None
    return types, units


class Checker:
    def __init__(self, types, units):
        self.types, self.units = types, units
        self.failures, self.checks = [], 0

    def expect(self, condition, message):
        self.checks += 1
        if not condition:
            self.failures.append(message)

    def check_code(self, where, concept, quantity):
        codings = concept.get("coding", [])
        hk = [c["code"] for c in codings if c.get("system") == HEALTHKIT]
        self.expect(len(hk) == 1, f"{where}: exactly one HealthKit coding, got {hk}")
        if not hk:
            return None
        loinc = [c["code"] for c in codings if c.get("system") == LOINC]
        variant = None
        if hk[0] == "HKQuantityTypeIdentifierBloodGlucose" and quantity:
            variant = "mass" if quantity.get("unit", "").startswith("mg") else "molar"
        expected, category = self.types.get((hk[0], variant), ([], None))
        self.expect(loinc == expected, f"{where}: {hk[0]} LOINC {loinc}, table says {expected}")
        if quantity is not None:
            stored = quantity.get("unit")
            key = (stored, "bmi" if hk[0] == "HKQuantityTypeIdentifierBodyMassIndex" else None)
            if stored == "kg/m2" and key[1] == "bmi":
                key = ("count", "bmi")
            if key not in self.units:
                key = (stored, None)
            self.expect(key in self.units, f"{where}: unit {stored!r} is not in the units table")
            if key in self.units:
                ucum = self.units[key]
                self.expect(quantity.get("code") == ucum, f"{where}: unit {stored!r} has UCUM {quantity.get('code')!r}, table says {ucum!r}")
                self.expect((quantity.get("system") == UCUM) == (ucum is not None), f"{where}: Quantity.system {quantity.get('system')!r}")
        return hk[0], category

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
            found = self.check_code(where, obs["code"], obs.get("valueQuantity"))
            if found:
                category = [c["code"] for cc in obs.get("category", []) for c in cc.get("coding", []) if c.get("system") == CATEGORY]
                table_category = found[1]
                self.expect(category == ([table_category] if table_category else []),
                            f"{where}: category {category}, table says {table_category}")
            for index, component in enumerate(obs.get("component", [])):
                self.check_code(f"{where} component {index}", component["code"], component.get("valueQuantity"))
            if "device" in obs:
                self.expect(ref_id(obs["device"]["reference"]) in by_type["Device"], f"{where}: device reference does not resolve")
            if verdict == "unsigned":
                self.expect(provenance_targets[oid] == 0, f"{where}: unsigned but has a Provenance")
            else:
                self.expect(provenance_targets[oid] == 1, f"{where}: signed ({verdict}) but has {provenance_targets[oid]} Provenance")
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
            signature = provenance.get("signature", [{}])[0]
            self.expect(signature.get("sigFormat") == "application/pkcs7-signature", f"{where}: sigFormat")
        return verdicts, {kind: len(items) for kind, items in by_type.items()}


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
        for kind in ("Observation", "Device", "Provenance"):
            with open(os.path.join(args.dir, kind + ".ndjson"), encoding="utf-8") as lines:
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
    types, units = read_mapping(args.docs)
    checker = Checker(types, units)
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
