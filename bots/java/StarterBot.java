// A Woodland Arena bot in Java: your starting point.
//
// The referee calls four methods (see proto/woodland/v1/bot.proto):
//   hello       -> who you are
//   startMatch  -> a match begins; you learn your seat and faction
//   decide      -> choose one of request.getOptionsList() (answer its index)
//   endMatch    -> the result
//
// Run it with bots/java/run.sh --port 50064, or let the referee launch it
// (sandboxed, it then listens on the Unix socket given by --listen unix:PATH):
//   build/cli/woodland play --bot eyrie=exec:bots/java/run.sh
//
// Concurrency: one bot process may serve several matches at once (a
// tournament or a referee running matches in parallel against one
// grpc://HOST:PORT bot), and gRPC-Java runs calls on a thread pool. Within
// one match the referee asks one seat at a time and waits for the answer, but
// calls for different matches (or a new request after a late answer timed
// out) can overlap. So decide() keeps nothing global: each (match, seat) has
// its own state in a ConcurrentHashMap, used under its own lock.

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.woodlandarena.v1.Ack;
import org.woodlandarena.v1.BotGrpc;
import org.woodlandarena.v1.BotInfo;
import org.woodlandarena.v1.ClearingView;
import org.woodlandarena.v1.Decision;
import org.woodlandarena.v1.DecisionRequest;
import org.woodlandarena.v1.Faction;
import org.woodlandarena.v1.FactionCount;
import org.woodlandarena.v1.HelloRequest;
import org.woodlandarena.v1.MatchEnd;
import org.woodlandarena.v1.MatchStart;
import org.woodlandarena.v1.Observation;
import org.woodlandarena.v1.Option;

public final class StarterBot extends BotGrpc.BotImplBase {
  /** What the bot remembers about one seat of one match. */
  private static final class MatchState {
    final Random rng;
    Faction faction = Faction.FACTION_UNSPECIFIED;

    MatchState(long seed) {
      rng = new Random(seed);
    }
  }

  private final long seed;
  private final ConcurrentHashMap<String, MatchState> matches = new ConcurrentHashMap<>();

  StarterBot(long seed) {
    this.seed = seed;
  }

  /** The state of (matchId, seat), created on first use (also mid-match). */
  private MatchState match(String matchId, int seat) {
    String key = matchId + "/" + seat;
    return matches.computeIfAbsent(key, k -> new MatchState(seed ^ k.hashCode()));
  }

  @Override
  public void hello(HelloRequest request, StreamObserver<BotInfo> out) {
    out.onNext(
        BotInfo.newBuilder()
            .setName("java-starter")
            .setVersion("1.0")
            .setAuthor("you")
            .setLanguage("Java")
            .build());
    out.onCompleted();
  }

  @Override
  public void startMatch(MatchStart request, StreamObserver<Ack> out) {
    MatchState m = match(request.getMatchId(), request.getSeat());
    synchronized (m) {
      m.faction = request.getFaction();
    }
    out.onNext(Ack.getDefaultInstance());
    out.onCompleted();
  }

  @Override
  public void endMatch(MatchEnd request, StreamObserver<Ack> out) {
    matches.keySet().removeIf(k -> k.startsWith(request.getMatchId() + "/"));
    out.onNext(Ack.getDefaultInstance());
    out.onCompleted();
  }

  /**
   * Picks an option. Everything you may know is in the request:
   *
   * <pre>
   * request.getPrompt()       kind ("marquise.action"), text, law clause
   * request.getOptionsList()  each has a label and one typed payload:
   *                           option.getPayloadCase() -> MOVE, BATTLE, CARD,
   *                           CLEARING, DONE, ...; option.getBattle() ...
   * request.getObservation()  the map (clearings with warriors and pieces),
   *                           every seat's score and hand size, your hand
   * request.getEventsList()   what happened since your last decision
   * </pre>
   */
  @Override
  public void decide(DecisionRequest request, StreamObserver<Decision> out) {
    MatchState m = match(request.getMatchId(), request.getSeat());
    Decision d;
    synchronized (m) {
      d = choose(request, m.rng);
    }
    out.onNext(d);
    out.onCompleted();
  }

  /** How many warriors `faction` has in a clearing of the observation. */
  static int warriors(Observation obs, int clearing, Faction faction) {
    for (ClearingView c : obs.getClearingsList()) {
      if (c.getId() != clearing) continue;
      for (FactionCount w : c.getWarriorsList()) {
        if (w.getFaction() == faction) return w.getCount();
      }
    }
    return 0;
  }

  /**
   * A tiny strategy showing how to read options: the battle where we
   * outnumber the defender the most (by two or more), then crafting, then a
   * random legal option.
   */
  static Decision choose(DecisionRequest request, Random rng) {
    List<Option> options = request.getOptionsList();
    if (options.isEmpty()) return Decision.newBuilder().setNote("no options").build();
    int best = -1;
    int bestEdge = 1;
    for (int i = 0; i < options.size(); ++i) {
      Option o = options.get(i);
      if (o.getPayloadCase() == Option.PayloadCase.BATTLE) {
        int c = o.getBattle().getClearing();
        int edge =
            warriors(request.getObservation(), c, request.getFaction())
                - warriors(request.getObservation(), c, o.getBattle().getDefender());
        if (edge > bestEdge) {
          best = i;
          bestEdge = edge;
        }
      }
    }
    if (best >= 0) return Decision.newBuilder().setOptionIndex(best).setNote("strong battle").build();
    if (request.getPrompt().getKind().equals("craft")) {
      for (int i = 0; i < options.size(); ++i) {
        if (options.get(i).getPayloadCase() == Option.PayloadCase.CARD) {
          return Decision.newBuilder().setOptionIndex(i).setNote("craft").build();
        }
      }
    }
    return Decision.newBuilder().setOptionIndex(rng.nextInt(options.size())).setNote("random").build();
  }

  /**
   * Debian's Netty has no native epoll transport, so gRPC-Java cannot listen
   * on a Unix socket itself: the server listens on 127.0.0.1 (inside the
   * sandbox, its own loopback) and this bridge relays each connection of the
   * Unix socket to it, byte for byte.
   */
  static void bridgeUnixSocket(Path path, int tcpPort) throws IOException {
    Files.deleteIfExists(path);
    ServerSocketChannel unix = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    unix.bind(UnixDomainSocketAddress.of(path));
    Thread acceptor =
        new Thread(
            () -> {
              while (true) {
                try {
                  SocketChannel client = unix.accept();
                  SocketChannel server =
                      SocketChannel.open(new InetSocketAddress("127.0.0.1", tcpPort));
                  pump(client, server);
                  pump(server, client);
                } catch (IOException e) {
                  System.err.println("bridge: " + e.getMessage());
                  return;
                }
              }
            },
            "unix-bridge");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private static void pump(SocketChannel from, SocketChannel to) {
    Thread t =
        new Thread(
            () -> {
              ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);
              try {
                while (from.read(buf) >= 0) {
                  buf.flip();
                  while (buf.hasRemaining()) to.write(buf);
                  buf.clear();
                }
                to.shutdownOutput();
              } catch (IOException e) {
                try {
                  from.close();
                  to.close();
                } catch (IOException ignored) {
                  // already closed
                }
              }
            },
            "unix-bridge-pump");
    t.setDaemon(true);
    t.start();
  }

  /**
   * `--selftest`: serves, answers one Hello and one Decide of its own, and
   * exits. run.sh runs it once at build time to record the classes a bot
   * loads into a class-data-sharing archive (the JVM then starts in about
   * half the time, which matters under the referee's startup timeout).
   */
  static void selfTest() throws Exception {
    Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
            .addService(new StarterBot(1))
            .build()
            .start();
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
    BotGrpc.BotBlockingStub stub =
        BotGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    stub.hello(HelloRequest.getDefaultInstance());
    DecisionRequest.Builder r = DecisionRequest.newBuilder().setMatchId("selftest");
    r.addOptionsBuilder().setLabel("done").getDoneBuilder();
    Decision d = stub.decide(r.build());
    channel.shutdownNow();
    server.shutdownNow();
    System.err.println("selftest: answered option " + d.getOptionIndex());
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("--selftest")) {
      selfTest();
      System.exit(0);
    }
    String listen = System.getenv().getOrDefault("WOODLAND_BOT_ADDRESS", "");
    int port = 0;
    long seed = 1;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--listen" -> listen = args[i + 1];
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        default -> {
          System.err.println("unknown flag " + args[i]);
          System.exit(2);
        }
      }
    }
    boolean unix = listen.startsWith("unix:");
    InetSocketAddress tcp;
    if (unix || listen.isEmpty()) {
      tcp = new InetSocketAddress("127.0.0.1", unix ? 0 : port);
    } else {
      int colon = listen.lastIndexOf(':');
      tcp = new InetSocketAddress(listen.substring(0, colon), Integer.parseInt(listen.substring(colon + 1)));
    }
    Server server = NettyServerBuilder.forAddress(tcp).addService(new StarterBot(seed)).build().start();
    String address = "127.0.0.1:" + server.getPort();
    if (unix) {
      bridgeUnixSocket(Path.of(listen.substring(5)), server.getPort());
      address = listen;
    }
    System.err.println("listening on " + address);
    server.awaitTermination();
  }
}
