"""A bot written against the protocol as it was before issue 13.

Issue 13 test: the wire format stays backward compatible. This is the Python
starter kit's bot as it was then, generated from the .proto files of that
time (frozen in proto/ next to it; never update them): it reads the fields
those protos had, deprecated ones included (DecisionRequest.decision_index,
Event.a..d), and never sees the typed payloads added since. It must still
pass `woodland conformance` (tests/bots/kits_test.cc).
"""

import argparse
import os
import random
import sys
from concurrent import futures

import grpc

from woodland.v1 import bot_pb2, bot_pb2_grpc


class MyBot(bot_pb2_grpc.BotServicer):
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.faction = None

    def Hello(self, request, context):
        return bot_pb2.BotInfo(name="legacy-python", version="1.0",
                               author="you", language="Python")

    def StartMatch(self, request, context):
        self.faction = request.faction
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
        options = list(request.options)
        # The old, untyped fields still arrive and keep their meaning.
        self.last_index = request.decision_index
        self.moves_seen = sum(1 for e in request.events
                              if e.kind == "move" and e.a > 0)
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
        return bot_pb2.Decision(option_index=self.rng.randrange(len(options)))

    def EndMatch(self, request, context):
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
