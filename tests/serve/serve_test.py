#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`zkforge serve` over real HTTP on 127.0.0.1 and an ephemeral port: the load test and each fault of
docs/serve.md, one case per run, each bounded in time (every wait has a limit; the server is killed
if it outlives the case).

usage: serve_test.py ZKFORGE DATA_DIR WORK_DIR CASE
  ZKFORGE   the zkforge program (a build tree's, or bin/zkforge of an install prefix)
  DATA_DIR  a folder with chain.zkey, witness.wtns and verification_key.json (a 2^10 BN254 key)
  CASE      load | client | bad_input | disconnect | deadline | prover_error | sigterm | token | busy |
            priority | batch_window | batch_busy | one_answer | unread_bodies | idle_connections
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

ZKFORGE, DATA, WORK, CASE = sys.argv[1:5]
KEY = os.path.join(DATA, "chain.zkey")
WTNS = os.path.join(DATA, "witness.wtns")
VK = os.path.join(DATA, "verification_key.json")
# BN254's scalar field modulus r.
R = 21888242871839275222246405745257275088548364400416034343698204186575808495617


def fail(message):
    raise AssertionError(message)


def expect(condition, message):
    if not condition:
        fail(message)


def wait_for(what, predicate, timeout=30.0, interval=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    fail(f"timed out after {timeout} s waiting for {what}")


def witness_values():
    """The witness file's values (section 2, 32-byte little-endian), as Python ints."""
    data = open(WTNS, "rb").read()
    at, values = 12, None
    n_sections = int.from_bytes(data[8:12], "little")
    for _ in range(n_sections):
        sid, size = int.from_bytes(data[at:at + 4], "little"), int.from_bytes(data[at + 4:at + 12], "little")
        if sid == 2:
            body = data[at + 12:at + 12 + size]
            values = [int.from_bytes(body[i:i + 32], "little") for i in range(0, size, 32)]
        at += 12 + size
    return values


class Server:
    """zkforge serve on 127.0.0.1:0, the port read from --port-file; killed if the case leaves it running."""

    def __init__(self, *extra, env=None):
        os.makedirs(WORK, exist_ok=True)
        self.port_file = os.path.join(WORK, "port")
        if os.path.exists(self.port_file):
            os.remove(self.port_file)
        self.log_path = os.path.join(WORK, "server.log")
        self.log = open(self.log_path, "w")
        environment = dict(os.environ, ZKFORGE_SERVE_FAULTS="1", **(env or {}))
        self.proc = subprocess.Popen([ZKFORGE, "serve", "--key", f"chain={KEY}", "--listen", "127.0.0.1:0",
                                      "--port-file", self.port_file, *extra],
                                     stdout=self.log, stderr=subprocess.STDOUT, env=environment)
        self.port = int(wait_for("the server's port file", self._port, timeout=120))
        self.url = f"http://127.0.0.1:{self.port}"

    def _port(self):
        if self.proc.poll() is not None:
            fail(f"the server exited with {self.proc.returncode}:\n{open(self.log_path).read()}")
        try:
            return open(self.port_file).read().strip()
        except FileNotFoundError:
            return None

    def request(self, method, path, body=None, headers=None, timeout=60):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, dict(r.getheaders()), r.read()
        finally:
            c.close()

    def prove(self, body=None, headers=None, key="chain", timeout=60):
        status, h, text = self.request("POST", f"/v1/prove/{key}", open(WTNS, "rb").read() if body is None else body,
                                       headers, timeout)
        return status, h, json.loads(text) if text else None

    def metrics(self, headers=None):
        status, _, text = self.request("GET", "/metrics", headers=headers)
        expect(status == 200, f"/metrics answered {status}")
        values = {}
        for line in text.decode().splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                values[name] = float(value)
        return values

    def metric(self, name):
        return self.metrics().get(name, 0.0)

    def descriptors(self):
        """Open descriptors of the server process."""
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def peak_resident_mib(self):
        """The server's peak resident memory so far (VmHWM)."""
        return int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{self.proc.pid}/status").read()).group(1)) / 1024

    def stop(self, timeout=60):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            fail(f"the server did not exit within {timeout} s of SIGTERM")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        if exc[0] is not None:
            sys.stderr.write(f"--- server log:\n{open(self.log_path).read()}")


def in_thread(f, *args, **kwargs):
    """Runs f in a thread; the returned function joins it and gives f's result (or raises its error)."""
    out = {}

    def run():
        try:
            out["value"] = f(*args, **kwargs)
        except BaseException as e:  # handed to the joining thread
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()

    def join(timeout=120):
        t.join(timeout)
        expect(not t.is_alive(), f"a request did not finish within {timeout} s")
        if "error" in out:
            raise out["error"]
        return out["value"]

    return join


def raw_request(port, head, body):
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(head.encode() + body)
    return s


def read_to_end(sock, timeout=3.0):
    """Everything the server sends until it ends the connection; fails if it has not ended it by then."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except socket.timeout:
        fail(f"the connection was not ended within {timeout} s of the request; it sent {data[:300]}")
    finally:
        sock.close()
    return data


def check_ok(answer, what):
    status, _, j = answer
    expect(status == 200, f"{what}: expected 200, got {status}: {j}")
    return j


def verify(j):
    """The answer's proof through `zkforge verify` with the key's verification_key.json."""
    proof, public = os.path.join(WORK, "answer_proof.json"), os.path.join(WORK, "answer_public.json")
    json.dump(j["proof"], open(proof, "w"))
    json.dump(j["public"], open(public, "w"))
    r = subprocess.run([ZKFORGE, "verify", VK, public, proof], capture_output=True, text=True, timeout=60)
    expect(r.returncode == 0, f"zkforge verify rejected the served proof: {r.stdout}{r.stderr}")


# ---- the cases


def case_load():
    with Server("--queue", "16") as s:
        r = subprocess.run([ZKFORGE, "client", "load", "--server", s.url, "chain", WTNS, "--clients", "8",
                            "--requests", "50", "--verification-key", VK, "--verify-every", "1", "--rss-flat", "5",
                            "--timeout-s", "600"],
                           capture_output=True, text=True, timeout=700)
        print(r.stdout + r.stderr)
        expect(r.returncode == 0, "the load test failed")
        expect(s.metric('zkforge_requests_total{outcome="ok"}') == 400, "the server did not count 400 proofs")
        expect(s.stop() == 0, "the server did not exit 0 on SIGTERM")


def case_client():
    with Server() as s:
        proof, public = os.path.join(WORK, "proof.json"), os.path.join(WORK, "public.json")
        for f in (proof, public):
            if os.path.exists(f):
                os.remove(f)
        r = subprocess.run([ZKFORGE, "client", "prove", "--server", s.url, "chain", WTNS, proof, public],
                           capture_output=True, text=True, timeout=120)
        expect(r.returncode == 0, f"client prove failed: {r.stderr}")
        r = subprocess.run([ZKFORGE, "verify", VK, public, proof], capture_output=True, text=True, timeout=60)
        expect(r.returncode == 0, f"zkforge verify rejected client prove's files: {r.stdout}{r.stderr}")
        # The same files as `zkforge prove` writes: public.json byte for byte, proof.json in layout.
        local_proof, local_public = os.path.join(WORK, "local_proof.json"), os.path.join(WORK, "local_public.json")
        r = subprocess.run([ZKFORGE, "prove", "--quiet", KEY, WTNS, local_proof, local_public], timeout=120)
        expect(r.returncode == 0, "zkforge prove failed")
        expect(open(public).read() == open(local_public).read(), "public.json differs from zkforge prove's")
        strip = lambda text: re.sub(r'"\d+"', '"N"', text)
        expect(strip(open(proof).read()) == strip(open(local_proof).read()), "proof.json's layout differs from prove's")
        # A JSON array of decimal strings proves the same public inputs.
        values = json.dumps([str(v) for v in witness_values()])
        j = check_ok(s.prove(values.encode(), {"Content-Type": "application/json"}), "a JSON witness")
        expect(j["public"] == json.load(open(public)), "the JSON witness's public inputs differ")
        verify(j)
        expect(set(j["timings"]) >= {"queue_ms", "parse_ms", "prove_ms", "verify_ms", "total_ms"}, "timings missing")
        status, _, text = s.request("GET", "/v1/keys")
        keys = json.loads(text)["keys"]
        expect(status == 200 and keys[0]["name"] == "chain" and keys[0]["curve"] == "bn128" and keys[0]["log_domain"] == 10,
               f"/v1/keys: {text}")
        # A server answer that is an error exits 3 and leaves no outputs.
        os.remove(proof)
        r = subprocess.run([ZKFORGE, "client", "prove", "--server", s.url, "nokey", WTNS, proof, public],
                           capture_output=True, text=True, timeout=60)
        expect(r.returncode == 3 and "404" in r.stderr and not os.path.exists(proof), f"client prove of no key: {r.stderr}")
        expect(s.stop() == 0, "the server did not exit 0")


def case_bad_input():
    with Server() as s:
        wtns = open(WTNS, "rb").read()
        values = witness_values()
        bls = os.path.join(DATA, "..", "bls12381", "witness.wtns")
        cases = [
            ("garbage", b"this is not a witness", {}, 400, "magic"),
            ("a truncated .wtns", wtns[:len(wtns) // 2], {}, 400, "section"),
            ("a BLS12-381 witness", open(bls, "rb").read(), {}, 400, "prime"),
            ("a value not below r", json.dumps([str(v) for v in values[:-1]] + [str(R)]).encode(), {}, 400, "not below r"),
            ("too few JSON values", json.dumps([str(v) for v in values[:-1]]).encode(), {}, 400, "wires"),
            ("a JSON syntax error", b"[\"1\", ", {}, 400, "request body"),
            ("wire 0 not 1", json.dumps(["2"] + [str(v) for v in values[1:]]).encode(), {}, 400, "constant wire"),
            ("an empty body", b"", {}, 400, "empty"),
            ("a bad priority", wtns, {"X-Priority": "urgent"}, 400, "priority"),
            ("a bad deadline", wtns, {"X-Deadline-Ms": "soon"}, 400, "X-Deadline-Ms"),
            ("a deadline of 20 digits", wtns, {"X-Deadline-Ms": "9" * 20}, 400, "X-Deadline-Ms"),
            ("a fault's hold past a day", wtns, {"X-Zkforge-Fault": "hold=86400001"}, 400, "X-Zkforge-Fault"),
            ("a fault's hold of 20 digits", wtns, {"X-Zkforge-Fault": "hold=" + "9" * 20}, 400, "X-Zkforge-Fault"),
        ]
        good = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=500"})  # in flight meanwhile: not disturbed
        for what, body, headers, want, words in cases:
            status, _, j = s.prove(body, headers)
            expect(status == want and words in j["error"], f"{what}: expected {want} naming '{words}', got {status}: {j}")
        status, _, j = s.prove(key="nokey")
        expect(status == 404 and "nokey" in j["error"], f"unknown key: {status} {j}")
        # A body past the key's bound, by its Content-Length (of any size) or as it comes, is refused (413);
        # a Content-Length that is not a number is malformed (400); both before the body is read.
        chunked = b"100000\r\n" + b"1" * 0x100000 + b"\r\n0\r\n\r\n"
        for length, body, want in (("900000000", b"", "413"), ("99999999999999999999", b"", "413"),
                                   ("12abc", b"", "400"), (None, chunked, "413")):
            framing = f"Content-Length: {length}" if length else "Transfer-Encoding: chunked"
            t0 = time.monotonic()
            sock = raw_request(s.port, f"POST /v1/prove/chain HTTP/1.1\r\nHost: x\r\n{framing}\r\n\r\n", body)
            answer = read_to_end(sock, timeout=2.0).decode(errors="replace")
            expect(answer.startswith(f"HTTP/1.1 {want}") and time.monotonic() - t0 < 1.0,
                   f"{framing}: expected {want} within 1 s, got after {time.monotonic() - t0:.1f} s: {answer}")
        verify(check_ok(good(), "the request in flight beside the bad ones"))
        verify(check_ok(s.prove(), "a good request after the bad ones"))
        expect(s.metric('zkforge_requests_total{outcome="bad_request"}') == len(cases) + 4, "bad requests miscounted")
        expect(s.stop() == 0, "the server did not exit 0")


def case_disconnect():
    with Server() as s:
        check_ok(s.prove(), "a first proof")
        wtns = open(WTNS, "rb").read()
        head = f"POST /v1/prove/chain HTTP/1.1\r\nHost: x\r\nContent-Length: {len(wtns)}\r\n\r\n"
        time.sleep(0.2)
        fds0 = s.descriptors()
        # Mid-upload: half the body, then the connection closed.
        for _ in range(20):
            raw_request(s.port, head, wtns[:len(wtns) // 2]).close()
        wait_for("20 uploads counted as disconnected",
                 lambda: s.metric('zkforge_requests_total{outcome="disconnected"}') == 20)
        # While queued: the device held by one request, another queued, its client gone.
        for i in range(5):
            holder = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=1500"})
            wait_for("the holder in flight", lambda: s.metric("zkforge_in_flight") == 1)
            queued = raw_request(s.port, head, wtns)
            wait_for("a queued request", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 1)
            queued.close()
            wait_for("the queued request dropped", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 0
                     and s.metric('zkforge_requests_total{outcome="disconnected"}') == 21 + i, timeout=5)
            check_ok(holder(), "the request holding the device")
        m = s.metrics()
        proofs = m['zkforge_proofs_total{device="cpu"}']
        expect(proofs == 6, f"dropped work was proved: {proofs} proofs made, 6 asked for")
        expect(m["zkforge_in_flight"] == 0, "work left in flight")
        # Nothing leaked: descriptors back where they were (the HTTP pool's threads are all started with
        # the server, so a count of threads would not tell).
        wait_for("descriptors back to where they were", lambda: s.descriptors() <= fds0, timeout=15)
        check_ok(s.prove(), "a proof after the disconnects")
        expect(s.stop() == 0, "the server did not exit 0")


def case_deadline():
    with Server() as s:
        holder = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=1500"})
        wait_for("the holder in flight", lambda: s.metric("zkforge_in_flight") == 1)
        t0 = time.monotonic()
        status, _, j = s.prove(headers={"X-Deadline-Ms": "200"})
        took = time.monotonic() - t0
        expect(status == 504 and "deadline" in j["error"], f"queued past its deadline: {status} {j}")
        expect(took < 1.0, f"the 504 came after {took:.2f} s, for a deadline of 0.2 s")
        check_ok(holder(), "the request holding the device")
        # Past the deadline while being proved.
        status, _, j = s.prove(headers={"X-Deadline-Ms": "300", "X-Zkforge-Fault": "hold=1000"})
        expect(status == 504, f"proving past its deadline: {status} {j}")
        wait_for("the worker free again", lambda: s.metric("zkforge_in_flight") == 0)
        verify(check_ok(s.prove(headers={"X-Deadline-Ms": "60000"}), "a request within its deadline"))
        expect(s.metric('zkforge_requests_total{outcome="deadline"}') == 2, "deadlines miscounted")
        expect(s.stop() == 0, "the server did not exit 0")


def case_prover_error():
    with Server() as s:
        status, _, j = s.prove(headers={"X-Zkforge-Fault": "error"})
        expect(status == 500 and "device error" in j["error"], f"an injected device error: {status} {j}")
        verify(check_ok(s.prove(), "the next request"))
        m = s.metrics()
        expect(m['zkforge_prover_failures_total{device="cpu"}'] == 1 and m['zkforge_requests_total{outcome="failed"}'] == 1,
               "the failure was not counted")
        expect(s.stop() == 0, "the server did not exit 0")


def case_sigterm():
    with Server() as s:
        answered = []
        in_flight = in_thread(lambda: (s.prove(headers={"X-Zkforge-Fault": "hold=3000"}), answered.append(1))[0])
        wait_for("a request in flight", lambda: s.metric("zkforge_in_flight") == 1)
        queued = in_thread(s.prove)
        wait_for("a request queued", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 1)
        s.proc.send_signal(signal.SIGTERM)

        def refused():
            try:
                socket.create_connection(("127.0.0.1", s.port), timeout=1).close()
                return False
            except ConnectionResetError:  # taken into the backlog as the listener closed: ask again
                return False
            except ConnectionRefusedError:
                return True

        wait_for("no new connection taken after SIGTERM", refused, timeout=2)
        expect(not answered, "the request in flight was answered before new connections were refused")
        verify(check_ok(in_flight(), "the request in flight at SIGTERM"))
        verify(check_ok(queued(), "the request queued at SIGTERM"))
        expect(s.proc.wait(timeout=30) == 0, "the server did not exit 0 after SIGTERM")
        log = open(s.log_path).read()
        expect("SIGTERM" in log, f"the server did not say it stopped on SIGTERM:\n{log}")


def case_token():
    token_file = os.path.join(WORK, "token")
    os.makedirs(WORK, exist_ok=True)
    open(token_file, "w").write("s3cret-token\n")
    with Server("--token-file", token_file) as s:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret-token"}):
            status, h, j = s.prove(headers=headers)
            expect(status == 401 and "token" in j["error"] and h.get("WWW-Authenticate") == "Bearer",
                   f"no or a wrong token ({headers}): {status} {j}")
        status, _, _ = s.request("GET", "/v1/keys")
        expect(status == 401, f"/v1/keys without the token: {status}")
        status, _, _ = s.request("GET", "/healthz")
        expect(status == 200, f"/healthz needs no token: {status}")
        verify(check_ok(s.prove(headers={"Authorization": "Bearer s3cret-token"}), "the right token"))
        r = subprocess.run([ZKFORGE, "client", "prove", "--server", s.url, "--token-file", token_file, "chain", WTNS,
                            os.path.join(WORK, "p.json"), os.path.join(WORK, "i.json")], capture_output=True, text=True,
                           timeout=120)
        expect(r.returncode == 0, f"client prove --token-file: {r.stderr}")
        expect(s.metrics({"Authorization": "Bearer s3cret-token"})['zkforge_requests_total{outcome="unauthorized"}'] == 4,
               "401s miscounted")
        expect(s.stop() == 0, "the server did not exit 0")


def case_busy():
    with Server("--queue", "1") as s:
        holder = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=3000"})
        wait_for("the holder in flight", lambda: s.metric("zkforge_in_flight") == 1)
        queued = in_thread(s.prove)
        wait_for("one request queued", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 1)
        status, h, j = s.prove()
        expect(status == 429 and int(h.get("Retry-After", "0")) >= 1, f"a full queue: {status} {h} {j}")
        # Answered before its body is read: a request whose body has not come is answered at once.
        sock = raw_request(s.port, f"POST /v1/prove/chain HTTP/1.1\r\nHost: x\r\nContent-Length: {os.path.getsize(WTNS)}"
                                   "\r\n\r\n", b"")
        answers = re.findall(rb"HTTP/1\.1 (\d+)", read_to_end(sock, timeout=1.0))
        expect(answers == [b"429"], f"a full queue, the body not sent: answers {answers} within 1 s, expected [429]")
        check_ok(holder(), "the holder")
        check_ok(queued(), "the queued request")
        expect(s.metric('zkforge_requests_total{outcome="busy"}') == 2, "429s miscounted")
        expect(s.stop() == 0, "the server did not exit 0")


def case_priority():
    with Server() as s:
        holder = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=1000"})
        wait_for("the holder in flight", lambda: s.metric("zkforge_in_flight") == 1)
        done = []
        batch = in_thread(lambda: (s.prove(headers={"X-Priority": "batch"}), done.append("batch")))
        wait_for("the batch request queued", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 1)
        urgent = in_thread(lambda: (s.prove(headers={"X-Priority": "deadline"}), done.append("deadline")))
        wait_for("the deadline request queued", lambda: s.metric('zkforge_queue_depth{priority="deadline"}') == 1)
        check_ok(holder(), "the holder")
        check_ok(urgent()[0], "the deadline-class request")
        check_ok(batch()[0], "the batch-class request")
        expect(done == ["deadline", "batch"], f"the deadline class did not overtake the batch class: {done}")
        expect(s.stop() == 0, "the server did not exit 0")


def case_batch_window():
    with Server("--batch-window", "500", "--batch-max", "4") as s:
        joins = [in_thread(s.prove) for _ in range(3)]
        answers = [check_ok(j(), "a request of the batch") for j in joins]
        for a in answers:
            verify(a)
        expect(max(a["batch"] for a in answers) >= 2, f"no requests grouped: {[a['batch'] for a in answers]}")
        # Deadline-class work is not held for the window.
        j = check_ok(s.prove(headers={"X-Priority": "deadline"}), "a deadline-class request")
        expect(j["batch"] == 1 and j["timings"]["queue_ms"] < 250, f"a deadline-class request waited: {j['timings']}")
        expect(s.stop() == 0, "the server did not exit 0")


def case_batch_busy():
    # Requests held in a batch window keep their places in the queue: with --queue 2, of 6 requests sent
    # at once 2 are taken (and counted as queued while the window is open) and 4 are answered 429.
    with Server("--queue", "2", "--batch-window", "2000", "--batch-max", "16") as s:
        joins = [in_thread(s.prove) for _ in range(6)]
        wait_for("4 requests answered 429", lambda: s.metric('zkforge_requests_total{outcome="busy"}') >= 4, timeout=10)
        depth = s.metric('zkforge_queue_depth{priority="batch"}')
        expect(depth == 2, f"the batch window's requests counted as {depth} queued, not 2")
        answers = [j() for j in joins]
        statuses = sorted(status for status, _, _ in answers)
        expect(statuses == [200, 200, 429, 429, 429, 429], f"with --queue 2: {statuses}")
        expect(all(j["batch"] == 2 for status, _, j in answers if status == 200), "the 2 taken were not one batch")
        expect(s.stop() == 0, "the server did not exit 0")


def case_one_answer():
    # A request answered before its body is read gets that answer, then the connection's end: its
    # body, here a request of its own, sent with the head or after it, is never taken for a request.
    smuggled = b"GET /v1/keys HTTP/1.1\r\nHost: x\r\n\r\n"
    cases = [  # what, the key, headers (Content-Length the body's unless given), the body, the answer
        ("an unknown key", "nokey", "", smuggled, "404"),
        ("a malformed header", "chain", "X-Priority: urgent\r\n", smuggled, "400"),
        ("a body past the key's bound", "chain", "Content-Length: 900000000\r\n", smuggled, "413"),
        ("10 MB unread behind the answer", "nokey", "", b"x" * 10_000_000, "404"),
    ]
    with Server() as s:
        for what, key, headers, body, status in cases:
            if "Content-Length" not in headers:
                headers += f"Content-Length: {len(body)}\r\n"
            head = f"POST /v1/prove/{key} HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode()
            for apart in (False, True):
                sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
                if apart:
                    sock.sendall(head)
                    time.sleep(0.2)
                sock.sendall(body if apart else head + body)
                answers = re.findall(rb"HTTP/1\.1 (\d+)", read_to_end(sock))
                expect(answers == [status.encode()],
                       f"{what} ({'body sent apart' if apart else 'one write'}): answers {answers}, expected [{status}]")
        check_ok(s.prove(), "a proof after them")
        expect(s.stop() == 0, "the server did not exit 0")

def case_unread_bodies():
    # A request that no route takes, or without the token, is refused before its body is read, whatever
    # the body: each of these gets its answer while 128 MiB of chunked body are on their way, and the
    # server's peak resident memory stays where it was.
    token_file = os.path.join(WORK, "token")
    os.makedirs(WORK, exist_ok=True)
    open(token_file, "w").write("s3cret-token\n")
    chunk = b"100000\r\n" + b"x" * 0x100000 + b"\r\n"
    cases = [("POST /healthz", "405"), ("POST /v1/keys", "405"), ("POST /metrics", "405"), ("POST /nowhere", "404"),
             ("PUT /v1/prove/chain", "405"), ("POST /v1/prove/chain", "401")]
    with Server("--token-file", token_file) as s:
        peak = s.peak_resident_mib()
        for line, status in cases:
            sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
            sock.sendall(f"{line} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".encode())

            def send_body():
                try:
                    for _ in range(128):
                        sock.sendall(chunk)
                except OSError:  # the server closed the connection, or this side did
                    pass

            threading.Thread(target=send_body, daemon=True).start()
            answers = re.findall(rb"HTTP/1\.1 (\d+)", read_to_end(sock))
            expect(answers == [status.encode()], f"{line} with a chunked body: answers {answers}, expected [{status}]")
        grown = s.peak_resident_mib() - peak
        expect(grown < 32, f"the server's peak resident memory grew {grown:.0f} MiB over requests it refused")
        status, _, _ = s.request("GET", "/healthz")
        expect(status == 200, f"GET /healthz without the token: {status}")
        status, _, _ = s.request("HEAD", "/healthz")
        expect(status == 200, f"HEAD /healthz without the token: {status}")
        expect(s.stop() == 0, "the server did not exit 0")


def case_slow_body():
    # A proof's body must come within 2 s plus the key's bound at 4 MiB/s (~2 s here): a client that
    # trickles it, a byte every 0.3 s, holds its place in the queue that long and is answered 408,
    # and the place is free for the next request.
    with Server("--queue", "1") as s:
        size = os.path.getsize(WTNS)
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
        sock.sendall(f"POST /v1/prove/chain HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n".encode())
        wait_for("the slow request's place", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 1)
        status, _, j = s.prove()
        expect(status == 429, f"a second request while the slow one holds the only place: {status} {j}")
        start = time.monotonic()
        answer = b""
        sock.settimeout(0.3)
        try:
            while time.monotonic() - start < 10 and not answer:
                try:
                    sock.sendall(b"\0")
                except OSError:  # the server has answered and shut its side
                    pass
                try:
                    answer = sock.recv(65536)
                except socket.timeout:
                    pass
            if answer:  # the rest of the answer, up to the server's end of the connection
                answer += read_to_end(sock)
        finally:
            sock.close()
        waited = time.monotonic() - start
        expect(re.match(rb"HTTP/1\.1 408", answer) is not None and b"not received within" in answer,
               f"a trickled body: {answer[:300]} after {waited:.1f} s, expected 408")
        expect(waited < 6, f"the trickled body was answered after {waited:.1f} s, its bound is ~2 s")
        check_ok(s.prove(), "a proof once the slow request's place is free")
        expect(s.stop() == 0, "the server did not exit 0")


def case_idle_connections():
    # Connections that send nothing do not hold up the quick answers: with the worker busy, the queue
    # full and 16 such connections open, /healthz, /metrics and a 429 come within 1 s each.
    with Server("--queue", "2") as s:
        holder = in_thread(s.prove, None, {"X-Zkforge-Fault": "hold=4000"})
        wait_for("the holder in flight", lambda: s.metric("zkforge_in_flight") == 1)
        queued = [in_thread(s.prove) for _ in range(2)]
        wait_for("two requests queued", lambda: s.metric('zkforge_queue_depth{priority="batch"}') == 2)
        idle = [socket.create_connection(("127.0.0.1", s.port), timeout=30) for _ in range(16)]
        time.sleep(0.2)
        for what, ask, want in (("GET /healthz", lambda: s.request("GET", "/healthz", timeout=1.0), 200),
                                ("GET /metrics", lambda: s.request("GET", "/metrics", timeout=1.0), 200),
                                ("a proof request", lambda: s.prove(timeout=1.0), 429)):
            try:
                status = ask()[0]
            except socket.timeout:
                fail(f"{what} was not answered within 1 s beside 16 idle connections")
            expect(status == want, f"{what} beside 16 idle connections: {status}, expected {want}")
        for sock in idle:
            sock.close()
        check_ok(holder(), "the holder")
        for join in queued:
            check_ok(join(), "a queued request")
        expect(s.stop() == 0, "the server did not exit 0")


if __name__ == "__main__":
    case = globals().get(f"case_{CASE}")
    if case is None:
        sys.exit(f"unknown case {CASE}")
    case()
    print(f"serve case {CASE}: passed")
