"""The PostgreSQL loader and every query of docs/DATA-TEAMS.md, on a real server started on
loopback in a temporary directory: the answers are compared with ones computed independently from
the ndjson lines."""
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import timedelta
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from checks import check, expect_equal, finish  # noqa: E402
from pgserver import PostgresServer  # noqa: E402
import testdata  # noqa: E402

ROOT = testdata.ROOT
LOAD = ROOT / "integrations" / "postgres" / "load"


def documented_queries():
    text = (ROOT / "docs" / "DATA-TEAMS.md").read_text()
    return dict(re.findall(r"<!-- query: ([a-z-]+) -->\n```sql\n(.*?)```", text, re.S))


def load(url, data, *extra):
    return subprocess.run([str(LOAD), url, *extra], input=data, capture_output=True)


def null_text(value):
    return None if value is None else str(value)


def expected_answers(entries, summaries, revoked_key, revoked_at):
    samples = [e for e in entries if e["verdict"] != "unreadable"]
    signer = lambda e: e.get("signer") or {}
    device = lambda e: e.get("device") or {}
    answers = {}
    per_device = Counter((device(e).get("name"), device(e).get("model"), signer(e).get("subject"),
                          signer(e).get("keyId"), e["verdict"]) for e in samples)
    answers["verdicts-per-device-and-signer"] = sorted(
        [list(k) + [str(n)] for k, n in per_device.items()], key=sort_key)
    altered = []
    for e in samples:
        if e["verdict"] == "content-mismatch":
            for m in e["mismatches"]:
                altered.append([e["origin"], str(e["position"]), null_text(e.get("line")), e["type"], e["startDate"],
                                m["field"], m["signed"], m["stored"]])
    answers["altered-readings"] = sorted(altered, key=sort_key)
    by_source = {}
    for e in samples:
        total, unsigned = by_source.get(e.get("source"), (0, 0))
        by_source[e.get("source")] = (total + 1, unsigned + (e["verdict"] == "unsigned"))
    answers["unsigned-share-per-source"] = sorted(
        [[s, str(t), str(u), str((Decimal(100 * u) / Decimal(t)).quantize(Decimal("0.1"), ROUND_HALF_UP))]
         for s, (t, u) in by_source.items()], key=sort_key)
    answers["counts-per-origin"] = sorted(
        [[s["origin"]] + [str(s["counts"][k]) for k in ("valid", "unsigned", "malformed", "bad-signature",
                                                         "untrusted-signer", "content-mismatch")]
         + [str(s.get("unreadable", 0))] for s in summaries], key=sort_key)
    incomplete = []
    for s in summaries:
        for b in s.get("batches", []):
            if b["signature"] != "valid" or b.get("absent", 0) != 0:
                incomplete.append([s["origin"], b["id"], b["signature"], str(b["present"]), null_text(b.get("absent")),
                                   null_text(b.get("count"))])
    answers["incomplete-batches"] = sorted(incomplete, key=sort_key)
    from datetime import datetime
    after = []
    for e in samples:
        if e["verdict"] == "valid" and signer(e).get("keyId") == revoked_key:
            end = datetime.fromisoformat(e["endDate"].replace("Z", "+00:00"))
            if end >= revoked_at:
                after.append([e["origin"], str(e["position"]), e["type"], e["endDate"], signer(e).get("subject"),
                              revoked_key, revoked_at.strftime("%Y-%m-%d %H:%M:%S+00")])
    answers["readings-signed-after-revocation"] = sorted(after, key=sort_key)
    return answers


def sort_key(row):
    return [(v is not None, int(v) if isinstance(v, str) and v.isdigit() else 0, v or "") for v in row]


def main():
    healthsig = testdata.healthsig_binary()
    with tempfile.TemporaryDirectory(prefix="healthsig-pg-data-") as tmp:
        trust, inputs = testdata.make_dataset(tmp, healthsig)
        outputs = [testdata.verify_ndjson(healthsig, trust, path, origin=path.name) for path in inputs]
        ndjson = b"".join(outputs)
        parsed = [json.loads(line) for line in ndjson.splitlines()]
        summaries = [dict(p["summary"]) for p in parsed if "summary" in p]
        entries = [p for p in parsed if "summary" not in p]
        queries = documented_queries()

        with PostgresServer() as pg:
            @check("the loader creates the schema and loads one verdicts row per sample")
            def loads():
                result = load(pg.url, ndjson)
                expect_equal(result.returncode, 0, f"load exit ({result.stderr.decode()})")
                samples = [e for e in entries if e["verdict"] != "unreadable"]
                expect_equal(pg.psql_csv("SELECT count(*) FROM verdicts"), [[str(len(samples))]], "verdicts rows")
                expect_equal(result.stderr.decode(), f"load: {len(samples)} verdicts from {len(inputs)} origin(s)\n",
                             "load's closing note")
                rows = pg.psql_csv("SELECT o.origin, v.position, v.verdict, v.reason_code, v.value FROM verdicts v "
                                   "JOIN origins o USING (origin_id) ORDER BY 1, 2")
                expect_equal(rows, sorted([[e["origin"], str(e["position"]), e["verdict"], e["reasonCode"], e["value"]]
                                           for e in samples], key=lambda r: (r[0], int(r[1]))), "verdict rows")
                unreadable = pg.psql_csv("SELECT o.origin, u.line, u.reason FROM unreadable u JOIN origins o USING (origin_id)")
                expect_equal(unreadable, [[e["origin"], null_text(e.get("line")), e["reason"]]
                                          for e in entries if e["verdict"] == "unreadable"], "unreadable rows")

            pg.psql_csv("SELECT 1")  # the server answers
            revoked_key = next(e["signer"]["keyId"] for e in entries if e.get("signer", {}).get("subject", "").startswith("CN=Acme HR Strap"))
            revoked_at = testdata.base_time() + timedelta(hours=8, minutes=20)
            pg.psql_csv(f"INSERT INTO revoked_signers VALUES ('{revoked_key}', '{testdata.rfc3339(revoked_at)}', 'test') RETURNING 1")
            expected = expected_answers(entries, summaries, revoked_key, revoked_at)

            @check("docs/DATA-TEAMS.md documents exactly the queries this test checks")
            def every_query_checked():
                expect_equal(sorted(queries), sorted(expected), "documented queries")

            for name, sql in sorted(queries.items()):
                @check(f"documented query {name} answers as computed from the ndjson")
                def answers(name=name, sql=sql):
                    actual = pg.psql_csv(sql)
                    expect_equal(sorted(actual, key=sort_key), expected.get(name), name)
                    if not expected.get(name):
                        raise AssertionError(f"{name}: the test data gives it nothing to find")

            @check("loading the same output again replaces its origins instead of adding rows")
            def reload_replaces():
                before = pg.psql_csv("SELECT (SELECT count(*) FROM verdicts), (SELECT count(*) FROM mismatches), "
                                     "(SELECT count(*) FROM origins), (SELECT count(*) FROM batches)")
                result = load(pg.url, ndjson)
                expect_equal(result.returncode, 0, f"second load ({result.stderr.decode()})")
                after = pg.psql_csv("SELECT (SELECT count(*) FROM verdicts), (SELECT count(*) FROM mismatches), "
                                    "(SELECT count(*) FROM origins), (SELECT count(*) FROM batches)")
                expect_equal(after, before, "row counts after loading twice")

            @check("lines without an origin are refused, or loaded under load --origin")
            def origin_needed():
                plain = testdata.verify_ndjson(healthsig, trust, inputs[0])
                refused = load(pg.url, plain)
                expect_equal(refused.returncode, 3, "exit of a refused load")
                if 'lines without "origin"' not in refused.stderr.decode():
                    raise AssertionError(refused.stderr.decode())
                accepted = load(pg.url, plain, "--origin", "named-by-loader")
                expect_equal(accepted.returncode, 0, f"load --origin ({accepted.stderr.decode()})")
                samples = [p for p in map(json.loads, plain.splitlines()) if "summary" not in p and p["verdict"] != "unreadable"]
                expect_equal(pg.psql_csv("SELECT count(*) FROM verdicts JOIN origins USING (origin_id) "
                                         "WHERE origin = 'named-by-loader'"),
                             [[str(len(samples))]], "rows under the loader's origin")

            @check("output cut before its summary line is refused and loads nothing")
            def truncated_refused():
                cut = testdata.verify_ndjson(healthsig, trust, inputs[1], origin="cut-short").splitlines(keepends=True)[:-1]
                result = load(pg.url, b"".join(cut))
                expect_equal(result.returncode, 3, "exit of a refused load")
                if 'origin "cut-short" does not have exactly one summary line' not in result.stderr.decode():
                    raise AssertionError(result.stderr.decode())
                expect_equal(pg.psql_csv("SELECT count(*) FROM origins WHERE origin = 'cut-short'"), [["0"]], "origins")

            @check("input that is not verify's ndjson is refused and loads nothing")
            def foreign_input_refused():
                before = pg.psql_csv("SELECT count(*) FROM verdicts")
                refused = ((b'[1, 2]\n', "cannot call populate_composite on an array"),
                           (b'{"origin":"x","colour":"blue"}\n', "neither an entry nor a summary"),
                           (b'not json\n', "invalid input syntax for type json"))
                for data, message in refused:
                    result = load(pg.url, data)
                    expect_equal(result.returncode, 3, f"exit for {data!r}")
                    if message not in result.stderr.decode():
                        raise AssertionError(f"{data!r}: {result.stderr.decode()}")
                expect_equal(pg.psql_csv("SELECT count(*) FROM verdicts"), before, "verdicts rows")

            @check("an origin holding quotes, a backslash, a tab and non-ASCII text arrives intact")
            def odd_origin():
                origin = 'Pat "O\'Brien"\\exports\t2026 – ü'
                data = testdata.verify_ndjson(healthsig, trust, inputs[2], origin=origin)
                result = load(pg.url, data)
                expect_equal(result.returncode, 0, f"load ({result.stderr.decode()})")
                rows = pg.psql_csv("SELECT origin FROM origins WHERE origin LIKE 'Pat %'")
                expect_equal(rows, [[origin]], "origin as stored")
    finish()


if __name__ == "__main__":
    main()
