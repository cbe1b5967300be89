"""Runs one vector file of a family and reports per-test outcomes."""
from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from . import cms, record, recordbuild, stored
from .compare import CheckerLimitation
from .sampleverify import verify_stored


@dataclass
class Failure:
    tc_id: object
    expected: str
    got: str
    comment: str = ""


@dataclass
class FileResult:
    name: str
    family: str
    passed: int = 0
    failed: int = 0
    failures: list[Failure] = field(default_factory=list)
    skipped: str = ""

    def record(self, tc_id, ok: bool, expected: str, got: str, comment: str = "") -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.failures.append(Failure(tc_id, expected, got, comment))


def load(path: Path) -> dict:
    # decimals stay exact: 36.60 keeps its two places, no binary floating point
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_float=Decimal)


def _trust_entry(entry) -> cms.TrustedKey:
    if isinstance(entry, str):
        if "CERTIFICATE" in entry:
            return cms.trusted_key_from_pem(None, entry)
        return cms.trusted_key_from_pem(entry, None)
    tk = cms.trusted_key_from_pem(entry.get("publicKeyPem"), entry.get("certificatePem"))
    # README: a checker must refuse a group whose keyId is not its key's identifier (or is missing).
    if "keyId" not in entry:
        raise ValueError("the group key has no keyId")
    if bytes.fromhex(entry["keyId"]) != tk.key_id:
        raise ValueError(f"keyId {entry['keyId']} does not match the key (computed {tk.key_id.hex()})")
    return tk


def trust_set(group: dict) -> list[cms.TrustedKey]:
    key = group.get("key") or {}
    out = [_trust_entry(key)]
    for extra in key.get("otherTrustedKeys", []) + group.get("otherTrustedKeys", []):
        out.append(_trust_entry(extra))
    return out


def _b64(text: str) -> bytes:
    return base64.b64decode("".join(text.split()), validate=True)


def run_file(path: Path) -> FileResult:
    doc = load(path)
    family = doc.get("family", "?")
    res = FileResult(path.name, family)
    runner = RUNNERS.get(family)
    if runner is None:
        res.skipped = f"family {family!r} not checked"
        return res
    declared = doc.get("numberOfTests")
    count = 0
    if path.stem in RUNNERS and family != path.stem:
        res.record("family", False, path.stem, str(family), "family differs from the file name")
    all_tests = [t for g in doc.get("testGroups", []) for t in g.get("tests", [])]
    ids = [t.get("tcId") for t in all_tests]
    dupes = sorted({i for i in ids if ids.count(i) > 1}, key=str)
    if dupes:
        res.record("tcId", False, "unique tcIds", f"duplicates {dupes}")
    # README: `comment` is unique in the file (the test's stable identity) and every flag a test
    # carries is explained in `notes`.
    comments = [t.get("comment") for t in all_tests]
    dup_comments = sorted({c for c in comments if comments.count(c) > 1}, key=str)
    if dup_comments:
        res.record("comment", False, "unique comments", f"duplicates {dup_comments}")
    notes = doc.get("notes") if isinstance(doc.get("notes"), dict) else {}
    flag_problems: dict[int, str] = {}
    for t in all_tests:
        flags = t.get("flags")
        if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
            flag_problems[id(t)] = f"flags is not a list of strings: {flags!r}"
        elif any(f not in notes for f in flags):
            flag_problems[id(t)] = f"flags not explained in notes: {[f for f in flags if f not in notes]}"
    for gi, group in enumerate(doc.get("testGroups", [])):
        tests = group.get("tests", [])
        count += len(tests)
        try:
            trust = trust_set(group) if family in ("cms", "records", "samples", "batch") else []
        except Exception as e:  # noqa: BLE001 - a broken group fails all its tests, loudly
            for t in tests:
                res.record(t.get("tcId"), False, "group key loads", f"group {gi} key error: {e}")
            continue
        for t in tests:
            if id(t) in flag_problems:
                res.record(t.get("tcId"), False, _expected(t), flag_problems[id(t)], t.get("comment", ""))
                continue
            try:
                runner(res, t, trust)
            except CheckerLimitation as e:
                res.record(t.get("tcId"), False, _expected(t), f"checker cannot decide: {e}", t.get("comment", ""))
            except Exception as e:  # noqa: BLE001 - report, never crash on one vector
                res.record(t.get("tcId"), False, _expected(t), f"checker error {type(e).__name__}: {e}",
                           t.get("comment", ""))
    if count == 0:
        res.record("tests", False, "at least one test", "none", "a file without tests is an error")
    if declared is None:
        res.record("numberOfTests", False, str(count), "missing", "numberOfTests is missing")
    elif declared != count:
        res.record("numberOfTests", False, str(declared), str(count), "declared test count differs")
    return res


def _expected(t: dict) -> str:
    return str(t.get("verdict", t.get("result", "?")))


# ---- cms

def run_cms(res: FileResult, t: dict, trust) -> None:
    expected = t.get("verdict", t.get("result"))
    try:
        sig = _b64(t["signature"])
    except (binascii.Error, ValueError):
        got = cms.CMSResult(cms.MALFORMED, "signature is not base64")
    else:
        detached = bytes.fromhex(t["detachedContent"]) if t.get("detachedContent") is not None else None
        got = cms.verify(sig, trust, detached)
    res.record(t["tcId"], got.verdict == expected, str(expected), str(got), t.get("comment", ""))


# ---- samples

STORED_FORMS = {"json": "json", "healthExport": "xml"}   # -> the rules of compare.py

def run_samples(res: FileResult, t: dict, trust) -> None:
    expected = t.get("verdict", t.get("result"))
    exp_fields = sorted(t.get("fields") or [])
    if "storedXML" in t:
        st = stored.from_xml(t["storedXML"])
    else:
        st = stored.from_json(t["stored"])
    # README: `storedForm` says which comparison rules apply; it is read, not guessed from the input.
    form = t.get("storedForm")
    if form not in STORED_FORMS:
        res.record(t["tcId"], False, str(expected), f"storedForm {form!r} is not json or healthExport",
                   t.get("comment", ""))
        return
    st.source = STORED_FORMS[form]
    got = verify_stored(st, trust)
    ok = got.verdict == expected and sorted(got.fields) == exp_fields
    if (t.get("fields") or []) != exp_fields:   # the file promises sorted field lists
        ok, got.reason = False, (got.reason + "; " if got.reason else "") + "vector's fields are not sorted"
    exp_text = str(expected) + (f" {exp_fields}" if exp_fields else "")
    # README: a test that gives `unsignedContext` claims exactly those keys, in stored order
    if "unsignedContext" in t:
        ok = ok and got.unsigned_context == t["unsignedContext"]
        exp_text += f" unsignedContext {t['unsignedContext']}"
        got.reason = (got.reason + "; " if got.reason else "") + f"unsignedContext {got.unsigned_context}"
    res.record(t["tcId"], ok, exp_text, str(got), t.get("comment", ""))


# ---- records

def record_to_json(rec: record.Record) -> dict:
    """The decoded record in the JSON sample shape (field names of the stored JSON)."""
    out: dict = {"type": rec.type}
    if rec.value is not None:
        out["value"] = rec.value
    if rec.unit is not None:
        out["unit"] = rec.unit
    out["startDate"] = str(rec.start)
    out["endDate"] = str(rec.end)
    if rec.device is not None:
        out["device"] = dict(rec.device)
    if rec.metadata is not None:
        out["metadata"] = {k: (str(v) if not isinstance(v, (str, bool, int, Decimal)) else v)
                           for k, v in rec.metadata.items()}
    if rec.objects:
        out["objects"] = [record_to_json(o) for o in rec.objects]
    if rec.kind == "workout":
        out["activityType"] = rec.activity_type
        out["duration"] = rec.duration
        for name, (value, unit) in rec.totals.items():
            out[name] = {"value": value, "unit": unit}
        if rec.events:
            out["events"] = []
            for ev in rec.events:
                item = {"type": ev["type"], "date": str(ev["date"])}
                if ev["duration"] is not None:
                    item["duration"] = ev["duration"]
                if ev["metadata"]:
                    item["metadata"] = dict(ev["metadata"])
                out["events"].append(item)
    return out


def run_records(res: FileResult, t: dict, trust) -> None:
    expected = t.get("result")
    # Every member is part of the claim (README): none may be left out and pass.
    missing = [k for k in ("sample", "recordDer", "signature", "decoded", "result") if k not in t]
    if missing:
        res.record(t["tcId"], False, str(expected), f"test lacks {missing}", t.get("comment", ""))
        return
    problems: list[str] = []
    record_der = bytes.fromhex(t["recordDer"])
    try:
        rec = record.decode(record_der)
    except record.RecordError as e:
        rec = None
        problems.append(f"recordDer does not decode: {e}")
    if rec is not None:
        mine = record_to_json(rec)
        if not _json_equal(mine, t["decoded"]):
            problems.append(f"decoded differs: mine {json.dumps(mine, default=str, sort_keys=True)}")
    try:
        # README: a `Version1Signer` test holds the record a format-version-1 signer built
        built = recordbuild.build(t["sample"], version1="Version1Signer" in (t.get("flags") or []))
        if built != record_der:
            problems.append(f"record built from sample differs: {built.hex()}")
    except recordbuild.BuildError as e:
        problems.append(f"cannot build record from sample: {e}")
    try:
        signature_der = _b64(t["signature"])
    except (binascii.Error, ValueError):
        problems.append("signature is not base64")
    else:
        v = cms.verify(signature_der, trust)
        if v.verdict != cms.VALID:
            problems.append(f"signature: {v}")
        elif v.content != record_der:
            problems.append("signature carries a different eContent than recordDer")
    got = "valid" if not problems else "invalid: " + "; ".join(problems)
    res.record(t["tcId"], expected == ("valid" if not problems else "invalid"), str(expected), got, t.get("comment", ""))


def _json_equal(a, b) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, (Decimal, int)) and not isinstance(a, bool) and isinstance(b, (Decimal, int)) and not isinstance(b, bool):
        return Decimal(a) == Decimal(b)
    # a number is never equal to text: `decoded` gives numbers as JSON numbers (README)
    return a == b and type(a) is type(b)


RUNNERS = {"cms": run_cms, "samples": run_samples, "records": run_records}


# ---- der / keys

def run_der(res: FileResult, t: dict, trust) -> None:
    from . import derfamily
    expected = t.get("result")
    try:
        value = derfamily.decode_text(t["type"], bytes.fromhex(t["der"]))
    except DERError as e:
        code = derfamily.suite_code(e)
        got = f"invalid ({code}: {e})"
        ok = expected == "invalid" and code == t.get("error")
    else:
        got = f"valid ({value!r})"
        ok = expected == "valid" and value == t.get("value")
    exp = f"valid ({t.get('value')!r})" if expected == "valid" else f"invalid ({t.get('error')})"
    res.record(t["tcId"], ok, exp, got, t.get("comment", ""))


def run_keys(res: FileResult, t: dict, trust) -> None:
    from . import keysfamily
    expected = t.get("result")
    try:
        key = keysfamily.load(t)
    except keysfamily.KeyError_ as e:
        got = f"invalid ({e})"
        ok = expected == "invalid" and e.code == t.get("error")
    else:
        kid = keysfamily.key_id(key)
        got = f"valid (keyId {kid})"
        ok = expected == "valid" and t.get("keyId") == kid
    exp = f"valid (keyId {t.get('keyId')})" if expected == "valid" else f"invalid ({t.get('error')})"
    res.record(t["tcId"], ok, exp, got, t.get("comment", ""))


from .der import DERError  # noqa: E402



# ---- batch

def run_batch(res: FileResult, t: dict, trust) -> None:
    from . import batchfamily
    exp = [(v.get("verdict"), sorted(v.get("fields") or [])) for v in t["verdicts"]]
    if t.get("storedForm") != "json":
        res.record(t["tcId"], False, "storedForm json", f"storedForm {t.get('storedForm')!r}", t.get("comment", ""))
        return
    if len(t["samples"]) != len(exp):
        res.record(t["tcId"], False, f"{len(exp)} verdicts", f"{len(t['samples'])} samples", t.get("comment", ""))
        return
    verdicts, statuses = batchfamily.verify_input(t["samples"], trust)
    got = [(v.verdict, sorted(v.fields)) for v in verdicts]
    # the file promises sorted field lists and batches sorted by id
    sorted_ok = all((v.get("fields") or []) == f for v, (_, f) in zip(t["verdicts"], exp))
    ok = got == exp and _json_equal(statuses, t["batches"]) and sorted_ok
    res.record(t["tcId"], ok, f"{exp} {t['batches']}", f"{[str(v) for v in verdicts]} {statuses}", t.get("comment", ""))


# ---- revocation

def run_revocation(res: FileResult, t: dict, trust) -> None:
    from . import revocationfamily
    ok, expected, got = revocationfamily.check(t)
    res.record(t["tcId"], ok, expected, got, t.get("comment", ""))


# ---- timestamps

def run_timestamps(res: FileResult, t: dict, trust) -> None:
    from . import timestampfamily
    ok, expected, got = timestampfamily.check(t)
    res.record(t["tcId"], ok, expected, got, t.get("comment", ""))


RUNNERS.update({"der": run_der, "keys": run_keys, "batch": run_batch, "revocation": run_revocation,
                "timestamps": run_timestamps})
