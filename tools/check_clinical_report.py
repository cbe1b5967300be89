#!/usr/bin/env python3
"""Checks `healthsig report` and `healthsig fhir` on the three-week fixture, independently of the
Swift code (tools/make_clinical_fixture.py makes the readings and the plan, `healthsig sign`
signs them).

    check_clinical_report.py assemble --dir DIR        # signed files + plan -> DIR/fixture.jsonl
    check_clinical_report.py figures --dir DIR --json FIGURES.json
    check_clinical_report.py tables --dir DIR --html REPORT.html
    check_clinical_report.py fhir --dir DIR --out FHIRDIR
    check_clinical_report.py same-ids --before FHIRDIR --after FHIRDIR

`assemble` applies the plan to the signed files: each altered reading gets its stored value at its
JSON path (the signature still covers the signed one), each deleted line is dropped, and the
files are concatenated in the plan's order. The other commands compare what healthsig wrote with
what the plan says the readings are: every figure of docs/REPORT.md's "Figures as JSON" computed
here from the unsigned readings (authentic ones only: the altered ones at their signed values),
every reading in its chart's data table at its signed value and no altered one anywhere at its
stored value, every altered reading in FHIR at its signed value, and Observation ids that do not
move when a line is deleted.
"""

import argparse
import json
import math
import os
import statistics
import sys
from datetime import datetime
from html.parser import HTMLParser

FAILURES = []


def fail(message):
    FAILURES.append(message)


def load_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def plan_of(directory):
    with open(os.path.join(directory, "plan.json"), encoding="utf-8") as f:
        return json.load(f)


def set_path(obj, path, value):
    for step in path[:-1]:
        obj = obj[step]
    obj[path[-1]] = value


def assemble(directory):
    plan = plan_of(directory)
    out = []
    deleted = {(d["file"], d["line"]) for d in plan["delete"]}
    for name in plan["order"]:
        source = os.path.join(directory, name + (".jsonl" if plan["files"][name] is None else ".signed.jsonl"))
        with open(source, encoding="utf-8") as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
        for index, text in enumerate(lines):
            if (name, index) in deleted:
                continue
            changes = [x for x in plan["alter"] if x["file"] == name and x["line"] == index]
            if changes:
                line = json.loads(text)
                for change in changes:
                    set_path(line, change["path"], change["stored"])
                text = json.dumps(line, separators=(",", ":"), ensure_ascii=False)
            out.append(text)
    with open(os.path.join(directory, "fixture.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def readings(directory):
    """Every reading of the fixture as the plan knows it: (file, line, reading as generated, verdict)."""
    plan = plan_of(directory)
    deleted = {(d["file"], d["line"]) for d in plan["delete"]}
    altered = {(x["file"], x["line"]) for x in plan["alter"]}
    out = []
    for name in plan["order"]:
        for index, line in enumerate(load_lines(os.path.join(directory, name + ".jsonl"))):
            if (name, index) in deleted:
                continue
            if plan["files"][name] is None:
                verdict = "unsigned"
            elif name == "foreign":
                verdict = "untrusted-signer"
            else:
                verdict = "content-mismatch" if (name, index) in altered else "valid"
            out.append((name, index, line, verdict))
    return out


def kind(line):
    return line["type"].replace("HKQuantityTypeIdentifier", "").replace("HKCorrelationTypeIdentifier", "").replace("HKWorkoutTypeIdentifier", "Workout")


def near(actual, expected, tolerance, name):
    if expected is None or actual is None:
        if expected != actual:
            fail(f"{name}: {actual!r}, expected {expected!r}")
        return
    if abs(actual - expected) > tolerance:
        fail(f"{name}: {actual}, expected {expected} (within {tolerance})")


def dig(obj, dotted):
    for key in dotted.split("."):
        if not isinstance(obj, dict) or key not in obj:
            fail(f"{dotted}: missing from the report's JSON")
            return None
        obj = obj[key]
    return obj


def figures(directory, path):
    with open(path, encoding="utf-8") as f:
        got = json.load(f)
    all_readings = readings(directory)
    authentic = [line for _, _, line, verdict in all_readings if verdict in ("valid", "content-mismatch")]
    plan = plan_of(directory)
    for verdict in ("valid", "content-mismatch", "untrusted-signer", "unsigned"):
        if dig(got, "verdicts." + verdict) != plan["expect"][verdict]:
            fail(f"verdicts.{verdict}: {dig(got, 'verdicts.' + verdict)}, expected {plan['expect'][verdict]}")
    if dig(got, "absentBatchReadings") != plan["expect"]["absent"]:
        fail(f"absentBatchReadings: {dig(got, 'absentBatchReadings')}, expected {plan['expect']['absent']}")
    excluded = sum(1 for *_, verdict in all_readings if verdict not in ("valid", "content-mismatch"))
    if dig(got, "excludedUnverified") != excluded:
        fail(f"excludedUnverified: {dig(got, 'excludedUnverified')}, expected {excluded}")

    # Home blood pressure: UTC days, the first day left out.
    pressure = [(line["startDate"][:10], line["objects"][0]["value"], line["objects"][1]["value"]) for line in authentic if kind(line) == "BloodPressure"]
    days = sorted({day for day, _, _ in pressure})
    rest = [(s, d) for day, s, d in pressure if day != days[0]]
    if dig(got, "bloodPressure.home.days") != len(days):
        fail(f"bloodPressure.home.days: {dig(got, 'bloodPressure.home.days')}, expected {len(days)}")
    if dig(got, "bloodPressure.home.readings") != len(rest):
        fail(f"bloodPressure.home.readings: {dig(got, 'bloodPressure.home.readings')}, expected {len(rest)}")
    near(dig(got, "bloodPressure.home.systolicMean"), statistics.fmean(s for s, _ in rest), 0.051, "bloodPressure.home.systolicMean")
    near(dig(got, "bloodPressure.home.diastolicMean"), statistics.fmean(d for _, d in rest), 0.051, "bloodPressure.home.diastolicMean")
    near(dig(got, "bloodPressure.home.shareAtOrAbove135_85"), sum(1 for s, d in rest if s >= 135 or d >= 85) / len(rest), 0.00006,
         "bloodPressure.home.shareAtOrAbove135_85")

    glucose = [line["value"] for line in authentic if kind(line) == "BloodGlucose"]
    mean = statistics.fmean(glucose)
    sd = statistics.stdev(glucose)
    near(dig(got, "glucose.mean"), mean, 0.051, "glucose.mean")
    near(dig(got, "glucose.sd"), sd, 0.051, "glucose.sd")
    near(dig(got, "glucose.cv"), sd / mean, 0.00006, "glucose.cv")
    n = len(glucose)
    if dig(got, "glucose.readings") != n:
        fail(f"glucose.readings: {dig(got, 'glucose.readings')}, expected {n}")
    for key, count in (("shareBelow54", sum(v < 54 for v in glucose)), ("shareBelow70", sum(v < 70 for v in glucose)),
                       ("shareInRange70_180", sum(70 <= v <= 180 for v in glucose)), ("shareAbove180", sum(v > 180 for v in glucose)),
                       ("shareAbove250", sum(v > 250 for v in glucose))):
        near(dig(got, "glucose." + key), count / n, 0.00006, "glucose." + key)

    spo2 = [round(line["value"] * 100, 6) for line in authentic if kind(line) == "OxygenSaturation"]
    if dig(got, "spo2.readings") != len(spo2):
        fail(f"spo2.readings: {dig(got, 'spo2.readings')}, expected {len(spo2)}")
    near(dig(got, "spo2.minimum"), min(spo2), 0.051, "spo2.minimum")
    if dig(got, "spo2.readingsBelow92") != sum(v < 92 for v in spo2):
        fail(f"spo2.readingsBelow92: {dig(got, 'spo2.readingsBelow92')}, expected {sum(v < 92 for v in spo2)}")

    temperature = [line["value"] for line in authentic if kind(line) == "BodyTemperature"]
    if dig(got, "temperature.readings") != len(temperature):
        fail(f"temperature.readings: {dig(got, 'temperature.readings')}, expected {len(temperature)}")
    near(dig(got, "temperature.maximum"), max(temperature), 0.051, "temperature.maximum")
    if dig(got, "temperature.readingsAtOrAbove38") != sum(v >= 38 for v in temperature):
        fail(f"temperature.readingsAtOrAbove38: {dig(got, 'temperature.readingsAtOrAbove38')}, expected {sum(v >= 38 for v in temperature)}")

    # The visit figures (docs/REPORT.md): morning and evening home pressure, fasting and post-meal
    # glucose, weight change, workout minutes per week. The fixture signs no HKTimeZone and the
    # report is made without --time-zone, so local days and hours are UTC ones.
    home = [(line["startDate"][:10], int(line["startDate"][11:13]), line["objects"][0]["value"], line["objects"][1]["value"])
            for line in authentic if kind(line) == "BloodPressure"]
    first = min(day for day, *_ in home)
    for name, hours in (("morning", range(4, 12)), ("evening", range(18, 24))):
        part = [(s, d) for day, hour, s, d in home if day != first and hour in hours]
        if dig(got, f"bloodPressure.home.{name}Readings") != len(part):
            fail(f"bloodPressure.home.{name}Readings: {dig(got, f'bloodPressure.home.{name}Readings')}, expected {len(part)}")
        near(dig(got, f"bloodPressure.home.{name}SystolicMean"), statistics.fmean(s for s, _ in part) if part else None, 0.051,
             f"bloodPressure.home.{name}SystolicMean")
        near(dig(got, f"bloodPressure.home.{name}DiastolicMean"), statistics.fmean(d for _, d in part) if part else None, 0.051,
             f"bloodPressure.home.{name}DiastolicMean")
    # Meal times are signed in the fixture (format version 2 signs every key the device supplied).
    for name, meal in (("fasting", 1), ("postMeal", 2)):
        values = [line["value"] for line in authentic if kind(line) == "BloodGlucose" and line.get("metadata", {}).get("HKBloodGlucoseMealTime") == meal]
        if dig(got, f"glucose.{name}Readings") != len(values):
            fail(f"glucose.{name}Readings: {dig(got, f'glucose.{name}Readings')}, expected {len(values)}")
        near(dig(got, f"glucose.{name}Mean"), statistics.fmean(values) if values else None, 0.051, f"glucose.{name}Mean")
    per_day = {}
    for line in authentic:
        if kind(line) == "BloodGlucose":
            per_day[line["startDate"][:10]] = per_day.get(line["startDate"][:10], 0) + 1
    continuous = sum(1 for count in per_day.values() if count >= 67)
    if dig(got, "glucose.continuousMonitoringDays") != continuous or dig(got, "glucose.gmi") is not None:
        fail(f"glucose: {continuous} days of continuous monitoring and no GMI expected from fingerstick readings")
    weights = sorted((line["startDate"], line["value"]) for line in authentic if kind(line) == "BodyMass")
    near(dig(got, "weight.first"), weights[0][1], 0.0051, "weight.first")
    near(dig(got, "weight.last"), weights[-1][1], 0.0051, "weight.last")
    near(dig(got, "weight.change"), weights[-1][1] - weights[0][1], 0.0051, "weight.change")
    near(dig(got, "weight.changePercent"), (weights[-1][1] - weights[0][1]) / weights[0][1] * 100, 0.0051, "weight.changePercent")
    walks = [line["duration"] / 60 for line in authentic if kind(line) == "Workout"]
    dates = [line["startDate"] for _, _, line, _ in all_readings] + [line["endDate"] for _, _, line, _ in all_readings]
    span = (datetime.fromisoformat(max(dates).replace("Z", "+00:00")) - datetime.fromisoformat(min(dates).replace("Z", "+00:00"))).total_seconds()
    weeks = max(1.0, span / 604800)
    if dig(got, "workouts.workouts") != len(walks):
        fail(f"workouts.workouts: {dig(got, 'workouts.workouts')}, expected {len(walks)}")
    near(dig(got, "workouts.minutes"), sum(walks), 0.051, "workouts.minutes")
    near(dig(got, "workouts.weeks"), weeks, 0.0051, "workouts.weeks")
    near(dig(got, "workouts.minutesPerWeek"), sum(walks) / weeks, 0.051, "workouts.minutesPerWeek")


class Tables(HTMLParser):
    """The rows of every `table.chart-data`, per table, as attribute dictionaries."""

    def __init__(self):
        super().__init__()
        self.tables = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "chart-data" in (attrs.get("class") or "").split():
            self.tables.append((attrs.get("data-type"), []))
        elif tag == "tr" and self.tables and "data-class" in attrs:
            self.tables[-1][1].append(attrs)


def number(text):
    return float(text) if text is not None else None


def chart_values(line, signed=True):
    """The values a chart draws for a reading: (systolic, diastolic) or (value,) in the chart's unit."""
    if kind(line) == "BloodPressure":
        return (line["objects"][0]["value"], line["objects"][1]["value"])
    value = line["value"]
    return (round(value * 100, 6),) if line["unit"] == "%" else (value,)


def row_values(row):
    if "data-systolic" in row:
        return (number(row["data-systolic"]), number(row["data-diastolic"]))
    return (number(row.get("data-value")),)


def tables(directory, path):
    with open(path, encoding="utf-8") as f:
        parser = Tables()
        parser.feed(f.read())
    by_type = {}
    for data_type, rows in parser.tables:
        by_type.setdefault(data_type, []).append(rows)
    for data_type, copies in by_type.items():
        if len(copies) != 2:
            fail(f"{data_type}: {len(copies)} data tables, expected 2 (under the chart and in the printed appendix)")
        elif copies[0] != copies[1]:
            fail(f"{data_type}: the appendix's table differs from the one under the chart")
    classes = {"valid": "authentic", "content-mismatch": "altered", "untrusted-signer": "not-checked", "unsigned": "unsigned"}
    plan = plan_of(directory)
    stored_of = {}
    for change in plan["alter"]:
        stored_of.setdefault((change["file"], change["line"]), []).append(change)
    seen = 0
    for name, index, line, verdict in readings(directory):
        if kind(line) == "Workout":
            continue
        data_type = line["type"]
        rows = (by_type.get(data_type) or [[]])[0]
        start = line["startDate"]
        at = [row for row in rows if row.get("data-start") == start and row.get("data-count") == "1"]
        expected = chart_values(line)
        match = [row for row in at if row["data-class"] == classes[verdict] and all(
            a is not None and math.isclose(a, b, abs_tol=1e-6) for a, b in zip(row_values(row), expected))]
        if not match:
            fail(f"{name} line {index + 1} ({kind(line)} of {start}, {verdict}): not in the chart's data table at {expected}; rows at that time: {at}")
            continue
        seen += 1
        if (name, index) in stored_of:
            stored = json.loads(json.dumps(line))
            for change in stored_of[(name, index)]:
                set_path(stored, change["path"], change["stored"])
            stored_values = chart_values(stored)
            for table in by_type.get(data_type, []):
                for row in table:
                    if row.get("data-start") == start and all(a is not None and math.isclose(a, b, abs_tol=1e-6)
                                                              for a, b in zip(row_values(row), stored_values)):
                        fail(f"altered {kind(line)} of {start} appears at its stored value {stored_values}: {row}")
    drawn = sum(len(copies[0]) for data_type, copies in by_type.items() if data_type != "HKWorkoutTypeIdentifier")
    if drawn != seen:
        fail(f"the data tables hold {drawn} readings, the fixture {seen}")
    return seen


def observations(directory):
    with open(os.path.join(directory, "Observation.ndjson"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fhir(directory, out):
    plan = plan_of(directory)
    found = observations(out)
    lines = {(name, index): line for name, index, line, _ in readings(directory)}
    for change in plan["alter"]:
        line = lines[(change["file"], change["line"])]
        start = line["startDate"]
        matches = [o for o in found if str(o.get("effectiveDateTime", (o.get("effectivePeriod") or {}).get("start", ""))).startswith(start[:19])]
        values = []
        for o in matches:
            if "valueQuantity" in o:
                values.append(o["valueQuantity"]["value"])
            for component in o.get("component", []):
                if "valueQuantity" in component:
                    values.append(component["valueQuantity"]["value"])
        signed = change["signed"] * (100 if line.get("unit") == "%" else 1)
        stored = change["stored"] * (100 if line.get("unit") == "%" else 1)
        if not any(math.isclose(v, signed, abs_tol=1e-6) for v in values):
            fail(f"FHIR: altered {kind(line)} of {start} not exported at its signed value {signed}: {values}")
        if any(math.isclose(v, stored, abs_tol=1e-6) for v in values):
            fail(f"FHIR: altered {kind(line)} of {start} exported at its stored value {stored}")
        if any(o.get("status") != "final" for o in matches):
            fail(f"FHIR: altered {kind(line)} of {start} is not final at its signed value")
    # The meter signs its specimen: every authentic fingerstick glucose is capillary, 41653-7 (docs/FHIR.md).
    capillary = sum(1 for _, _, line, verdict in readings(directory) if verdict in ("valid", "content-mismatch")
                    and kind(line) == "BloodGlucose" and line.get("metadata", {}).get("BloodGlucoseSpecimen") == "capillary blood")
    glucose = [o for o in found if any(c.get("code") == "HKQuantityTypeIdentifierBloodGlucose" for c in o["code"].get("coding", []))]
    coded = [o for o in glucose if any(c.get("system") == "http://loinc.org" and c.get("code") == "41653-7" for c in o["code"]["coding"])
             and (o.get("specimen") or {}).get("display") == "Capillary blood"]
    if capillary == 0 or len(coded) != capillary:
        fail(f"FHIR: {len(coded)} glucose Observations coded 41653-7 with a capillary specimen, expected {capillary} (of {len(glucose)} glucose Observations)")


def same_ids(before, after):
    first = {o["id"] for o in observations(before)}
    second = {o["id"] for o in observations(after)}
    if not second <= first:
        fail(f"FHIR: {len(second - first)} Observation id(s) changed after a line was deleted")
    if len(first - second) != 1:
        fail(f"FHIR: {len(first - second)} Observation id(s) gone after deleting one line, expected 1")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["assemble", "figures", "tables", "fhir", "same-ids"])
    parser.add_argument("--dir")
    parser.add_argument("--json")
    parser.add_argument("--html")
    parser.add_argument("--out")
    parser.add_argument("--before")
    parser.add_argument("--after")
    args = parser.parse_args()
    if args.command == "assemble":
        assemble(args.dir)
    elif args.command == "figures":
        figures(args.dir, args.json)
    elif args.command == "tables":
        print(f"{tables(args.dir, args.html)} readings found in the charts' data tables at their signed values")
    elif args.command == "fhir":
        fhir(args.dir, args.out)
    else:
        same_ids(args.before, args.after)
    for message in FAILURES:
        print("FAIL: " + message)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
