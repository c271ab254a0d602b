"""An outside engine for ``foolsolve conform GAME --engine CMD`` tests: foolsolve's own oracle
(:func:`foolsolve.oracle.answer_line`, a request a line), wrong or broken on purpose.

``python tests/generic/fake_engine.py MODE``, MODE one of:

* ``right``: the oracle as it is;
* ``drop``: at a :func:`marked` position the last legal move left out of a ``moves`` answer;
* ``add``: at a marked position the move ``resign`` (no move of any game) added to it;
* ``successor``: after a move from a marked position, the position it was played from;
* ``status``: at a marked position a ``status`` answer's ``to_move`` one more (or 0 once the game is over);
* ``payoffs``: a finished game's payoffs negated in a ``status`` answer (``"1/2"`` as ``"-1/2"``);
* ``nostatus``: answers a ``status`` request without ``over``;
* ``crash``: exits with code 3 (a line on standard error) on reading its third request;
* ``drop+late``: ``drop``, and exits as ``crash`` does on reading its 250th request;
* ``garbage``: answers ``hello``, no JSON;
* ``binary``: answers a line that is not UTF-8;
* ``hang``: reads a request and answers nothing, ever;
* ``noid``: its answers leave out the request's ``id``;
* ``error``: answers every request with an error record;
* ``nomoves``: answers a ``moves`` request with no ``moves``;
* ``badplay``: answers a ``play`` request with ``"position": "x"``;
* ``unreadable``: answers a ``play`` request with a position object no game reads;
* ``quit``: exits (code 0) at once, reading nothing;
* ``forget``: answers a ``play`` request with the position without Durak's ``known`` (what players
  know of hidden cards);
* ``hugepay``: a finished game's payoffs in a ``status`` answer as ``FAKE_PAYOFF`` (default
  ``"1e999999999"``, an exponent no exact reading should expand);
* ``deep``: answers a JSON array nested 100,000 deep;
* ``flood``: answers the first request, then writes that answer again and again, for ever;
* ``off:NAME``: the last legal move left out of a ``moves`` answer wherever the position's rule
  option ``NAME`` is off its default (an engine playing only the default of that option);
* ``other``: after the first of two or more legal moves, the position it was played from (wrong
  only on that move);
* ``three``: the last legal move left out of a ``moves`` answer wherever the position has three
  hands (an engine playing only other table sizes);
* ``late``: from its 40th request on, the last legal move left out of every ``moves`` answer (its
  answers depend on the requests before).
* ``odds``: a ``moves`` answer's first chance outcome given 1/100 more than its probability (the
  ``probabilities`` of a request with ``"chance": true``);
* ``nochance``: a ``moves`` answer without ``probabilities`` (an engine that does not know the field);
* ``sticky``: once it has answered a ``play`` request of the move ``take`` (Durak), the last legal
  move left out of every ``moves`` answer after it (a state kept across requests: the one request
  that sets it, asked first, is enough).

With ``FAKE_ENGINE_PID`` set, it first writes its process id to that file.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from fractions import Fraction
from typing import Any


def marked(position: dict[str, Any]) -> bool:
    """One position in 64 or so, the same in the engine and the test: its canonical JSON's hash."""
    text = json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).digest()[0] < 4


def main(mode: str) -> None:
    pid_file = os.environ.get("FAKE_ENGINE_PID")
    if pid_file:
        with open(pid_file, "w") as f:
            f.write(str(os.getpid()))
    if mode == "quit":
        return
    from foolsolve.oracle import answer_line

    if mode.startswith("off:"):
        from foolsolve import games
        from foolsolve.rules import rules_to_json

        defaults: dict[str, Any] = {}
        for name in games.names():
            defaults |= {f"{name}:{k}": v for k, v in rules_to_json(games.get(name).spec.rules_cls()).items()}
    took = False
    for n, raw in enumerate(sys.stdin, 1):
        if (mode == "crash" and n == 3) or (mode == "drop+late" and n == 250):
            print("fake engine: out of cheese", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            print("hello", flush=True)
            continue
        if mode == "binary":
            sys.stdout.buffer.write(b"\xff\n")
            sys.stdout.flush()
            continue
        if mode == "deep":
            print('{"id": 1, "moves": ' + "[" * 100_000 + "]" * 100_000 + "}", flush=True)
            continue
        request = json.loads(raw)
        record = answer_line(n, raw)
        op, position = request["op"], request["position"]
        if mode.startswith("drop") and op == "moves" and record["moves"] and marked(position):
            record["moves"] = record["moves"][:-1]
        elif mode == "add" and op == "moves" and marked(position):
            record["moves"].append("resign")
        elif mode == "successor" and op == "play" and marked(position):
            record["position"] = position
        elif mode == "noid":
            del record["id"]
        elif mode == "error":
            record = {"line": n, "id": request["id"], "error": "fake engine: no idea"}
        elif mode == "nomoves" and op == "moves":
            del record["moves"]
        elif mode == "badplay" and op == "play":
            record["position"] = "x"
        elif mode == "status" and op == "status" and marked(position):
            record["to_move"] = 0 if record["to_move"] is None else record["to_move"] + 1
        elif mode == "payoffs" and op == "status" and record["result"] is not None:
            record["result"]["payoffs"] = [str(-Fraction(p)) for p in record["result"]["payoffs"]]
        elif mode == "hugepay" and op == "status" and record["result"] is not None:
            record["result"]["payoffs"] = [os.environ.get("FAKE_PAYOFF", "1e999999999")
                                          for _ in record["result"]["payoffs"]]
        elif mode == "nostatus" and op == "status":
            del record["over"]
        elif mode == "forget" and op == "play":
            record["position"].pop("known", None)
        elif (mode.startswith("off:") and op == "moves" and record["moves"]
              and position["rules"][mode[4:]] != defaults[f"{position['game']}:{mode[4:]}"]):
            record["moves"] = record["moves"][:-1]
        elif mode == "other" and op == "play":
            legal = answer_line(0, json.dumps({"op": "moves", "position": position}))["moves"]
            if len(legal) > 1 and request["moves"] == legal[:1]:
                record["position"] = position
        elif mode == "three" and op == "moves" and record["moves"] and len(position.get("hands", ())) == 3:
            record["moves"] = record["moves"][:-1]
        elif mode == "late" and op == "moves" and n >= 40 and record["moves"]:
            record["moves"] = record["moves"][:-1]
        elif mode == "odds" and op == "moves" and record.get("probabilities"):
            first = next(iter(record["probabilities"]))
            record["probabilities"][first] = str(Fraction(record["probabilities"][first]) + Fraction(1, 100))
        elif mode == "nochance" and op == "moves":
            record.pop("probabilities", None)
        elif mode == "sticky" and op == "play" and request["moves"] == ["take"]:
            took = True
        elif mode == "sticky" and op == "moves" and took and record["moves"]:
            record["moves"] = record["moves"][:-1]
        elif mode == "unreadable" and op == "play":
            record["position"] = {"game": position["game"], "hands": 5}
        print(json.dumps(record), flush=True)
        while mode == "flood":
            print(json.dumps(record), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
