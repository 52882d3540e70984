// Issue 14 soak with out-of-process bots: a `woodland arena serve` process
// runs a four-player ladder of launched random bots (exec:, sandboxed, one
// process per seat and match) through the Arena service. While it runs the
// soak SIGKILLs random bot processes every --kill-bot-ms, SIGKILLs the
// arena every --kill-arena-s seconds and starts it again on the same
// database (it resumes the ladder), and after a third of the matches makes
// one bot ("flaky") fail to start from then on. At the end it reports the
// matches per second per chunk, the faction and seat imbalance, forfeits
// (by kind) and the flaky bot's suspension, and checks against the
// database: no match lost or stored twice (table indexes 0..N-1, every
// row done but the last few, the ladder's count equal to the stored
// results, the standings' games equal to seats played), and the metrics of
// the last arena run equal to what it stored, once the arena says the
// cancelled ladder has settled. Whenever the ladder cannot seat a table it
// prints the reason the arena gives (TournamentStatus.waiting).
//
// Each chunk's line also gives the CPU per match of the arena process and
// every bot it launched and reaped (utime+stime+cutime+cstime of the arena,
// summed across its restarts), so a cost that grows with the number of
// stored matches shows whatever the machine's load. --minutes M ends the
// soak after M minutes (then the same checks run on what was played).
//
// Run: build/bench/arena_soak --matches N [--kill-arena-s S]
//        [--kill-bot-ms M] [--minutes M] [--chunk C] [--dir D]
//        [--cli PATH] [--random-bot PATH]   (copies that a rebuild leaves be)
//        [--max-turns T]   (faction turns per match; 0: full-length games)
//        [--workers W]     (the arena's referee workers, default 1: one
//                           match at a time is bound by bot start-up
//                           latency, not CPU)
//        [--served 1]      (bots are long-running servers the arena calls
//                           at grpc://127.0.0.1:PORT, as a remote entrant's
//                           bot is: the soak kills one every --kill-bot-ms
//                           and starts it again on its port a second later;
//                           the flaky bot's server dies for good after a
//                           third. CPU per match then also counts the bot
//                           servers.)
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "arena/ledger.h"
#include "arena/store.h"
#include "tests/common/postgres_server.h"
#include "tests/common/server_process.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace {

using namespace woodland;
using Clock = std::chrono::steady_clock;

template <typename Req, typename Resp, typename Fn>
grpc::Status Call(Fn fn, const Req& req, Resp* resp) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return fn(&ctx, req, resp);
}

double Metric(const std::string& text, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex("\n" + name + " ([0-9.e+-]+)")))
    return -1;
  return std::stod(m[1]);
}

struct Arena {
  test_util::ServerProcess server;
  std::unique_ptr<v1::Arena::Stub> stub;
};

bool Start(const std::string& cli, const std::string& db,
           const std::string& bots, int max_turns, int workers, Arena* a) {
  auto s = test_util::StartServer(
      {cli, "arena", "serve", "--port", "0", "--metrics-port", "0", "--db", db,
       "--workers", std::to_string(workers), "--bots-file", bots,
       "--conformance", "quick", "--max-turns", std::to_string(max_turns)},
      "arena");
  if (!s.ok()) {
    std::fprintf(stderr, "%s\n", s.status().ToString().c_str());
    return false;
  }
  a->server = *std::move(s);
  a->stub = v1::Arena::NewStub(
      grpc::CreateChannel(absl::StrCat("127.0.0.1:", a->server.port),
                          grpc::InsecureChannelCredentials()));
  return true;
}

// Launched random bots (descendants of the arena): their pids.
std::vector<pid_t> BotPids(const std::string& random_bot) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (std::filesystem::directory_iterator it("/proc", ec), end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    // A process may exit while it is read (libstdc++'s streams throw on
    // that read error): plain read(2), and a vanished process is skipped.
    const int fd = open((it->path() / "cmdline").c_str(), O_RDONLY);
    if (fd < 0) continue;
    char buf[4096];
    const ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    if (n <= 0) continue;
    const std::string cmd(buf, static_cast<size_t>(n));
    // The bot itself (argv[0]), not the sandbox wrapper or a shell.
    if (cmd.rfind(random_bot, 0) == 0) out.push_back(std::stoi(name));
  }
  return out;
}

// CPU seconds of process `pid` and its reaped descendants (0 if gone).
double CpuSeconds(pid_t pid) {
  const int fd = open(absl::StrCat("/proc/", pid, "/stat").c_str(), O_RDONLY);
  if (fd < 0) return 0;
  char buf[1024];
  const ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return 0;
  buf[n] = 0;
  // Fields after the command's closing parenthesis: state is field 3;
  // utime, stime, cutime, cstime are fields 14-17.
  const char* p = std::strrchr(buf, ')');
  if (p == nullptr) return 0;
  long long v[15] = {};
  if (std::sscanf(p + 2,
                  "%*c %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld "
                  "%lld %lld %lld",
                  &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8],
                  &v[9], &v[10], &v[11], &v[12], &v[13]) != 14)
    return 0;
  return static_cast<double>(v[10] + v[11] + v[12] + v[13]) /
         sysconf(_SC_CLK_TCK);
}

// --served: one long-running random bot server per registered bot.
struct Served {
  std::string name;
  int port = 0;
  pid_t pid = 0;  // 0: down
  Clock::time_point down_since;
  bool dead_for_good = false;
};

pid_t SpawnBot(const std::string& random_bot, int port, int seed) {
  const std::string p = std::to_string(port), sd = std::to_string(seed);
  std::vector<char*> argv = {
      const_cast<char*>(random_bot.c_str()), const_cast<char*>("--port"),
      const_cast<char*>(p.c_str()),          const_cast<char*>("--seed"),
      const_cast<char*>(sd.c_str()),         nullptr};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc =
      posix_spawn(&pid, random_bot.c_str(), &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc == 0 ? pid : 0;
}

// Starts the servers that are down (a second after they went down), and
// reaps those that exited.
void KeepServing(std::vector<Served>& bots, const std::string& random_bot) {
  for (size_t i = 0; i < bots.size(); ++i) {
    Served& b = bots[i];
    if (b.pid != 0 && waitpid(b.pid, nullptr, WNOHANG) == b.pid) {
      b.pid = 0;
      b.down_since = Clock::now();
    }
    if (b.pid == 0 && !b.dead_for_good &&
        Clock::now() - b.down_since > std::chrono::seconds(1)) {
      b.pid = SpawnBot(random_bot, b.port, static_cast<int>(i) + 1);
    }
  }
}

// CPU seconds of the soak's reaped children (arenas, bot servers).
double ReapedCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Counts {
  int all = 0, done = 0, contiguous = 1;
  std::map<std::string, int> forfeit_kinds;
};

Counts Count(const std::string& db, int64_t id) {
  Counts c;
  auto store = arena::Store::Open(db);
  if (!store.ok()) return c;
  auto rows = (*store)->Matches(id);
  if (!rows.ok()) return c;
  for (size_t i = 0; i < rows->size(); ++i) {
    const arena::MatchRow& m = (*rows)[i];
    ++c.all;
    c.done += m.state == "done";
    c.contiguous &= m.table_index == static_cast<int>(i);
    for (const arena::SeatForfeit& f : arena::ParseForfeits(m.forfeits))
      ++c.forfeit_kinds[f.never_started ? "never started" : "fallback"];
  }
  return c;
}

struct Options {
  int matches = 500, kill_arena_s = 60, kill_bot_ms = 4000, minutes = 0,
      chunk = 0, max_turns = 0, workers = 1;
  bool served = false;
  std::string dir = "/tmp/arena_soak";
  std::string cli = WOODLAND_CLI, random_bot = WOODLAND_RANDOM_BOT;
};

Options ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    if (f == "--matches") o.matches = std::atoi(argv[i + 1]);
    if (f == "--kill-arena-s") o.kill_arena_s = std::atoi(argv[i + 1]);
    if (f == "--kill-bot-ms") o.kill_bot_ms = std::atoi(argv[i + 1]);
    if (f == "--dir") o.dir = argv[i + 1];
    if (f == "--minutes") o.minutes = std::atoi(argv[i + 1]);
    if (f == "--chunk") o.chunk = std::atoi(argv[i + 1]);
    if (f == "--max-turns") o.max_turns = std::atoi(argv[i + 1]);
    if (f == "--workers") o.workers = std::max(1, std::atoi(argv[i + 1]));
    if (f == "--served") o.served = std::atoi(argv[i + 1]) != 0;
    if (f == "--cli") o.cli = argv[i + 1];
    if (f == "--random-bot") o.random_bot = argv[i + 1];
  }
  if (o.chunk <= 0) o.chunk = std::max(1, o.matches / 10);
  return o;
}

const std::vector<std::string> kBotNames = {"b1", "b2", "b3",
                                            "b4", "b5", "flaky"};

// The soak's directory: the flaky bot's wrapper (it fails once `dead`
// exists) and the bots file, with (--served) the six bot servers started.
std::vector<Served> SetUpBots(const Options& o, const std::string& bots) {
  std::filesystem::remove_all(o.dir);
  std::filesystem::create_directories(o.dir);
  {
    std::ofstream f(o.dir + "/flaky.sh");
    f << "#!/bin/sh\n[ -e \"$(dirname \"$0\")/dead\" ] && exit 1\nexec "
         "\"$@\"\n";
  }
  namespace fs = std::filesystem;
  fs::permissions(o.dir + "/flaky.sh",
                  fs::perms::owner_all | fs::perms::group_read |
                      fs::perms::group_exec | fs::perms::others_read |
                      fs::perms::others_exec);
  std::vector<Served> servers;
  std::ofstream f(bots);
  if (!o.served) {
    for (int i = 1; i <= 5; ++i)
      f << "b" << i << " exec:" << o.random_bot << " --seed " << i << "\n";
    f << "flaky exec:" << o.dir << "/flaky.sh " << o.random_bot << "\n";
    return servers;
  }
  for (int i = 1; i <= 6; ++i) {
    Served b;
    b.name = kBotNames[i - 1];
    b.port = test_util::FreePort();
    b.pid = SpawnBot(o.random_bot, b.port, i);
    f << b.name << " grpc://127.0.0.1:" << b.port << "\n";
    servers.push_back(b);
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));
  return servers;
}

// Registers the six bots and waits until each passed its conformance check.
bool RegisterBots(v1::Arena::Stub* stub) {
  for (const std::string& n : kBotNames) {
    v1::RegisterBotRequest r;
    r.set_name(n);
    r.set_spec("catalog:" + n);
    v1::BotRecord rec;
    grpc::Status st = Call([&](auto* c, const auto& q,
                               auto* o) { return stub->RegisterBot(c, q, o); },
                           r, &rec);
    if (!st.ok()) {
      std::fprintf(stderr, "register %s: %s\n", n.c_str(),
                   st.error_message().c_str());
      return false;
    }
  }
  for (;;) {
    v1::ListBotsResponse list;
    (void)Call([&](auto* c, const auto& q,
                   auto* o) { return stub->ListBots(c, q, o); },
               v1::ListBotsRequest(), &list);
    int passed = 0;
    for (const auto& b : list.bots()) {
      passed += b.conformance() == v1::CONFORMANCE_STATE_PASSED;
      if (b.conformance() == v1::CONFORMANCE_STATE_FAILED) {
        std::fprintf(stderr, "%s failed its check: %s\n", b.name().c_str(),
                     b.conformance_detail().c_str());
        return false;
      }
    }
    if (passed == static_cast<int>(kBotNames.size())) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

// One soak run: the ladder polled every 200 ms while bots and the arena
// are killed, then cancelled, settled and checked against the database.
class Soak {
 public:
  explicit Soak(Options o)
      : o_(std::move(o)),
        db_(o_.dir + "/arena.db"),
        bots_(o_.dir + "/bots.txt") {}

  int Run() {
    servers_ = SetUpBots(o_, bots_);
    if (!StartArena() || !RegisterBots(a_.stub.get())) return 1;
    v1::StartLadderRequest lr;
    lr.set_players(4);
    if (!Call([&](auto* c, const auto& q,
                  auto* o) { return a_.stub->StartLadder(c, q, o); },
              lr, &status_)
             .ok())
      return 1;
    id_ = status_.tournament_id();
    std::printf("%8s %10s %12s %8s %9s\n", "matches", "matches/s",
                "cpu ms/match", "bot kills", "restarts");
    std::fflush(stdout);
    t_start_ = t_arena_ = t_bot_ = t_chunk_ = Clock::now();
    while (done_ < o_.matches &&
           (o_.minutes == 0 ||
            Clock::now() - t_start_ < std::chrono::minutes(o_.minutes))) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      PollLadder();
      KillFlakyAfterAThird();
      if (o_.served) KeepServing(servers_, o_.random_bot);
      if (done_ - chunk_start_ >= o_.chunk) ReportChunk();
      if (Clock::now() - t_bot_ > std::chrono::milliseconds(o_.kill_bot_ms))
        KillABot();
      if (o_.kill_arena_s > 0 &&
          Clock::now() - t_arena_ > std::chrono::seconds(o_.kill_arena_s) &&
          !RestartArena())
        return 1;
    }
    Settle();
    const bool ok = Check();
    std::printf("%s\n", ok ? "SOAK OK" : "SOAK FAILED");
    for (Served& b : servers_) {
      if (b.pid != 0) kill(b.pid, SIGKILL);
    }
    return ok ? 0 : 1;
  }

 private:
  bool StartArena() {
    return Start(o_.cli, db_, bots_, o_.max_turns, o_.workers, &a_);
  }

  // CPU seconds of the arena and (--served) of the live bot servers.
  double LiveCpu() const {
    double cpu = CpuSeconds(a_.server.process->pid());
    for (const Served& b : servers_) cpu += b.pid ? CpuSeconds(b.pid) : 0;
    return cpu;
  }

  void PollLadder() {
    v1::ListTournamentsResponse all;
    if (!Call([&](auto* c, const auto& q,
                  auto* o) { return a_.stub->ListTournaments(c, q, o); },
              v1::ListTournamentsRequest(), &all)
             .ok())
      return;
    for (const auto& t : all.tournaments()) {
      if (t.tournament_id() != id_) continue;
      done_ = t.matches_done();
      // Issue 14: a ladder that cannot seat a table says why.
      if (!t.waiting().empty()) {
        waited_polls_ += 1;
        if (t.waiting() != last_waiting_) {
          std::printf("  %s\n", t.waiting().c_str());
          std::fflush(stdout);
        }
      }
      last_waiting_ = t.waiting();
    }
  }

  // The flaky bot dies after a third of the matches (or of --minutes).
  void KillFlakyAfterAThird() {
    const bool third =
        done_ >= o_.matches / 3 ||
        (o_.minutes > 0 &&
         Clock::now() - t_start_ > std::chrono::seconds(20 * o_.minutes));
    if (flaky_dead_ || !third) return;
    std::ofstream(o_.dir + "/dead") << "1";
    flaky_dead_ = true;
    if (o_.served && servers_.back().pid != 0) {
      servers_.back().dead_for_good = true;
      kill(servers_.back().pid, SIGKILL);
    }
  }

  void ReportChunk() {
    const double secs =
        std::chrono::duration<double>(Clock::now() - t_chunk_).count();
    const double cpu = o_.served
                           ? ReapedCpuSeconds() + LiveCpu()
                           : cpu_dead_ + CpuSeconds(a_.server.process->pid());
    std::printf(
        "%8d %10.2f %12.1f %8d %9d\n", done_, (done_ - chunk_start_) / secs,
        1000 * (cpu - cpu_chunk_) / (done_ - chunk_start_), kills_, restarts_);
    cpu_chunk_ = cpu;
    std::fflush(stdout);
    chunk_start_ = done_;
    t_chunk_ = Clock::now();
  }

  // SIGKILLs a random bot server (not the flaky one) or launched bot.
  void KillABot() {
    if (o_.served) {
      Served& b = servers_[rng_() % (servers_.size() - 1)];
      if (b.pid != 0) {
        kill(b.pid, SIGKILL);
        ++kills_;
      }
    } else {
      std::vector<pid_t> pids = BotPids(o_.random_bot);
      if (!pids.empty()) {
        kill(pids[rng_() % pids.size()], SIGKILL);
        ++kills_;
      }
    }
    t_bot_ = Clock::now();
  }

  bool RestartArena() {
    cpu_dead_ += CpuSeconds(a_.server.process->pid());
    a_.server.process->Kill();
    (void)a_.server.process->ExitStatus();
    a_.server.process.reset();
    const Counts c = Count(db_, id_);
    if (!StartArena()) return false;
    ++restarts_;
    base_ = c.done;  // the new arena's metrics count from here
    // Matches the new run resumes (left unfinished by the kill): the
    // killed arena counted them as scheduled.
    resumed_ = c.all - c.done;
    t_arena_ = Clock::now();
    return true;
  }

  // The match running at the cancel ends and is stored: the counts are
  // read once the arena says the run has settled (reading the database,
  // the status and the metrics one after the other while that match ended
  // compared counts of different moments: a false SOAK FAILED).
  void Settle() {
    v1::TournamentRef ref;
    ref.set_tournament_id(id_);
    auto cancel = [&] {
      (void)Call([&](auto* cx, const auto& q,
                     auto* o) { return a_.stub->CancelTournament(cx, q, o); },
                 ref, &status_);
    };
    cancel();
    for (int i = 0; i < 1200 && !status_.settled(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      cancel();
    }
  }

  // Prints the standings and the counts; true if the database, the ladder,
  // the standings and the metrics agree (see the file comment).
  bool Check() {
    Counts c = Count(db_, id_);
    const std::string m =
        test_util::HttpGet(a_.server.metrics_port, "/metrics");
    v1::TournamentRef ref;
    ref.set_tournament_id(id_);
    v1::StandingsResponse s;
    (void)Call([&](auto* cx, const auto& q,
                   auto* o) { return a_.stub->GetStandings(cx, q, o); },
               ref, &s);
    int seats = 0, forfeits = 0;
    bool flaky_suspended = false;
    for (const auto& b : s.bots()) {
      seats += b.games();
      forfeits += b.forfeits();
      if (b.bot() == "flaky") flaky_suspended = b.suspended();
      std::printf("  %-6s games %5d forfeits %4d%s ordinal %6.2f\n",
                  b.bot().c_str(), b.games(), b.forfeits(),
                  b.suspended() ? " SUSPENDED" : "", b.ordinal());
    }
    const double fin = Metric(m, "woodland_arena_matches_finished_total"),
                 sched = Metric(m, "woodland_arena_matches_scheduled_total"),
                 queue = Metric(m, "woodland_arena_queue_depth"),
                 running = Metric(m, "woodland_arena_matches_running");
    std::printf(
        "stored %d matches, %d done, indexes 0..N-1: %s; ladder says %d; "
        "standings seats %d (= 4 x done: %s)\n",
        c.all, c.done, c.contiguous ? "yes" : "NO", status_.matches_done(),
        seats, seats == 4 * c.done ? "yes" : "NO");
    std::printf(
        "bot kills %d, arena restarts %d; forfeits %d (never started %d, "
        "fallback %d); flaky suspended: %s\n",
        kills_, restarts_, forfeits,
        c.forfeit_kinds.count("never started")
            ? c.forfeit_kinds.at("never started")
            : 0,
        c.forfeit_kinds.count("fallback") ? c.forfeit_kinds.at("fallback") : 0,
        flaky_suspended ? "yes" : "NO");
    std::printf(
        "last arena run: stored %d; metrics finished %.0f scheduled %.0f "
        "(+ %d resumed) queue %.0f running %.0f\n",
        c.done - base_, fin, sched, resumed_, queue, running);
    std::printf(
        "imbalance: factions %d, seats %d; the ladder said it waited "
        "in %d status polls (~%.0f s)\n",
        s.faction_imbalance(), s.seat_imbalance(), waited_polls_,
        waited_polls_ * 0.2);
    if (!status_.settled()) std::printf("the ladder did not settle\n");
    return status_.settled() && c.contiguous &&
           status_.matches_done() == c.done && c.all - c.done <= o_.workers &&
           seats == 4 * c.done && fin == c.done - base_ &&
           sched + resumed_ == fin + (c.all - c.done) && queue == 0 &&
           running == 0 && flaky_suspended;
  }

  const Options o_;
  const std::string db_, bots_;
  Arena a_;
  std::vector<Served> servers_;
  v1::TournamentStatus status_;
  int64_t id_ = 0;
  std::mt19937 rng_{7};
  Clock::time_point t_start_, t_arena_, t_bot_, t_chunk_;
  // CPU of the arenas killed so far, and the total at the chunk's start.
  double cpu_dead_ = 0, cpu_chunk_ = 0;
  int restarts_ = 0, kills_ = 0, chunk_start_ = 0, done_ = 0, base_ = 0;
  int resumed_ = 0;
  bool flaky_dead_ = false;
  int waited_polls_ = 0;  // status polls (every 200 ms) that said "waiting"
  std::string last_waiting_;
};

}  // namespace

int main(int argc, char** argv) { return Soak(ParseOptions(argc, argv)).Run(); }
