#!/usr/bin/env python3
"""A test fixture, not product code: an RFC 3161 responder on loopback that pipes each POSTed
TimeStampReq to `openssl ts -reply -config CONFIG` and answers its TimeStampResp.

Usage: tsa_responder.py CONFIG; the port it listens on is written to $TSA_PORT_FILE."""
import http.server
import os
import signal
import subprocess
import sys
import tempfile

CONFIG = sys.argv[1]
# A child of the test runner may inherit a mask that blocks SIGTERM; the test stops us with it.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        if self.headers.get("Content-Type") != "application/timestamp-query" or not 0 < length <= 65536:
            self.send_error(400, "expected an application/timestamp-query body")
            return
        query = self.rfile.read(length)
        with tempfile.TemporaryDirectory() as work:
            request = os.path.join(work, "req.tsq")
            reply = os.path.join(work, "resp.tsr")
            with open(request, "wb") as f:
                f.write(query)
            done = subprocess.run(["openssl", "ts", "-reply", "-config", CONFIG, "-queryfile", request, "-out", reply],
                                  capture_output=True)
            if done.returncode != 0:
                self.send_error(500, done.stderr.decode(errors="replace")[:200])
                return
            with open(reply, "rb") as f:
                body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/timestamp-reply")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(os.environ["TSA_PORT_FILE"] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.environ["TSA_PORT_FILE"] + ".tmp", os.environ["TSA_PORT_FILE"])
server.serve_forever()
