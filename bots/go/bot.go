// A Woodland Arena bot in Go: your starting point.
//
// The referee calls four methods (see proto/woodland/v1/bot.proto):
//
//	Hello       -> who you are
//	StartMatch  -> a match begins; you learn your seat and faction
//	Decide      -> choose one of request.Options (answer its index)
//	EndMatch    -> the result
//
// Run it with bots/go/run.sh --port 50063, or let the referee launch it
// (sandboxed, it then listens on the Unix socket given by --listen unix:PATH):
//
//	build/cli/woodland play --bot eyrie=exec:bots/go/run.sh
//
// Concurrency: one bot process may serve several matches at once (a
// tournament or a referee running matches in parallel against one
// grpc://HOST:PORT bot), and gRPC-Go runs every call in its own goroutine.
// Within one match the referee asks one seat at a time and waits for the
// answer, but calls for different matches (or a new request after a late
// answer timed out) can overlap. So Decide keeps nothing global: each
// (match, seat) has its own state, found under a mutex.
package main

import (
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand"
	"net"
	"os"
	"strings"
	"sync"

	"google.golang.org/grpc"

	pb "woodlandarena.org/proto/woodland/v1"
)

// matchState is what the bot remembers about one seat of one match.
type matchState struct {
	mu      sync.Mutex // Decide calls of one match may overlap after a timeout
	rng     *rand.Rand
	faction pb.Faction
}

type bot struct {
	pb.UnimplementedBotServer
	seed    int64
	mu      sync.Mutex
	matches map[string]*matchState // by match id and seat
}

func key(matchID string, seat int32) string { return fmt.Sprintf("%s/%d", matchID, seat) }

// match returns the state of (matchID, seat), creating it on first use (a
// bot restarted mid-match gets Decide calls without a StartMatch).
func (b *bot) match(matchID string, seat int32) *matchState {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := key(matchID, seat)
	m, ok := b.matches[k]
	if !ok {
		h := fnv.New64a()
		h.Write([]byte(k))
		m = &matchState{rng: rand.New(rand.NewSource(b.seed ^ int64(h.Sum64())))}
		b.matches[k] = m
	}
	return m
}

func (b *bot) Hello(ctx context.Context, req *pb.HelloRequest) (*pb.BotInfo, error) {
	return &pb.BotInfo{Name: "go-starter", Version: "1.0", Author: "you", Language: "Go"}, nil
}

func (b *bot) StartMatch(ctx context.Context, req *pb.MatchStart) (*pb.Ack, error) {
	m := b.match(req.GetMatchId(), req.GetSeat())
	m.mu.Lock()
	m.faction = req.GetFaction()
	m.mu.Unlock()
	return &pb.Ack{}, nil
}

func (b *bot) EndMatch(ctx context.Context, req *pb.MatchEnd) (*pb.Ack, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for k := range b.matches {
		if strings.HasPrefix(k, req.GetMatchId()+"/") {
			delete(b.matches, k)
		}
	}
	return &pb.Ack{}, nil
}

// Decide picks an option. Everything you may know is in the request:
//
//	req.Prompt       Kind ("marquise.action"), Text, Law clause
//	req.Options      each has a Label and one typed payload: switch on
//	                 o.Payload.(type) (*pb.Option_Move, *pb.Option_Battle,
//	                 *pb.Option_Card, *pb.Option_Clearing, *pb.Option_Done...)
//	req.Observation  the map (clearings with warriors and pieces), every
//	                 seat's score and hand size, your hand, faction boards
//	req.Events       what happened since your last decision
func (b *bot) Decide(ctx context.Context, req *pb.DecisionRequest) (*pb.Decision, error) {
	m := b.match(req.GetMatchId(), req.GetSeat())
	m.mu.Lock()
	defer m.mu.Unlock()
	index, note := choose(req, m.rng)
	return &pb.Decision{OptionIndex: int32(index), Note: note}, nil
}

// warriors counts faction's warriors in a clearing of the observation.
func warriors(obs *pb.Observation, clearing int32, faction pb.Faction) int32 {
	for _, c := range obs.GetClearings() {
		if c.GetId() != clearing {
			continue
		}
		for _, w := range c.GetWarriors() {
			if w.GetFaction() == faction {
				return w.GetCount()
			}
		}
	}
	return 0
}

// choose is a tiny strategy showing how to read options: the battle where
// we outnumber the defender the most (by two or more), then crafting, then
// a random legal option.
func choose(req *pb.DecisionRequest, rng *rand.Rand) (int, string) {
	options := req.GetOptions()
	if len(options) == 0 {
		return 0, "no options"
	}
	best, bestEdge := -1, int32(1)
	for i, o := range options {
		switch p := o.GetPayload().(type) {
		case *pb.Option_Battle:
			c := p.Battle.GetClearing()
			edge := warriors(req.GetObservation(), c, req.GetFaction()) -
				warriors(req.GetObservation(), c, p.Battle.GetDefender())
			if edge > bestEdge {
				best, bestEdge = i, edge
			}
		}
	}
	if best >= 0 {
		return best, "strong battle"
	}
	if req.GetPrompt().GetKind() == "craft" {
		for i, o := range options {
			if _, ok := o.GetPayload().(*pb.Option_Card); ok {
				return i, "craft"
			}
		}
	}
	return rng.Intn(len(options)), "random"
}

func main() {
	listen := flag.String("listen", os.Getenv("WOODLAND_BOT_ADDRESS"),
		"gRPC address, e.g. unix:/path/bot.sock (the referee passes it)")
	port := flag.Int("port", 0, "serve on 127.0.0.1:PORT (0: any free port)")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()

	var lis net.Listener
	var err error
	if path := strings.TrimPrefix(*listen, "unix:"); *listen != "" && path != *listen {
		lis, err = net.Listen("unix", path)
	} else if *listen != "" {
		lis, err = net.Listen("tcp", *listen)
	} else {
		lis, err = net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot listen: %v\n", err)
		os.Exit(1)
	}
	server := grpc.NewServer()
	pb.RegisterBotServer(server, &bot{seed: *seed, matches: map[string]*matchState{}})
	address := lis.Addr().String()
	if lis.Addr().Network() == "unix" {
		address = "unix:" + address
	}
	fmt.Fprintf(os.Stderr, "listening on %s\n", address)
	if err := server.Serve(lis); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
}
