"""A minimal check runner for the integration tests: each check prints `PASS name` or
`FAIL name` and the reason; scripts/test-integrations counts the lines."""
import sys
import traceback

_failed = []


def check(name):
    def run(function):
        try:
            function()
        except Exception:  # a failed check is reported and the others still run
            _failed.append(name)
            print(f"FAIL {name}", flush=True)
            traceback.print_exc(file=sys.stdout)
            sys.stdout.flush()
        else:
            print(f"PASS {name}", flush=True)
        return function
    return run


def expect_equal(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}:\n  expected {expected!r}\n  actual   {actual!r}")


def finish():
    sys.exit(1 if _failed else 0)
