#!/usr/bin/env python3
"""A complete external bot for ``foolsolve arena --bot cmd:'python3 docs/arena_bot_example.py'``.

It speaks the bot protocol (docs/arena.md): one JSON request per line on standard input, one move
per line on standard output. This one plays the first legal move that puts down a card (a move
text naming a card has a digit or a court letter after the verb), else the first legal move. It uses
nothing but the standard library, so a bot in any language can follow the same pattern.
"""

import json
import sys


def choose(request: dict) -> str:
    legal = request["legal"]
    for text in legal:
        verb, _, rest = text.partition(" ")
        if rest and verb not in ("draw",):
            return text
    return legal[0]


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        print(choose(request), flush=True)


if __name__ == "__main__":
    main()
