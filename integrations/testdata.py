"""Signed inputs for the integration tests, made with the healthsig command itself.

Every verdict appears: valid samples from two trusted signers (one trusted through its
certificate, one through a bare public key), altered values (content-mismatch), a damaged
signature (bad-signature), a signer outside the trust set (untrusted-signer), unsigned samples,
an unreadable line, a batch with a member deleted, and an export.xml whose records come from two
sources. Small on purpose: the tests compare every row.
"""
import base64
import json
import os
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def healthsig_binary():
    """The command under test: $HEALTHSIG_BIN, else the debug build."""
    path = Path(os.environ.get("HEALTHSIG_BIN", ROOT / ".build" / "debug" / "healthsig"))
    if not path.is_file():
        raise SystemExit(f"healthsig not found at {path} (swift build, or set HEALTHSIG_BIN)")
    return path


def run(args, **kwargs):
    result = subprocess.run([str(a) for a in args], capture_output=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))}: exit {result.returncode}\n{result.stderr.decode(errors='replace')}")
    return result


HR_DEVICE = {"name": "Acme HR Strap", "manufacturer": "Acme Medical Devices Inc.", "model": "HR-10"}
SCALE_DEVICE = {"name": "Beta Scale", "manufacturer": "Beta Instruments", "model": "S-1"}
HR_DEVICE_XML = ("&lt;&lt;HKDevice: 0x600003a1c2d0&gt;, name:Acme HR Strap, "
                 "manufacturer:Acme Medical Devices Inc., model:HR-10&gt;")


def base_time():
    """Midnight UTC tomorrow: readings must come after the test certificates, which keygen makes
    valid from now on (a certificate does not vouch for readings taken before it)."""
    now = datetime.now(timezone.utc)
    return datetime(now.year, now.month, now.day, tzinfo=timezone.utc) + timedelta(days=1)


def rfc3339(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def heart_rates(count, first_minute=0, day=0):
    """Heart rates one minute apart from 08:00Z on `day` days after base_time(), values 60, 61, …"""
    start = base_time() + timedelta(days=day, hours=8)
    return [{"type": "HKQuantityTypeIdentifierHeartRate", "value": 60 + i % 40, "unit": "count/min",
             "startDate": rfc3339(start + timedelta(minutes=first_minute + i)),
             "endDate": rfc3339(start + timedelta(minutes=first_minute + i)),
             "device": HR_DEVICE} for i in range(count)]


def weights(count):
    start = base_time() + timedelta(hours=7)
    return [{"type": "HKQuantityTypeIdentifierBodyMass", "value": round(70 + i / 10, 1), "unit": "kg",
             "startDate": rfc3339(start + timedelta(days=i)), "endDate": rfc3339(start + timedelta(days=i)),
             "device": SCALE_DEVICE} for i in range(count)]


def write_lines(path, objects):
    path.write_text("".join(json.dumps(o, separators=(",", ":")) + "\n" for o in objects))


def sign(healthsig, key, readings, out, extra=()):
    run([healthsig, "sign", "--key", key, "--in", readings, "--out", out, "--force", "--quiet", *extra])
    return out.read_text().splitlines()


def signature_of(line):
    return json.loads(line)["metadata"]["HKDigitalSignature"]


def with_signature(line, signature):
    obj = json.loads(line)
    obj["metadata"]["HKDigitalSignature"] = signature
    return json.dumps(obj, separators=(",", ":"))


def make_dataset(directory, healthsig=None):
    """Writes keys, a trust directory and the inputs under `directory`; returns
    (trust_dir, [input paths])."""
    healthsig = healthsig or healthsig_binary()
    d = Path(directory)
    keys = d / "keys"
    run([healthsig, "keygen", "--out", keys, "--name", "strap", "--subject", "CN=Acme HR Strap,O=Acme Medical Devices"])
    run([healthsig, "keygen", "--out", keys, "--name", "scale", "--subject", "CN=Beta Scale,O=Beta Instruments"])
    run([healthsig, "keygen", "--out", keys, "--name", "stranger"])
    trust = d / "trust"
    trust.mkdir()
    (trust / "strap.cert.pem").write_bytes((keys / "strap.cert.pem").read_bytes())
    (trust / "scale.pub.pem").write_bytes((keys / "scale.pub.pem").read_bytes())
    inputs = d / "inputs"
    inputs.mkdir()
    work = d / "work"
    work.mkdir()

    # strap.jsonl: 24 valid heart rates, two altered, one damaged, three unsigned, one unreadable line.
    write_lines(work / "hr.jsonl", heart_rates(30))
    signed = sign(healthsig, keys / "strap.key.pem", work / "hr.jsonl", work / "hr-signed.jsonl")
    lines = list(signed[:27])
    lines[3] = lines[3].replace('"value":63', '"value":93')
    lines[10] = lines[10].replace('"value":70', '"value":71')
    damaged = bytearray(base64.b64decode(signature_of(lines[5])))
    damaged[-3] ^= 1
    lines[5] = with_signature(lines[5], base64.b64encode(bytes(damaged)).decode())
    unsigned = [json.dumps(o, separators=(",", ":")) for o in heart_rates(3, first_minute=27)]
    lines[12:12] = unsigned
    lines.insert(20, '{"type": oops')
    (inputs / "strap.jsonl").write_text("\n".join(lines) + "\n")

    # scale.jsonl: a scale's weights, one altered, one with a signature that is not base64, and five heart rates signed by a stranger.
    write_lines(work / "w.jsonl", weights(12))
    scale = sign(healthsig, keys / "scale.key.pem", work / "w.jsonl", work / "w-signed.jsonl")
    scale[4] = scale[4].replace('"value":70.4', '"value":74.0')
    scale[7] = with_signature(scale[7], "!!! not base64 !!!")
    write_lines(work / "hr2.jsonl", heart_rates(5, day=1))
    stranger = sign(healthsig, keys / "stranger.key.pem", work / "hr2.jsonl", work / "hr2-signed.jsonl")
    (inputs / "scale.jsonl").write_text("\n".join(scale + stranger) + "\n")

    # batch.jsonl: batch-signed in batches of 4, one member deleted.
    write_lines(work / "b.jsonl", heart_rates(10, day=2))
    batch = sign(healthsig, keys / "strap.key.pem", work / "b.jsonl", work / "b-signed.jsonl", ["--batch", "4"])
    del batch[1]
    (inputs / "batch.jsonl").write_text("\n".join(batch) + "\n")

    # export.xml: heart rates signed by the strap (sourceName "Acme Health"), unsigned watch
    # readings (sourceName "Simon’s Apple Watch"), one altered.
    write_lines(work / "x.jsonl", heart_rates(6, day=3))
    xml_signed = sign(healthsig, keys / "strap.key.pem", work / "x.jsonl", work / "x-signed.jsonl")
    records = []
    for i, line in enumerate(xml_signed):
        obj = json.loads(line)
        when = datetime.fromisoformat(obj["startDate"].replace("Z", "+00:00")).astimezone(timezone(timedelta(hours=1)))
        local = when.strftime("%Y-%m-%d %H:%M:%S +0100")
        watch = (base_time() - timedelta(days=5) + timedelta(hours=9, minutes=i)).strftime("%Y-%m-%d %H:%M:00 +0100")
        value = obj["value"] + (5 if i == 2 else 0)
        records.append(
            f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Acme Health" sourceVersion="1.0" '
            f'device="{HR_DEVICE_XML}" unit="count/min" creationDate="{local}" startDate="{local}" endDate="{local}" '
            f'value="{value}">\n  <MetadataEntry key="HKDigitalSignature" value="{signature_of(line)}"/>\n </Record>\n')
        records.append(
            f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon’s Apple Watch" sourceVersion="10.1" '
            f'unit="count/min" creationDate="{watch}" startDate="{watch}" endDate="{watch}" value="{80 + i}"/>\n')
    (inputs / "export.xml").write_text('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
                                       f' <ExportDate value="{local}"/>\n' + "".join(records)
                                       + "</HealthData>\n")
    return trust, sorted(inputs.iterdir())


def verify_ndjson(healthsig, trust, path, origin=None, jobs=None):
    """A single-process `verify --fail-on never --format ndjson` of one file: its lines, parsed."""
    args = [healthsig, "verify", "--trust", trust, "--in", path, "--format", "ndjson", "--fail-on", "never", "--quiet"]
    if origin is not None:
        args += ["--origin", origin]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    return run(args).stdout
