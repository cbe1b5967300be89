#!/usr/bin/env python3
"""Three weeks of realistic home monitoring, as unsigned JSON Lines and a plan.

A patient with hypertension and type 2 diabetes, from Monday 2026-11-02 00:00 UTC for 21 days:
blood pressure twice a day (morning 06:30-07:30 and evening 20:30-21:30 UTC, two readings a minute
apart as home monitoring asks), daily weight, fingerstick glucose three times a day with its meal
time (fasting before breakfast, after lunch, after dinner), daily SpO2 and temperature (a fever of
two days in the second week), and walks three times a week.

Nothing here signs anything. The script writes, into OUT:

- `device-a.jsonl`: readings the first device key signs (blood-pressure cuff and scale);
- `device-b.jsonl`: readings the second device key signs (glucose meter, thermometer, watch);
- `batch-b.jsonl`: the SpO2 readings, which the second key signs as batches (`sign --batch 7`);
- `foreign.jsonl`: two readings a key the verifier does not trust signs;
- `unsigned.jsonl`: five readings typed in by hand (`HKWasUserEntered`), never signed;
- `plan.json`: how the test assembles the input after signing (`sign` with the real signer):
  the order of the signed files, the readings altered after signing (file, line, JSON path,
  the signed value and the value stored instead), the lines deleted (batch members made absent)
  and the expected verdict counts.

The same seed gives the same files, byte for byte.

    make_clinical_fixture.py --out DIR [--seed N]
"""

import argparse
import json
import os
import random
from datetime import datetime, timedelta, timezone

START = datetime(2026, 11, 2, tzinfo=timezone.utc)
DAYS = 21

CUFF = {"name": "Acme BP-200 Cuff", "manufacturer": "Acme Medical Devices Inc.", "model": "BP-200", "firmwareVersion": "1.4.7"}
SCALE = {"name": "Acme Scale", "manufacturer": "Acme Medical Devices Inc.", "model": "S-1"}
METER = {"name": "Acme Gluco", "manufacturer": "Acme Medical Devices Inc.", "model": "G-5"}
THERMO = {"name": "Acme Thermo", "manufacturer": "Acme Medical Devices Inc.", "model": "T-3"}
OXI = {"name": "Acme Oximeter", "manufacturer": "Acme Medical Devices Inc.", "model": "OX-2"}
WATCH = {"name": "Acme Watch", "manufacturer": "Acme Wearables", "model": "W-4"}
OTHER = {"name": "Borrowed Cuff", "manufacturer": "Other Health Ltd.", "model": "X-1"}

# HKBloodGlucoseMealTime: 1 preprandial, 2 postprandial. The meter's fingerstick readings also sign
# BloodGlucoseSpecimen "capillary blood" (docs/FHIR.md, "Capillary glucose"), so FHIR codes them 41653-7.
BEFORE_MEAL, AFTER_MEAL = 1, 2


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def quantity(kind, value, unit, moment, device, metadata=None):
    line = {"type": "HKQuantityTypeIdentifier" + kind, "value": value, "unit": unit,
            "startDate": stamp(moment), "endDate": stamp(moment), "device": device}
    if metadata:
        line["metadata"] = metadata
    return line


def pressure(systolic, diastolic, moment, device, metadata=None):
    end = moment + timedelta(seconds=40)
    member = lambda kind, value: {"type": "HKQuantityTypeIdentifierBloodPressure" + kind, "value": value, "unit": "mmHg",
                                  "startDate": stamp(moment), "endDate": stamp(end)}
    line = {"type": "HKCorrelationTypeIdentifierBloodPressure", "startDate": stamp(moment), "endDate": stamp(end),
            "objects": [member("Systolic", systolic), member("Diastolic", diastolic)], "device": device}
    if metadata:
        line["metadata"] = metadata
    return line


def walk(moment, minutes, kilometres, kcal):
    end = moment + timedelta(minutes=minutes)
    return {"type": "HKWorkoutTypeIdentifier", "activityType": "HKWorkoutActivityTypeWalking",
            "startDate": stamp(moment), "endDate": stamp(end), "duration": minutes * 60,
            "totalEnergyBurned": {"value": kcal, "unit": "kcal"}, "totalDistance": {"value": kilometres, "unit": "km"},
            "device": WATCH}


def generate(seed):
    rng = random.Random(seed)
    a, b, batch, foreign, unsigned = [], [], [], [], []
    alter = []

    def altered(file, lines, index, path, signed, stored, what):
        alter.append({"file": file, "line": index, "path": path, "signed": signed, "stored": stored, "what": what})

    for day in range(DAYS):
        midnight = START + timedelta(days=day)
        for session, (hour, bias) in enumerate(((6, 6), (20, 0))):
            moment = midnight + timedelta(hours=hour, minutes=30 + rng.randrange(0, 60))
            systolic = round(rng.gauss(138 + bias, 7))
            diastolic = round(rng.gauss(86 + bias / 2, 4))
            a.append(pressure(systolic, diastolic, moment, CUFF))
            # The second reading a minute later, a little lower as a rested second reading is.
            a.append(pressure(systolic - rng.randrange(0, 6), diastolic - rng.randrange(0, 4), moment + timedelta(minutes=1), CUFF))
        a.append(quantity("BodyMass", round(96.0 - 0.06 * day + rng.gauss(0, 0.25), 1), "kg", midnight + timedelta(hours=7, minutes=10), SCALE))
        meals = ((7, 15, BEFORE_MEAL, 128, 14), (13, 30, AFTER_MEAL, 172, 28), (19, 40, AFTER_MEAL, 180, 32))
        for hour, minute, meal, mean, sd in meals:
            value = max(60, round(rng.gauss(mean, sd)))
            b.append(quantity("BloodGlucose", value, "mg/dL", midnight + timedelta(hours=hour, minutes=minute + rng.randrange(0, 20)),
                              METER, {"HKBloodGlucoseMealTime": meal, "BloodGlucoseSpecimen": "capillary blood"}))
        fever = day in (9, 10)
        temperature = round(rng.gauss(38.4, 0.2), 1) if fever else round(rng.gauss(36.7, 0.15), 1)
        b.append(quantity("BodyTemperature", temperature, "degC", midnight + timedelta(hours=8, minutes=5), THERMO))
        saturation = round(rng.gauss(0.955, 0.01), 2)
        batch.append(quantity("OxygenSaturation", min(saturation, 0.99), "%", midnight + timedelta(hours=8, minutes=rng.randrange(0, 5)), OXI))
        if day % 7 in (1, 3, 5):
            minutes = 30 + rng.randrange(0, 16)
            b.append(walk(midnight + timedelta(hours=17, minutes=rng.randrange(0, 30)), minutes, round(minutes * 0.085, 2), 4 * minutes))

    # Readings whose signed values matter clinically, altered after signing to look harmless.
    # Two sessions of two readings a day: reading 4 * day + 2 * session + n.
    pressures = [i for i, line in enumerate(a) if line["type"].endswith("BloodPressure")]
    key = pressures[4 * 12]  # day 12, morning, first reading
    a[key]["objects"][0]["value"], a[key]["objects"][1]["value"] = 182, 106
    altered("device-a", a, key, ["objects", 0, "value"], 182, 132, "the month's key reading: 182/106 stored as 132/84")
    altered("device-a", a, key, ["objects", 1, "value"], 106, 84, "its diastolic")
    evening = pressures[4 * 16 + 2]  # day 16, evening, first reading
    a[evening]["objects"][0]["value"] = 168
    altered("device-a", a, evening, ["objects", 0, "value"], 168, 128, "an evening systolic")
    second = pressures[4 * 5 + 3]  # day 5, evening, second reading
    a[second]["objects"][1]["value"] = 98
    altered("device-a", a, second, ["objects", 1, "value"], 98, 82, "an evening diastolic of 98 stored as 82")
    weights = [i for i, line in enumerate(a) if line["type"].endswith("BodyMass")]
    altered("device-a", a, weights[15], ["value"], a[weights[15]]["value"], round(a[weights[15]]["value"] - 3, 1), "a weight 3 kg lower")
    glucose = [i for i, line in enumerate(b) if line["type"].endswith("BloodGlucose")]
    b[glucose[20]]["value"] = 230
    altered("device-b", b, glucose[20], ["value"], 230, 130, "a post-meal glucose of 230 stored as 130")
    b[glucose[40]]["value"] = 52
    altered("device-b", b, glucose[40], ["value"], 52, 95, "a hypoglycaemia of 52 stored as 95")
    temperatures = [i for i, line in enumerate(b) if line["type"].endswith("BodyTemperature")]
    altered("device-b", b, temperatures[9], ["value"], b[temperatures[9]]["value"], 36.8, "a fever stored as 36.8")
    batch[4]["value"] = 0.91
    altered("batch-b", batch, 4, ["value"], 0.91, 0.96, "an SpO2 of 91 % stored as 96 %")

    foreign.append(pressure(151, 97, START + timedelta(days=5, hours=12, minutes=10), OTHER))
    foreign.append(quantity("BloodGlucose", 265, "mg/dL", START + timedelta(days=6, hours=12, minutes=5), OTHER))
    for index in range(5):
        moment = START + timedelta(days=2 + 4 * index, hours=18, minutes=15)
        if index < 3:
            unsigned.append(pressure(145 + index, 92, moment, CUFF, {"HKWasUserEntered": True}))
        else:
            unsigned.append(quantity("BodyMass", 95.5, "kg", moment, SCALE, {"HKWasUserEntered": True}))

    signed_total = len(a) + len(b) + len(batch) + len(foreign)
    deleted = [{"file": "batch-b", "line": 17, "what": "an SpO2 batch member made absent"}]
    altered_readings = len({(x["file"], x["line"]) for x in alter})
    plan = {
        "seed": seed,
        "files": {"device-a": "a", "device-b": "b", "batch-b": "b", "foreign": "foreign", "unsigned": None},
        "batch": {"batch-b": 7},
        "order": ["device-a", "device-b", "batch-b", "foreign", "unsigned"],
        "alter": alter,
        "delete": deleted,
        "expect": {
            "valid": signed_total - len(foreign) - altered_readings - len(deleted),
            "content-mismatch": altered_readings,
            "untrusted-signer": len(foreign),
            "unsigned": len(unsigned),
            "absent": len(deleted),
        },
    }
    return {"device-a": a, "device-b": b, "batch-b": batch, "foreign": foreign, "unsigned": unsigned}, plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    files, plan = generate(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for name, lines in files.items():
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as out:
            for line in lines:
                out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
    with open(os.path.join(args.out, "plan.json"), "w", encoding="utf-8") as out:
        json.dump(plan, out, indent=1, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
