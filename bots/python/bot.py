"""A Woodland Arena bot in Python: your starting point.

The referee calls four methods (see proto/woodland/v1/bot.proto):
  Hello       -> who you are
  StartMatch  -> a match begins; you learn your seat and faction
  Decide      -> choose one of request.options (answer its index)
  EndMatch    -> the result

Run it with bots/python/run.sh --port 50061, or let the referee launch it
(sandboxed, it then listens on the Unix socket given by --listen unix:PATH):
  build/cli/woodland play --bot eyrie=exec:bots/python/run.sh

Concurrency: one bot process may serve several matches at once (a tournament
or a referee running matches in parallel against one grpc://HOST:PORT bot),
and the gRPC server runs calls on a thread pool. Within one match the referee
asks one seat at a time and waits for the answer, but calls of different
matches (or a new request after a late answer timed out) can overlap. So the
bot keeps its state per (match id, seat), behind a lock.
"""

import argparse
import os
import random
import sys
import threading
from concurrent import futures

import grpc

from woodland.v1 import bot_pb2, bot_pb2_grpc


class MyBot(bot_pb2_grpc.BotServicer):
    def __init__(self, seed):
        self.seed = seed
        self.lock = threading.Lock()
        self.matches = {}  # (match_id, seat) -> that seat's state

    def match(self, match_id, seat):
        """The state of one seat of one match, made on first use."""
        with self.lock:
            key = (match_id, seat)
            if key not in self.matches:
                self.matches[key] = {"rng": random.Random(f"{self.seed}/{match_id}/{seat}"),
                                     "faction": None, "lock": threading.Lock()}
            return self.matches[key]

    def Hello(self, request, context):
        return bot_pb2.BotInfo(name="python-starter", version="1.0",
                               author="you", language="Python")

    def StartMatch(self, request, context):
        self.match(request.match_id, request.seat)["faction"] = request.faction
        return bot_pb2.Ack()

    def Decide(self, request, context):
        """Pick an option. Everything you may know is in the request:

        request.prompt       kind ("marquise.action"), text, law clause
        request.options      each has a label and one typed payload:
                             option.WhichOneof("payload") -> "move", "battle",
                             "card", "clearing", "done", ...
        request.observation  the map (clearings with warriors and pieces),
                             every seat's score and hand size, your hand, ...
        request.events       what happened since your last decision
        """
        state = self.match(request.match_id, request.seat)
        with state["lock"]:
            return self.choose(request, state["rng"])

    def choose(self, request, rng):
        options = list(request.options)
        # A tiny strategy to show how to read options: prefer battles where
        # we have more warriors than the defender, then crafting, then random.
        clearings = {c.id: c for c in request.observation.clearings}

        def warriors(clearing_id, faction):
            for w in clearings[clearing_id].warriors:
                if w.faction == faction:
                    return w.count
            return 0

        for i, option in enumerate(options):
            if option.WhichOneof("payload") == "battle":
                b = option.battle
                if warriors(b.clearing, request.faction) > warriors(b.clearing, b.defender) + 1:
                    return bot_pb2.Decision(option_index=i, note="strong battle")
        if request.prompt.kind == "craft":
            for i, option in enumerate(options):
                if option.WhichOneof("payload") == "card":
                    return bot_pb2.Decision(option_index=i, note="craft")
        return bot_pb2.Decision(option_index=rng.randrange(len(options)))

    def EndMatch(self, request, context):
        with self.lock:
            for key in [k for k in self.matches if k[0] == request.match_id]:
                del self.matches[key]
        return bot_pb2.Ack()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", default=os.environ.get("WOODLAND_BOT_ADDRESS", ""),
                        help="gRPC address, e.g. unix:/path/bot.sock (the referee passes it)")
    parser.add_argument("--port", type=int,
                        default=int(os.environ.get("WOODLAND_BOT_PORT", "0")))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    bot_pb2_grpc.add_BotServicer_to_server(MyBot(args.seed), server)
    address = args.listen or f"127.0.0.1:{args.port}"
    port = server.add_insecure_port(address)
    if port == 0:
        sys.exit(f"cannot listen on {address}")
    server.start()
    if not args.listen:
        address = f"127.0.0.1:{port}"
    print(f"listening on {address}", file=sys.stderr, flush=True)
    server.wait_for_termination()


if __name__ == "__main__":
    main()
