// Integration tests for the match runner: real bot processes on loopback
// ports, faults of every kind, redaction of every request, and replays.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "referee/bot_catalog.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "referee/rules/state.h"
#include "tests/common/server_process.h"
#include "tests/referee/view_hash.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::referee {
namespace {

using google::protobuf::util::TimeUtil;

const std::string kRandomBot = WOODLAND_RANDOM_BOT;
const std::string kFaultyBot = WOODLAND_FAULTY_BOT;

MatchOptions WithStartupTimeout(absl::Duration timeout) {
  MatchOptions options;
  options.connect.startup_timeout = timeout;
  return options;
}

// Checks, for every request sent, that the seat's observation holds its own
// hand exactly and no card hidden from it (Law 1.2).
class RedactionChecker : public MatchListener {
 public:
  void OnRequest(const rules::State& s,
                 const v1::DecisionRequest& sent) override {
    ++requests;
    // Issue 19: a request may leave out an unchanged observation; it is
    // the seat's previous one, which must be the seat's view now.
    v1::DecisionRequest r = sent;
    if (sent.observation_unchanged()) {
      ++unchanged;
      EXPECT_EQ(sent.observation().ByteSizeLong(), 0u);
      *r.mutable_observation() = last[sent.seat()];
      v1::Observation now;
      ObservationToProto(s, sent.seat(), &now);
      EXPECT_EQ(now.SerializeAsString(), r.observation().SerializeAsString());
    } else {
      last[sent.seat()] = sent.observation();
    }
    const int seat = r.seat();
    std::set<int> hidden;  // other hands and the deck
    for (int o = 0; o < s.num_seats(); ++o) {
      if (o != seat)
        hidden.insert(s.seat(o).hand.begin(), s.seat(o).hand.end());
    }
    hidden.insert(s.deck().begin(), s.deck().end());
    if (s.seat(seat).faction != rules::kAlliance) {
      hidden.insert(s.alliance().supporters.begin(),
                    s.alliance().supporters.end());
      EXPECT_EQ(r.observation().alliance().supporter_cards_size(), 0);
    }
    std::set<int> revealed;
    for (const auto& rh : r.observation().revealed_hands()) {
      for (const auto& c : rh.cards()) revealed.insert(c.id());
    }
    auto check = [&](const v1::Card& c, const char* where) {
      if (c.name().empty()) return;
      if (hidden.count(c.id()) && !revealed.count(c.id())) {
        ADD_FAILURE() << "seat " << seat << " sees hidden card " << c.id()
                      << " in " << where;
      }
    };
    const v1::Observation& o = r.observation();
    std::vector<int> hand;
    for (const auto& c : o.hand()) hand.push_back(c.id());
    std::vector<int> truth(s.seat(seat).hand.begin(), s.seat(seat).hand.end());
    EXPECT_EQ(hand, truth);
    for (const auto& c : o.discard_pile()) check(c, "discard");
    for (const auto& sv : o.seats()) {
      for (const auto& c : sv.play_area()) check(c, "play area");
      check(sv.dominance(), "dominance");
    }
    for (const auto& col : o.eyrie().decree()) {
      for (const auto& c : col.cards()) check(c, "decree");
    }
    for (const auto& opt : r.options()) {
      if (opt.has_card()) check(opt.card(), "option");
      if (opt.has_decree()) check(opt.decree().card(), "option");
      if (opt.has_suit()) check(opt.suit().card(), "option");
    }
    // Events may name cards that were public when they happened (discards,
    // crafts, cards taken from the discard pile or the available dominance
    // cards). Private ones: draws never show their card, and a card passed
    // from hand to hand (a >= 0) is shown only to the two seats involved.
    for (const auto& e : r.events()) {
      if (e.kind() == "draw") {
        EXPECT_FALSE(e.has_card());
      }
      if (e.kind() == "take_card" && e.has_card() && e.a() >= 0) {
        EXPECT_TRUE(seat == e.seat() || seat == e.a())
            << "seat " << seat << " saw a private transfer: " << e.text();
      }
    }
    EXPECT_EQ(r.options_size(), static_cast<int>(s.options().size()));
  }
  int requests = 0, unchanged = 0;
  std::map<int, v1::Observation> last;
};

// Issue 9: the result's outcome is the rules' outcome. Rebuilds the final
// state from the replay alone and checks the end reason, the winners and
// every seat's VP, winner flag and faction in `out.result` against it; each
// seat's VP against the sum of its scoring events; and the end against the
// Law: a VP victory has a winner with 30 VP (Law 3.1), a dominance victory a
// winner with an activated dominance card (Law 3.3.1).
void ExpectOutcomeIsTheRules(const MatchOutput& out) {
  auto s = StateFromReplay(out.replay);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_TRUE(s->IsTerminal());
  const v1::MatchResult& r = out.result;
  EXPECT_EQ(r.end_reason(), EndReasonToProto(s->end_reason()));
  const std::vector<int> winners(s->winners().begin(), s->winners().end());
  EXPECT_EQ(std::vector<int>(r.winners().begin(), r.winners().end()), winners);
  ASSERT_EQ(r.seats_size(), s->num_seats());
  std::vector<int> scored(s->num_seats(), 0);
  for (const rules::Event& e : s->events()) {
    if (e.kind == rules::kEvVp) scored[e.seat] += e.d;
  }
  for (int i = 0; i < s->num_seats(); ++i) {
    const v1::SeatResult& sr = r.seats(i);
    EXPECT_EQ(sr.seat(), i);
    EXPECT_EQ(sr.faction(), FactionToProto(s->seat(i).faction)) << i;
    EXPECT_EQ(sr.victory_points(), s->seat(i).vp) << "seat " << i;
    EXPECT_EQ(sr.victory_points(), scored[i]) << "seat " << i;
    EXPECT_EQ(sr.winner(),
              std::find(winners.begin(), winners.end(), i) != winners.end())
        << "seat " << i;
  }
  switch (r.end_reason()) {
    case v1::END_REASON_VICTORY_POINTS: {
      ASSERT_FALSE(winners.empty());
      int best = 0;
      for (int w : winners) best = std::max(best, r.seats(w).victory_points());
      EXPECT_GE(best, 30) << "Law 3.1";
      break;
    }
    case v1::END_REASON_DOMINANCE: {
      ASSERT_FALSE(winners.empty());
      bool activated = false;
      for (int w : winners) activated |= s->seat(w).dominance != rules::kNoCard;
      EXPECT_TRUE(activated) << "Law 3.3.1";
      break;
    }
    case v1::END_REASON_TURN_LIMIT:
      break;
    default:
      ADD_FAILURE() << "end reason " << v1::EndReason_Name(r.end_reason());
  }
}

TEST(Match, FullMatchBetweenBotProcessesAndItsReplay) {
  RedactionChecker checker;
  auto out =
      RunMatch(test_util::TwoSeatSpec("exec:" + kRandomBot,
                                      "exec:" + kRandomBot + " --seed 3"),
               MatchOptions{}, &checker);
  ASSERT_TRUE(out.ok()) << out.status();
  const v1::MatchResult& r = out->result;
  EXPECT_NE(r.end_reason(), v1::END_REASON_UNSPECIFIED);
  EXPECT_GT(r.decisions(), 50);
  EXPECT_EQ(checker.requests, r.decisions());
  for (const auto& seat : r.seats()) {
    EXPECT_EQ(seat.faults_size(), 0) << seat.DebugString();
    EXPECT_EQ(seat.bot_info().name(), "random");
  }
  // The replay, through its JSON form, rebuilds the identical final state.
  std::string json;
  ASSERT_TRUE(
      google::protobuf::util::MessageToJsonString(out->replay, &json).ok());
  v1::Replay back;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &back).ok());
  auto s = StateFromReplay(back);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(HashHex(s->Hash()), r.final_state_hash());
  EXPECT_EQ(s->Hash(), out->final_state->Hash());
  ExpectOutcomeIsTheRules(*out);
}

TEST(Match, FourPlayerMatchBetweenBotProcesses) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kRandomBot, "exec:" + kRandomBot + " --seed 2", 21);
  for (auto [f, seed] :
       {std::pair{v1::FACTION_ALLIANCE, 3}, {v1::FACTION_VAGABOND, 4}}) {
    auto* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("exec:" + kRandomBot + " --seed " + std::to_string(seed));
  }
  spec.set_shuffle_seats(true);
  RedactionChecker checker;
  auto out = RunMatch(spec, MatchOptions{}, &checker);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->result.seats_size(), 4);
  for (const auto& seat : out->result.seats()) EXPECT_EQ(seat.faults_size(), 0);
  auto s = StateFromReplay(out->replay);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(HashHex(s->Hash()), out->result.final_state_hash());
  ExpectOutcomeIsTheRules(*out);
}

// Issue 9: over several seeds of 2- and 4-player matches, every result's
// winners and VP are the rules' (and the seeds reach a VP victory, so the
// Law 3.1 check is exercised).
TEST(Match, Issue9_WinnersAndVpAreTheFinalStates) {
  std::set<v1::EndReason> ends;
  for (int players : {2, 4}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      v1::MatchSpec spec =
          test_util::TwoSeatSpec("builtin:random", "builtin:random", seed);
      if (players == 4) {
        for (auto f : {v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND}) {
          auto* seat = spec.add_seats();
          seat->set_faction(f);
          seat->set_bot("builtin:random");
        }
        spec.set_shuffle_seats(true);
      }
      auto out = RunMatch(spec, MatchOptions{});
      ASSERT_TRUE(out.ok()) << out.status();
      SCOPED_TRACE(absl::StrCat(players, " players, seed ", seed));
      ExpectOutcomeIsTheRules(*out);
      ends.insert(out->result.end_reason());
    }
  }
  EXPECT_TRUE(ends.count(v1::END_REASON_VICTORY_POINTS));
}

// Issue 12: the table configuration (map, setup mode, landmarks) is
// played, recorded in the replay and verified from it.
TEST(Match, Issue12_TableSetupIsPlayedRecordedAndVerified) {
  v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random", 5);
  auto* seat = spec.add_seats();
  seat->set_faction(v1::FACTION_ALLIANCE);
  seat->set_bot("builtin:random");
  spec.set_map("winter");
  spec.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  v1::LandmarkSpec* forge = spec.add_landmarks();
  forge->set_landmark("forge");
  forge->set_clearing(7);
  spec.add_landmarks()->set_landmark("random");
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  const v1::MatchSpec& recorded = out->replay.spec();
  EXPECT_EQ(recorded.setup_mode(), v1::SETUP_MODE_ADVANCED);
  ASSERT_EQ(recorded.landmarks_size(), 2);
  EXPECT_EQ(recorded.landmarks(0).landmark(), "forge");
  EXPECT_EQ(recorded.landmarks(0).clearing(), 7);
  auto mismatches = VerifyReplay(out->replay);
  ASSERT_TRUE(mismatches.ok()) << mismatches.status();
  EXPECT_TRUE(mismatches->empty());
  // Law 19.5.1: at most two; unknown landmarks are refused.
  spec.add_landmarks()->set_landmark("tower");
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec.mutable_landmarks()->DeleteSubrange(1, 2);
  spec.mutable_landmarks(0)->set_landmark("castle");
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// Records what RunMatch tells the bots of a drafting table.
class DraftLog : public MatchListener {
 public:
  void OnMatchStart(int seat, const v1::MatchStart& start) override {
    start_factions.push_back(start.faction());
    boxes = start.game().boxes_size();
  }
  void OnRequest(const rules::State& s, const v1::DecisionRequest& r) override {
    if (r.prompt().kind() != "setup.draft") return;
    if (drafts.empty()) last_in_turn_order = s.current_seat();
    drafts.push_back(r.seat());
    request_factions.push_back(r.faction());
    for (const v1::Option& o : r.options()) {
      if (!o.has_faction()) all_faction_options = false;
    }
  }
  std::vector<v1::Faction> start_factions, request_factions;
  std::vector<int> drafts;
  int last_in_turn_order = -1, boxes = 0;
  bool all_faction_options = true;
};

// Issue 12, Law 19.8: an advanced setup whose seats name no faction seats
// the bots (in an order drawn by RunMatch, 19.4) and they draft their
// factions; the result and the replay record the factions drafted and the
// replay verifies.
TEST(Match, Issue12_Law_19_8_DraftedSeatsPlayThroughRunMatch) {
  v1::MatchSpec spec;
  spec.set_seed(21);
  spec.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  spec.set_shuffle_seats(true);
  spec.set_map("lake");
  spec.set_deck("exiles");
  spec.set_max_turns(40);
  for (int i = 0; i < 3; ++i) spec.add_seats()->set_bot("builtin:random");
  for (auto f : {v1::FACTION_MARQUISE, v1::FACTION_EYRIE, v1::FACTION_ALLIANCE,
                 v1::FACTION_VAGABOND}) {
    spec.add_draft_pool(f);
  }
  DraftLog log;
  auto out = RunMatch(spec, MatchOptions{}, &log);
  ASSERT_TRUE(out.ok()) << out.status();
  // Before the draft no seat has a faction; the game shows the boxes of the
  // four dealt setup cards (19.8.2: one more than the players).
  ASSERT_EQ(log.start_factions.size(), 3u);
  for (v1::Faction f : log.start_factions)
    EXPECT_EQ(f, v1::FACTION_UNSPECIFIED);
  EXPECT_EQ(log.boxes, 4);
  // 19.8.3: three choices, the last player in turn order first, then
  // counterclockwise; each chooser has no faction yet and picks a faction.
  ASSERT_EQ(log.drafts.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(log.drafts[k], (log.last_in_turn_order + 2 - k) % 3);
    EXPECT_EQ(log.request_factions[k], v1::FACTION_UNSPECIFIED);
  }
  EXPECT_TRUE(log.all_faction_options);
  std::set<int> factions;
  for (const v1::SeatResult& sr : out->result.seats()) {
    EXPECT_NE(sr.faction(), v1::FACTION_UNSPECIFIED);
    EXPECT_NE(sr.faction(), v1::FACTION_VAGABOND_SECOND);
    EXPECT_LE(sr.faction(), v1::FACTION_VAGABOND) << "from the pool";
    factions.insert(sr.faction());
    EXPECT_EQ(out->replay.seat_factions(sr.seat()), sr.faction());
    EXPECT_EQ(sr.bot(), "builtin:random");
  }
  EXPECT_EQ(factions.size(), 3u);
  // The recorded spec holds the seat order played (no second shuffle).
  EXPECT_FALSE(out->replay.spec().shuffle_seats());
  auto mismatches = VerifyReplay(out->replay);
  ASSERT_TRUE(mismatches.ok()) << mismatches.status();
  EXPECT_TRUE(mismatches->empty()) << (*mismatches)[0];
  auto again = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->result.final_state_hash(), out->result.final_state_hash());
}

// Law 19.8: the draft's fields are for a drafting table only, and bounded.
TEST(Match, Issue12_Law_19_8_1_DraftFieldsAreChecked) {
  v1::MatchSpec spec;
  spec.set_seed(3);
  spec.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  for (int i = 0; i < 2; ++i) spec.add_seats()->set_bot("builtin:random");
  spec.set_vagabond_setup_cards(3);
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec.set_vagabond_setup_cards(1);
  // Two players draft militant factions only (19.8.2.I): a pool of one
  // militant faction is too small for two seats.
  spec.add_draft_pool(v1::FACTION_MARQUISE);
  spec.add_draft_pool(v1::FACTION_ALLIANCE);
  spec.add_draft_pool(v1::FACTION_VAGABOND);
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  // A seat naming a faction makes it no draft: the draft fields are refused.
  spec.mutable_seats(0)->set_faction(v1::FACTION_MARQUISE);
  spec.mutable_seats(1)->set_faction(v1::FACTION_EYRIE);
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec.clear_draft_pool();
  EXPECT_TRUE(RunMatch(spec, MatchOptions{}).ok());
}

TEST(Match, SameSeedSameBotsSameMatch) {
  auto a =
      RunMatch(test_util::TwoSeatSpec("builtin:random", "builtin:random", 11),
               MatchOptions{});
  auto b =
      RunMatch(test_util::TwoSeatSpec("builtin:random", "builtin:random", 11),
               MatchOptions{});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->result.final_state_hash(), b->result.final_state_hash());
}

// Records, per request, the seat, its counters and the seat whose turn it is.
class RequestLog : public MatchListener {
 public:
  void OnRequest(const rules::State& s, const v1::DecisionRequest& r) override {
    if (first_current < 0) first_current = s.current_seat();
    seats.push_back(r.seat());
    seat_index.push_back(r.seat_decision_index());
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    legacy_index.push_back(r.decision_index());
#pragma GCC diagnostic pop
  }
  int first_current = -1;
  std::vector<int> seats;
  std::vector<int64_t> seat_index, legacy_index;
};

// Issue 16.6: a request counts only its own seat's decisions, so what one
// seat sees does not depend on how often (or whether) others were asked,
// e.g. whether a defender held an ambush card and was asked to use it.
TEST(Match, Issue16_RequestsCountOnlyTheSeatsOwnDecisions) {
  RequestLog log;
  v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random", 4);
  for (auto f : {v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND}) {
    auto* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("builtin:random");
  }
  auto out = RunMatch(spec, MatchOptions{}, &log);
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<int64_t> own(4, 0);
  bool interleaved = false;
  for (size_t i = 0; i < log.seats.size(); ++i) {
    const int seat = log.seats[i];
    EXPECT_EQ(log.seat_index[i], own[seat]) << "request " << i;
    EXPECT_EQ(log.legacy_index[i], own[seat]) << "request " << i;
    ++own[seat];
    interleaved |= i > 0 && log.seats[i - 1] != seat;
  }
  EXPECT_TRUE(interleaved) << "the seats took turns";
  int64_t total = 0;
  for (const v1::SeatResult& sr : out->result.seats()) {
    EXPECT_EQ(sr.decisions(), own[sr.seat()]);
    total += sr.decisions();
  }
  EXPECT_EQ(total, out->result.decisions());
}

// Issue 19.3: requests are built in a per-seat arena reset for each
// decision; every request still equals one built from scratch (prompt,
// options, observation) and nothing of a previous request is left in it.
TEST(Match, Issue19_ReusedRequestsEqualFreshlyBuiltOnes) {
  struct Fresh : MatchListener {
    void OnRequest(const rules::State& s,
                   const v1::DecisionRequest& r) override {
      ++requests;
      v1::DecisionRequest want;
      PromptToProto(s, want.mutable_prompt());
      for (const rules::Option& o : s.options())
        OptionToProto(s, o, want.add_options());
      ObservationToProto(s, r.seat(), want.mutable_observation());
      v1::DecisionRequest got;
      *got.mutable_prompt() = r.prompt();
      *got.mutable_options() = r.options();
      *got.mutable_observation() = r.observation();
      if (got.SerializeAsString() != want.SerializeAsString()) ++differ;
      if (r.GetArena() == nullptr) ++heap;
    }
    int requests = 0, differ = 0, heap = 0;
  } fresh;
  v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random", 19);
  for (auto f : {v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND}) {
    auto* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("builtin:random");
  }
  auto out = RunMatch(spec, MatchOptions{}, &fresh);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(fresh.requests, out->result.decisions());
  EXPECT_GT(fresh.requests, 100);
  EXPECT_EQ(fresh.differ, 0);
  EXPECT_EQ(fresh.heap, 0) << "requests are built in the seat's arena";
}

// Issue 19: a bot that offers Play gets every decision on the stream (its
// Decide calls fail: any would be a fault), a bot that does not gets Decide
// calls, in one match; a bot that offers Play without serving it plays
// through Decide without a fault.
TEST(Match, Issue19_StreamingAndUnaryBotsInOneMatch) {
  for (const std::string first : {"streamonly --stream 1", "nostream"}) {
    SCOPED_TRACE(first);
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("exec:" + kFaultyBot + " --mode " + first,
                               "exec:" + kFaultyBot + " --mode strict", 23);
    RedactionChecker checker;
    auto out = RunMatch(spec, MatchOptions{}, &checker);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_GT(out->result.decisions(), 50);
    EXPECT_EQ(checker.requests, out->result.decisions());
    for (const auto& seat : out->result.seats())
      EXPECT_EQ(seat.faults_size(), 0) << seat.DebugString();
    ExpectOutcomeIsTheRules(*out);
  }
}

// Issue 19.3: bytes on a Play stream that are not a DecisionRequest (the
// bot server drops fields before parsing, with the shared wire scanner) end
// that stream with a status; the bot serves on, on that and other streams.
TEST(Match, Issue19_MalformedPlayBytesGetAStatusAndTheBotServesOn) {
  const std::string address = absl::StrCat("unix:", ::testing::TempDir(),
                                           "/malformed.", getpid(), ".sock");
  auto bot = ChildProcess::Start({kRandomBot, "--listen", address}, {});
  ASSERT_TRUE(bot.ok()) << bot.status();
  auto channel =
      grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  ASSERT_TRUE(channel->WaitForConnected(std::chrono::system_clock::now() +
                                        std::chrono::seconds(10)));
  v1::DecisionRequest good;
  good.set_match_id("m");
  good.add_options()->set_label("the only option");
  good.mutable_observation()->set_turn(3);
  good.add_events()->set_text("an event");
  const std::string bytes = good.SerializeAsString();
  // Sends `payload` on a new Play stream; the answer's status, and the
  // decision if one came.
  auto play = [&](const std::string& payload, v1::Decision* d) {
    grpc::GenericStub generic(channel);
    grpc::CompletionQueue cq;
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(5));
    auto call = generic.PrepareCall(&ctx, "/woodland.v1.Bot/Play", &cq);
    auto wait = [&] {
      void* tag;
      bool ok = false;
      EXPECT_TRUE(cq.Next(&tag, &ok));
      return ok;
    };
    call->StartCall(nullptr);
    EXPECT_TRUE(wait());
    grpc::Slice slice(payload);
    grpc::ByteBuffer out(&slice, 1), in;
    call->Write(out, nullptr);
    wait();
    call->WritesDone(nullptr);
    wait();
    call->Read(&in, nullptr);
    if (wait()) {
      std::vector<grpc::Slice> parts;
      EXPECT_TRUE(in.Dump(&parts).ok());
      std::string answer;
      for (const auto& p : parts)
        answer.append(reinterpret_cast<const char*>(p.begin()), p.size());
      EXPECT_TRUE(d->ParseFromString(answer));
    }
    grpc::Status st;
    call->Finish(&st, nullptr);
    EXPECT_TRUE(wait());
    return st;
  };
  for (const std::string& bad :
       {bytes.substr(0, bytes.size() - 3),
        std::string("\x0a\xff\xff\xff\xff\x0f", 6), std::string("\x0c", 1),
        std::string(11, '\xff'), std::string("\x32\x02\x0a\x05", 4)}) {
    v1::Decision d;
    EXPECT_EQ(play(bad, &d).error_code(), grpc::StatusCode::INTERNAL);
  }
  v1::Decision d;
  d.set_option_index(-1);
  EXPECT_TRUE(play(bytes, &d).ok());
  EXPECT_EQ(d.option_index(), 0);
  auto stub = v1::Bot::NewStub(channel);
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  v1::Decision unary;
  unary.set_option_index(-1);
  EXPECT_TRUE(stub->Decide(&ctx, good, &unary).ok());
  EXPECT_EQ(unary.option_index(), 0);
  EXPECT_TRUE((*bot)->Running());
}

// Issue 19: a bot that stops answering on its stream is a timeout at each
// decision's own deadline (not later), and each later decision goes on a
// new stream; the time bank counts down as with Decide calls.
TEST(Match, Issue19_SilentStreamTimesOutAtTheDecisionsDeadline) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode sleep --after 3 --stream 1",
      "builtin:random");
  *spec.mutable_decision_deadline() = TimeUtil::MillisecondsToDuration(250);
  spec.set_max_strikes(3);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  const v1::SeatResult& bad = out->result.seats(0);
  ASSERT_EQ(bad.faults_size(), 4) << bad.DebugString();
  int timeouts = 0;
  for (const v1::DecisionRecord& d : out->replay.decisions()) {
    if (d.fallback_reason() != v1::FAULT_REASON_TIMEOUT) continue;
    ++timeouts;
    const int64_t ms = TimeUtil::DurationToMilliseconds(d.latency());
    EXPECT_GE(ms, 250);
    EXPECT_LT(ms, 2000) << "the stream's wait ends at the deadline";
  }
  EXPECT_EQ(timeouts, 3);
  // 3 good answers, then three waits of 250 ms from the 60 s bank.
  const int64_t thinking =
      TimeUtil::DurationToMilliseconds(bad.thinking_time());
  EXPECT_GE(thinking, 750);
  EXPECT_TRUE(bad.replaced_by_fallback());
}

// Issue 19: the referee leaves out a seat's observation when it equals the
// seat's previous one (for a bot that accepts it: random_bot), and only
// then; RedactionChecker checks each left-out one against the seat's view.
TEST(Match, Issue19_UnchangedObservationsAreLeftOutOnlyWhenUnchanged) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kRandomBot, "exec:" + kFaultyBot + " --mode strict", 29);
  struct Both : RedactionChecker {
    void OnRequest(const rules::State& s,
                   const v1::DecisionRequest& r) override {
      RedactionChecker::OnRequest(s, r);
      if (r.seat() == 1) {
        EXPECT_FALSE(r.observation_unchanged());
      }
    }
  } checker;
  auto out = RunMatch(spec, MatchOptions{}, &checker);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(checker.requests, out->result.decisions());
  EXPECT_GT(checker.unchanged, 0);
  for (const auto& seat : out->result.seats())
    EXPECT_EQ(seat.faults_size(), 0) << seat.DebugString();
}

// Issue 19.3: the referee sends a seat's view as the bytes it serialized to
// compare views, and a board event's view unparsed; a bot receives exactly
// the request built (faulty_bot `viewhash` notes a hash of what it got), on
// Play streams and Decide calls, with a listener (which sees whole
// requests) and without one (the same match again, same answers).
TEST(Match, Issue19_BotsReceiveExactlyTheRequestsBuilt) {
  struct Hashes : MatchListener {
    void OnRequest(const rules::State&, const v1::DecisionRequest& r) override {
      hashes.push_back(test_util::ViewHash(r));
    }
    std::vector<std::string> hashes;
  } built;
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode viewhash --stream 1",
      "exec:" + kFaultyBot + " --mode viewhash", 31);
  for (auto f : {v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND}) {
    auto* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("exec:" + kFaultyBot + " --mode viewhash --stream 1");
  }
  auto with = RunMatch(spec, MatchOptions{}, &built);
  ASSERT_TRUE(with.ok()) << with.status();
  auto without = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(without.ok()) << without.status();
  ASSERT_EQ(built.hashes.size(), with->replay.decisions_size());
  ASSERT_EQ(without->replay.decisions_size(), with->replay.decisions_size());
  EXPECT_GT(built.hashes.size(), 200u);
  for (size_t i = 0; i < built.hashes.size(); ++i) {
    ASSERT_EQ(with->replay.decisions(i).note(), built.hashes[i]) << i;
    ASSERT_EQ(without->replay.decisions(i).note(), built.hashes[i]) << i;
  }
  for (const auto& seat : with->result.seats())
    EXPECT_EQ(seat.faults_size(), 0) << seat.DebugString();
}

// Issue 9.12, Law 5.1.1: the starting player is determined randomly (from
// the match seed) unless the request pins it; the result says which.
TEST(Match, Issue9_Law_5_1_1_StartingPlayerIsDrawnUnlessPinned) {
  std::set<int> firsts;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    RequestLog log;
    auto out = RunMatch(
        test_util::TwoSeatSpec("builtin:random", "builtin:random", seed),
        MatchOptions{}, &log);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_FALSE(out->result.first_seat_pinned());
    EXPECT_EQ(log.first_current, out->result.first_seat()) << "seed " << seed;
    firsts.insert(out->result.first_seat());
    // The replay records it and rebuilds the match.
    auto s = StateFromReplay(out->replay);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_EQ(HashHex(s->Hash()), out->result.final_state_hash());
    // Drawn from the seed: the same seed starts the same seat.
    auto again = RunMatch(
        test_util::TwoSeatSpec("builtin:random", "builtin:random", seed),
        MatchOptions{});
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->result.first_seat(), out->result.first_seat());
  }
  EXPECT_EQ(firsts, (std::set<int>{0, 1})) << "both seats start sometimes";
  for (int pinned : {0, 1}) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random", 3);
    spec.set_first_seat(pinned);
    RequestLog log;
    auto out = RunMatch(spec, MatchOptions{}, &log);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->result.first_seat_pinned());
    EXPECT_EQ(out->result.first_seat(), pinned);
    EXPECT_EQ(log.first_current, pinned);
  }
  v1::MatchSpec bad =
      test_util::TwoSeatSpec("builtin:random", "builtin:random", 3);
  bad.set_first_seat(2);
  EXPECT_EQ(RunMatch(bad, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// Issue 16.2: without a pinned seed the referee draws a secret one; the
// match id is random and not derived from it.
TEST(Match, Issue16_UnpinnedSeedIsSecretAndNotTheMatchId) {
  std::set<uint64_t> seeds;
  std::set<std::string> ids;
  for (int i = 0; i < 2; ++i) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random");
    spec.clear_seed();
    auto out = RunMatch(spec, MatchOptions{});
    ASSERT_TRUE(out.ok()) << out.status();
    const uint64_t seed = out->replay.seed();
    EXPECT_EQ(out->replay.spec().seed(), seed);
    EXPECT_EQ(out->result.match_id().find(absl::StrCat(seed)),
              std::string::npos);
    EXPECT_EQ(out->result.match_id().find(
                  absl::StrCat(absl::Hex(seed, absl::kZeroPad16))),
              std::string::npos);
    seeds.insert(seed);
    ids.insert(out->result.match_id());
    auto s = StateFromReplay(out->replay);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(HashHex(s->Hash()), out->result.final_state_hash());
  }
  EXPECT_EQ(seeds.size(), 2u);
  EXPECT_EQ(ids.size(), 2u);
  // Not a small (brute-forceable) number: at least one of two draws is
  // above 2^40 unless the source is broken (chance 2^-48).
  EXPECT_GT(*seeds.rbegin(), uint64_t{1} << 40);
}

// Every Card message present anywhere in `m` (a path for each one).
void FindCards(const google::protobuf::Message& m, const std::string& path,
               std::vector<std::pair<std::string, const v1::Card*>>* out) {
  if (const auto* c = dynamic_cast<const v1::Card*>(&m)) {
    out->push_back({path, c});
    return;
  }
  const google::protobuf::Reflection* r = m.GetReflection();
  std::vector<const google::protobuf::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const auto* f : fields) {
    if (f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE)
      continue;
    if (f->is_repeated()) {
      for (int i = 0; i < r->FieldSize(m, f); ++i)
        FindCards(r->GetRepeatedMessage(m, f, i), path + "." + f->name(), out);
    } else {
      FindCards(r->GetMessage(m, f), path + "." + f->name(), out);
    }
  }
}

// Issue 16 (minor): "no card" is an absent Card field, never Card{id: 0}
// (card 0 is a real card): every Card a request carries names a card.
TEST(Match, Issue16_EveryCardSentIsARealCard) {
  struct Checker : MatchListener {
    void OnRequest(const rules::State& s,
                   const v1::DecisionRequest& r) override {
      std::vector<std::pair<std::string, const v1::Card*>> cards;
      FindCards(r, "request", &cards);
      for (const auto& [path, c] : cards) {
        ++seen;
        if (c->name().empty() && bad++ < 5)
          ADD_FAILURE() << path << " is an empty card: " << r.prompt().kind();
      }
    }
    int seen = 0, bad = 0;
  };
  for (uint64_t seed : {1, 2, 3}) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random", seed);
    for (auto f : {v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND}) {
      auto* seat = spec.add_seats();
      seat->set_faction(f);
      seat->set_bot("builtin:random");
    }
    Checker checker;
    ASSERT_TRUE(RunMatch(spec, MatchOptions{}, &checker).ok());
    EXPECT_GT(checker.seen, 100);
    EXPECT_EQ(checker.bad, 0) << "seed " << seed;
  }
}

struct FaultCase {
  std::string mode;
  v1::FaultReason reason;
  bool stream = false;  // issue 19: the faults on a Play stream
};

class Faults : public ::testing::TestWithParam<FaultCase> {};

TEST_P(Faults, EachMatchFinishesAndEachFaultIsRecorded) {
  const FaultCase& fc = GetParam();
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode " + fc.mode + " --after 5" +
          (fc.stream ? " --stream 1" : ""),
      "builtin:random");
  // The flooding bot writes 2 MB to stderr and sends a 2 MB answer before the
  // deadline counts: on a loaded machine that took more than 300 ms and was
  // recorded as a timeout. Only the sleeping bot needs the short deadline.
  *spec.mutable_decision_deadline() =
      TimeUtil::MillisecondsToDuration(fc.mode == "flood" ? 5000 : 300);
  spec.set_max_strikes(3);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  const v1::MatchResult& r = out->result;
  EXPECT_NE(r.end_reason(), v1::END_REASON_UNSPECIFIED);
  const v1::SeatResult& bad = r.seats(0);
  ASSERT_GT(bad.faults_size(), 0);
  EXPECT_EQ(bad.faults(0).reason(), fc.reason) << bad.DebugString();
  EXPECT_TRUE(bad.replaced_by_fallback());
  EXPECT_EQ(bad.faults(bad.faults_size() - 1).reason(),
            v1::FAULT_REASON_REPLACED);
  EXPECT_EQ(r.seats(1).faults_size(), 0);
  // The fallback's choices are in the replay, which still rebuilds the match.
  auto s = StateFromReplay(out->replay);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(HashHex(s->Hash()), r.final_state_hash());
}

INSTANTIATE_TEST_SUITE_P(
    Modes, Faults,
    ::testing::Values(FaultCase{"sleep", v1::FAULT_REASON_TIMEOUT},
                      FaultCase{"exit", v1::FAULT_REASON_CRASHED},
                      FaultCase{"minus1", v1::FAULT_REASON_INVALID},
                      FaultCase{"huge", v1::FAULT_REASON_INVALID},
                      FaultCase{"flood", v1::FAULT_REASON_INVALID},
                      FaultCase{"error", v1::FAULT_REASON_TRANSPORT},
                      FaultCase{"sleep", v1::FAULT_REASON_TIMEOUT, true},
                      FaultCase{"exit", v1::FAULT_REASON_CRASHED, true},
                      FaultCase{"minus1", v1::FAULT_REASON_INVALID, true},
                      FaultCase{"huge", v1::FAULT_REASON_INVALID, true},
                      FaultCase{"flood", v1::FAULT_REASON_INVALID, true},
                      FaultCase{"error", v1::FAULT_REASON_TRANSPORT, true},
                      FaultCase{"streamclose", v1::FAULT_REASON_TRANSPORT,
                                true}),
    [](const auto& info) {
      return info.param.mode + (info.param.stream ? "_stream" : "");
    });

// Issue 9: a seat faults exactly max_strikes times, each recorded with its
// reason at the decision it happened; then the fallback plays every one of
// its remaining decisions (recorded as REPLACED in the replay).
TEST(Match, Issue9_FaultsStopAtMaxStrikesThenTheFallbackPlays) {
  constexpr int kGood = 5;  // the faulty bot answers well this many times
  for (const auto& [mode, reason] :
       std::vector<std::pair<std::string, v1::FaultReason>>{
           {"minus1", v1::FAULT_REASON_INVALID},
           {"error", v1::FAULT_REASON_TRANSPORT},
           {"sleep", v1::FAULT_REASON_TIMEOUT}}) {
    for (int k : {1, 2, 4}) {
      if (mode == "sleep" && k == 4) continue;  // slow; 1 and 2 suffice
      SCOPED_TRACE(absl::StrCat(mode, ", max_strikes ", k));
      v1::MatchSpec spec =
          test_util::TwoSeatSpec("exec:" + kFaultyBot + " --mode " + mode +
                                     " --after " + std::to_string(kGood),
                                 "builtin:random");
      *spec.mutable_decision_deadline() = TimeUtil::MillisecondsToDuration(300);
      spec.set_max_strikes(k);
      auto out = RunMatch(spec, MatchOptions{});
      ASSERT_TRUE(out.ok()) << out.status();
      const v1::SeatResult& bad = out->result.seats(0);
      ASSERT_EQ(bad.faults_size(), k + 1) << bad.DebugString();
      for (int i = 0; i < k; ++i) {
        EXPECT_EQ(bad.faults(i).reason(), reason) << bad.DebugString();
        EXPECT_FALSE(bad.faults(i).detail().empty());
      }
      const v1::Fault& replaced = bad.faults(k);
      EXPECT_EQ(replaced.reason(), v1::FAULT_REASON_REPLACED);
      EXPECT_EQ(replaced.decision_index(), bad.faults(k - 1).decision_index());
      EXPECT_EQ(replaced.detail(), absl::StrCat(k, " faults"));
      EXPECT_TRUE(bad.replaced_by_fallback());
      EXPECT_EQ(out->result.seats(1).faults_size(), 0);
      EXPECT_FALSE(out->result.seats(1).replaced_by_fallback());
      // The replay: kGood answers of the bot, k faults at the recorded
      // decisions, then only the fallback.
      std::vector<v1::FaultReason> got;
      std::vector<int64_t> fault_at;
      for (const v1::DecisionRecord& d : out->replay.decisions()) {
        if (d.seat() != 0) {
          EXPECT_EQ(d.fallback_reason(), v1::FAULT_REASON_UNSPECIFIED);
          continue;
        }
        got.push_back(d.fallback_reason());
        if (d.fallback_reason() != v1::FAULT_REASON_UNSPECIFIED &&
            d.fallback_reason() != v1::FAULT_REASON_REPLACED) {
          fault_at.push_back(d.index());
        }
      }
      ASSERT_EQ(static_cast<int64_t>(got.size()), bad.decisions());
      ASSERT_GT(got.size(), static_cast<size_t>(kGood + k));
      for (size_t i = 0; i < got.size(); ++i) {
        const int at = static_cast<int>(i);
        const v1::FaultReason want = at < kGood ? v1::FAULT_REASON_UNSPECIFIED
                                     : at < kGood + k
                                         ? reason
                                         : v1::FAULT_REASON_REPLACED;
        EXPECT_EQ(got[i], want) << "seat 0's decision " << i;
      }
      ASSERT_EQ(fault_at.size(), static_cast<size_t>(k));
      for (int i = 0; i < k; ++i)
        EXPECT_EQ(bad.faults(i).decision_index(), fault_at[i]);
      ExpectOutcomeIsTheRules(*out);
    }
  }
}

// A crash replaces the seat at once, whatever max_strikes allows: one
// CRASHED fault, then REPLACED.
TEST(Match, Issue9_ACrashReplacesTheSeatAtOnce) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode exit --after 5", "builtin:random");
  spec.set_max_strikes(4);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  const v1::SeatResult& bad = out->result.seats(0);
  ASSERT_EQ(bad.faults_size(), 2) << bad.DebugString();
  EXPECT_EQ(bad.faults(0).reason(), v1::FAULT_REASON_CRASHED);
  EXPECT_EQ(bad.faults(1).reason(), v1::FAULT_REASON_REPLACED);
  EXPECT_EQ(bad.faults(1).decision_index(), bad.faults(0).decision_index());
  EXPECT_TRUE(bad.replaced_by_fallback());
  ExpectOutcomeIsTheRules(*out);
}

TEST(Match, GarbageSpeakingBotIsAStartupFault) {
  auto out =
      RunMatch(test_util::TwoSeatSpec("exec:" + kFaultyBot + " --mode garbage",
                                      "builtin:random"),
               WithStartupTimeout(absl::Seconds(2)));
  ASSERT_TRUE(out.ok());
  const v1::SeatResult& bad = out->result.seats(0);
  ASSERT_GE(bad.faults_size(), 1);
  EXPECT_EQ(bad.faults(0).reason(), v1::FAULT_REASON_STARTUP);
  EXPECT_TRUE(bad.replaced_by_fallback());
}

TEST(Match, UnreachableBotIsAStartupFault) {
  auto out =
      RunMatch(test_util::TwoSeatSpec("grpc://127.0.0.1:1", "builtin:random"),
               WithStartupTimeout(absl::Milliseconds(500)));
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->result.seats(0).faults(0).reason(), v1::FAULT_REASON_STARTUP);
}

TEST(Match, MissingProgramIsAStartupFault) {
  auto out = RunMatch(
      test_util::TwoSeatSpec("exec:/nonexistent/bot", "builtin:random"),
      WithStartupTimeout(absl::Seconds(2)));
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->result.seats(0).faults(0).reason(), v1::FAULT_REASON_STARTUP);
}

TEST(Match, TimeBankRunsOut) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode sleep", "builtin:random");
  *spec.mutable_decision_deadline() = TimeUtil::MillisecondsToDuration(200);
  *spec.mutable_time_bank() = TimeUtil::MillisecondsToDuration(300);
  spec.set_max_strikes(10);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok());
  std::set<int> reasons;
  for (const auto& f : out->result.seats(0).faults())
    reasons.insert(f.reason());
  EXPECT_TRUE(reasons.count(v1::FAULT_REASON_TIMEOUT));
  EXPECT_TRUE(reasons.count(v1::FAULT_REASON_TIME_BANK));
}

TEST(Match, BadSpecsAreRejectedWithClearErrors) {
  v1::MatchSpec spec = test_util::TwoSeatSpec("builtin:random", "nonsense");
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec = test_util::TwoSeatSpec("builtin:random", "builtin:random");
  spec.mutable_seats(1)->set_faction(v1::FACTION_MARQUISE);
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec = test_util::TwoSeatSpec("builtin:random", "builtin:random");
  spec.mutable_seats(1)->set_faction(v1::FACTION_UNSPECIFIED);
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec = test_util::TwoSeatSpec("builtin:random", "builtin:random");
  spec.set_map("nowhere");
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kNotFound);
}

// Law 9.7 and 26: a spec may fix a Vagabond's character; every seated
// Vagabond's board is in the observation (field 23), the first one's also in
// field 16 for older bots.
TEST(Match, Law_9_7_TwoVagabondsTheirCharactersAndViews) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kVagabond,
                    rules::kVagabond2};
  setup.first_seat = 0;
  setup.characters = {{rules::kVagabond2, 8}};  // Ronin (Law 26.9)
  auto s = rules::State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok()) << s.status();
  while (s->phase() == rules::kPhaseSetup) ASSERT_TRUE(s->Apply(0).ok());
  v1::Observation o;
  ObservationToProto(*s, 0, &o);
  ASSERT_EQ(o.vagabonds_size(), 2);
  EXPECT_EQ(o.vagabonds(0).faction(), v1::FACTION_VAGABOND);
  EXPECT_EQ(o.vagabonds(1).faction(), v1::FACTION_VAGABOND_SECOND);
  EXPECT_EQ(o.vagabonds(1).character(), "Ronin");
  EXPECT_EQ(o.vagabond().faction(), v1::FACTION_VAGABOND);
  EXPECT_EQ(o.vagabonds(1).quests_size(), 3) << "shared quests (9.7.2)";
  EXPECT_EQ(o.vagabonds(1).relationships_size(), 2)
      << "Marquise and Eyrie only: no marker for a Vagabond (9.2.9)";

  v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random");
  spec.mutable_seats(1)->set_faction(v1::FACTION_VAGABOND);
  spec.mutable_seats(1)->set_character("nobody");
  EXPECT_EQ(RunMatch(spec, MatchOptions{}).status().code(),
            absl::StatusCode::kInvalidArgument);
  spec.mutable_seats(1)->set_character("harrier");
  spec.set_seed(3);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Regression: bots launched at the same moment by different referees could
// be handed the same port; the one that lost the bind exited and its
// referee then talked to the other match's bot. Every launched bot must be
// reached at a port it bound itself.
TEST(Match, ConcurrentlyLaunchedBotsAreEachReachedAtTheirOwnPort) {
  constexpr int kBots = 24;
  std::vector<std::unique_ptr<BotConnection>> bots(kBots);
  std::vector<std::thread> threads;
  for (int i = 0; i < kBots; ++i) {
    threads.emplace_back([&, i] {
      auto b =
          ConnectBot("exec:" + kRandomBot + " --name bot" + std::to_string(i),
                     ConnectOptions{});
      if (b.ok()) bots[i] = *std::move(b);
    });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < kBots; ++i) {
    ASSERT_NE(bots[i], nullptr) << i;
    auto info = bots[i]->Hello(absl::Seconds(10));
    ASSERT_TRUE(info.ok()) << i << ": " << info.status();
    EXPECT_EQ(info->name(), "bot" + std::to_string(i))
        << "reached another match's bot";
    EXPECT_FALSE(bots[i]->Exited()) << i;
  }
}

// Issue 19.3: a bot whose Hello, StartMatch and EndMatch each take
// kSlowCall; it notes when each of those calls reaches it, and decides at
// random.
class SlowGreetingBot final : public v1::Bot::Service {
 public:
  static constexpr absl::Duration kSlowCall = absl::Milliseconds(300);
  grpc::Status Hello(grpc::ServerContext*, const v1::HelloRequest*,
                     v1::BotInfo* info) override {
    info->set_name("slow-greeting");
    return Slow("Hello");
  }
  grpc::Status StartMatch(grpc::ServerContext*, const v1::MatchStart*,
                          v1::Ack*) override {
    return Slow("StartMatch");
  }
  grpc::Status EndMatch(grpc::ServerContext*, const v1::MatchEnd*,
                        v1::Ack*) override {
    return Slow("EndMatch");
  }
  grpc::Status Decide(grpc::ServerContext*, const v1::DecisionRequest* r,
                      v1::Decision* d) override {
    std::lock_guard<std::mutex> lock(mu_);
    d->set_option_index(static_cast<int>(rng_() % r->options_size()));
    return grpc::Status::OK;
  }
  // When the calls named `method` arrived.
  std::vector<absl::Time> Arrivals(const std::string& method) {
    std::lock_guard<std::mutex> lock(mu_);
    return arrivals_[method];
  }

 private:
  grpc::Status Slow(const std::string& method) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      arrivals_[method].push_back(absl::Now());
    }
    absl::SleepFor(kSlowCall);
    return grpc::Status::OK;
  }
  std::mutex mu_;
  std::map<std::string, std::vector<absl::Time>> arrivals_;
  std::mt19937 rng_{7};
};

// Issue 19.3: each seat's Hello, StartMatch and EndMatch go to all bots at
// once: two bots whose calls each take 300 ms are greeted and started in
// about 600 ms, not 1.2 s, and ended in about 300 ms, not 600.
TEST(Match, Issue19_3_ASlowBotDelaysNoOtherSeatsGreetingOrEnd) {
  // Two bots, each on its own socket (its own connection).
  SlowGreetingBot bots[2];
  std::unique_ptr<grpc::Server> servers[2];
  std::string specs[2];
  for (int i = 0; i < 2; ++i) {
    const std::string address =
        absl::StrCat("unix:", ::testing::TempDir(), "/slow-greeting.", getpid(),
                     ".", i, ".sock");
    grpc::ServerBuilder builder;
    builder.AddListeningPort(address, grpc::InsecureServerCredentials());
    builder.RegisterService(&bots[i]);
    servers[i] = builder.BuildAndStart();
    ASSERT_NE(servers[i], nullptr);
    specs[i] = "grpc://" + address;
  }
  struct Times : MatchListener {
    void OnRequest(const rules::State&, const v1::DecisionRequest&) override {
      if (first_request == absl::InfinitePast()) first_request = absl::Now();
      last_request = absl::Now();
    }
    absl::Time first_request = absl::InfinitePast(), last_request;
  } times;
  v1::MatchSpec spec = test_util::TwoSeatSpec(specs[0], specs[1]);
  spec.set_max_turns(3);
  const absl::Time t0 = absl::Now();
  auto out = RunMatch(spec, MatchOptions{}, &times);
  const absl::Time t1 = absl::Now();
  ASSERT_TRUE(out.ok()) << out.status();
  for (const v1::SeatResult& seat : out->result.seats())
    EXPECT_EQ(seat.faults_size(), 0) << seat.DebugString();
  for (const char* method : {"Hello", "StartMatch", "EndMatch"}) {
    const std::vector<absl::Time> at0 = bots[0].Arrivals(method);
    const std::vector<absl::Time> at1 = bots[1].Arrivals(method);
    ASSERT_EQ(at0.size(), 1u) << method;
    ASSERT_EQ(at1.size(), 1u) << method;
    EXPECT_LT(absl::AbsDuration(at1[0] - at0[0]), absl::Milliseconds(150))
        << method << " reached one bot only after the other had answered";
  }
  EXPECT_LT(times.first_request - t0, absl::Milliseconds(1000));
  EXPECT_LT(t1 - times.last_request, absl::Milliseconds(550));
  for (auto& server : servers) server->Shutdown();
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Issue 16.1: the operator's catalogue and endpoint allowlist.
TEST(BotCatalog, Issue16_NetworkSpecsNeedTheOperatorsConsent) {
  BotCatalog c;
  ASSERT_TRUE(c.AddFlag("alpha=exec:/opt/alpha --fast").ok());
  const std::string file = ::testing::TempDir() + "/catalog.txt";
  {
    std::ofstream f(file);
    f << "# comment\n\nbeta   exec:/opt/beta\ngamma builtin:random\n";
  }
  ASSERT_TRUE(c.AddFile(file).ok());
  ASSERT_TRUE(c.AllowEndpoint("10.0.0.7:50061").ok());
  ASSERT_TRUE(c.AllowEndpoint("bots.example:*").ok());
  ASSERT_TRUE(c.AllowEndpoint("192.168.4.0/24").ok());
  EXPECT_EQ(c.Names(), (std::vector<std::string>{"alpha", "beta", "gamma"}));
  EXPECT_EQ(*c.Resolve("catalog:alpha"), "exec:/opt/alpha --fast");
  EXPECT_EQ(*c.Resolve("catalog:beta"), "exec:/opt/beta");
  EXPECT_EQ(*c.Resolve("builtin:random"), "builtin:random");
  EXPECT_EQ(c.Resolve("catalog:delta").status().code(),
            absl::StatusCode::kNotFound);

  auto code = [&](const std::string& spec) {
    return c.CheckRemote(spec).code();
  };
  EXPECT_EQ(code("catalog:alpha"), absl::StatusCode::kOk);
  EXPECT_EQ(code("builtin:random"), absl::StatusCode::kOk);
  EXPECT_EQ(code("grpc://10.0.0.7:50061"), absl::StatusCode::kOk);
  EXPECT_EQ(code("grpc://bots.example:1234"), absl::StatusCode::kOk);
  EXPECT_EQ(code("grpc://192.168.4.200:80"), absl::StatusCode::kOk);
  EXPECT_EQ(code("catalog:delta"), absl::StatusCode::kNotFound);
  for (const char* denied :
       {"exec:/bin/touch /tmp/x", "exec:/opt/alpha --fast",
        "grpc://10.0.0.7:50062", "grpc://10.0.0.8:50061",
        "grpc://192.168.5.1:80", "grpc://127.0.0.1:22",
        "grpc://ipv4:192.168.4.1:80", "grpc://unix:/run/x.sock",
        "grpc://0300.0250.4.1:80", "grpc://bots.example:0"}) {
    EXPECT_EQ(code(denied), absl::StatusCode::kPermissionDenied) << denied;
  }
  EXPECT_EQ(code("carrier-pigeon"), absl::StatusCode::kInvalidArgument);

  // Bad entries are refused when the server starts.
  EXPECT_FALSE(c.AddFlag("alpha=builtin:random").ok()) << "defined twice";
  EXPECT_FALSE(c.AddFlag("a b=builtin:random").ok());
  EXPECT_FALSE(c.AddFlag("x=catalog:alpha").ok());
  EXPECT_FALSE(c.AllowEndpoint("10.0.0.0/33").ok());
  EXPECT_FALSE(c.AllowEndpoint("nohost").ok());
  EXPECT_FALSE(c.AllowEndpoint("host:70000").ok());

  // Metric labels are operator names, whatever a bot calls itself.
  EXPECT_EQ(BotCatalog::Label("catalog:alpha"), "alpha");
  EXPECT_EQ(BotCatalog::Label("builtin:random"), "builtin-random");
  EXPECT_EQ(BotCatalog::Label("grpc://10.0.0.7:50061"), "10.0.0.7:50061");
  EXPECT_EQ(BotCatalog::Label("exec:/opt/alpha --fast"), "exec");
}

TEST(BotCatalog, Issue16_RunMatchResolvesNamesAndReportsThem) {
  BotCatalog c;
  ASSERT_TRUE(c.Add("rnd", "builtin:random").ok());
  MatchOptions options;
  options.catalog = &c;
  auto out = RunMatch(test_util::TwoSeatSpec("catalog:rnd", "builtin:random"),
                      options);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->result.seats(0).bot(), "catalog:rnd");
  EXPECT_EQ(out->replay.spec().seats(0).bot(), "catalog:rnd");
  // Without a catalogue a name is a bad spec, not a launch.
  EXPECT_FALSE(RunMatch(test_util::TwoSeatSpec("catalog:rnd", "builtin:random"),
                        MatchOptions{})
                   .ok());
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Outside input in a match spec is bounded: an unknown character name is
// not echoed back at any length, and more suits than clearings are refused
// before they are read.
TEST(Match, SpecCharacterAndSuitsAreBounded) {
  v1::MatchSpec spec;
  for (v1::Faction f : {v1::FACTION_MARQUISE, v1::FACTION_VAGABOND}) {
    v1::SeatSpec* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("builtin:random");
  }
  spec.mutable_seats(1)->set_character(std::string(100000, 'x'));
  auto bad = SetupFromSpec(spec, 1000);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_LT(bad.status().message().size(), 200u);
  spec.mutable_seats(1)->clear_character();
  for (int i = 0; i < 100000; ++i) spec.add_suits(v1::SUIT_FOX);
  bad = SetupFromSpec(spec, 1000);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
}

// Issue 12: live updates only while watched. `Watched()` follows a pattern
// over the listener's requests; every update's events are collected.
class PatternWatcher : public MatchListener {
 public:
  explicit PatternWatcher(std::function<bool(int)> watched,
                          bool reads_requests = true)
      : watched_(std::move(watched)), reads_(reads_requests) {}
  bool Watched() const override { return watched_(requests_); }
  bool ReadsRequests() const override { return reads_; }
  void OnRequest(const rules::State&, const v1::DecisionRequest& r) override {
    ++requests_;
    if (r.has_observation()) ++with_observation;
  }
  void OnUpdate(const v1::MatchUpdate& u) override {
    ++updates;
    if (ended_ == 0) ++updates_before_end;
    if (u.has_result()) final_hash = u.result().final_state_hash();
    for (const v1::Event& e : u.events())
      events.push_back(e.SerializeAsString());
    if (u.events_size() > 0 && !u.has_result()) ++event_updates;
  }
  void OnMatchEnd(int, const v1::MatchEnd&) override { ++ended_; }

  std::vector<std::string> events;
  int updates = 0, updates_before_end = 0, event_updates = 0;
  int with_observation = 0;
  std::string final_hash;

 private:
  std::function<bool(int)> watched_;
  const bool reads_;
  int requests_ = 0;
  int ended_ = 0;
};

// Tables of every kind: the base game, the expansion factions, and an
// advanced-setup Exiles & Partisans table with hirelings on the Lake.
std::vector<v1::MatchSpec> WatchSpecs() {
  std::vector<v1::MatchSpec> specs;
  specs.push_back(
      test_util::TwoSeatSpec("builtin:random", "builtin:random", 7));
  v1::MatchSpec four;
  four.set_seed(11);
  for (v1::Faction f : {v1::FACTION_CULT, v1::FACTION_RIVERFOLK,
                        v1::FACTION_DUCHY, v1::FACTION_CORVID}) {
    v1::SeatSpec* seat = four.add_seats();
    seat->set_faction(f);
    seat->set_bot("builtin:random");
  }
  specs.push_back(four);
  v1::MatchSpec table = four;
  table.set_seed(12);
  table.set_map("lake");
  table.set_deck("exiles");
  table.mutable_seats(0)->set_faction(v1::FACTION_HUNDREDS);
  table.mutable_seats(1)->set_faction(v1::FACTION_KEEPERS);
  table.mutable_seats(2)->set_faction(v1::FACTION_VAGABOND);
  table.mutable_seats(3)->set_faction(v1::FACTION_EYRIE);
  table.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  for (int i = 0; i < 3; ++i) table.add_hirelings()->set_hireling("random");
  specs.push_back(table);
  return specs;
}

TEST(Match, Issue12_NoLiveUpdatesWhileUnwatched) {
  for (const v1::MatchSpec& spec : WatchSpecs()) {
    PatternWatcher never([](int) { return false; });
    auto out = RunMatch(spec, MatchOptions{}, &never);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(never.updates_before_end, 0) << "nothing while the match runs";
    // At the end: the unwatched events, in updates of at most 100, then
    // the result.
    const size_t n = out->final_state->events().size();
    EXPECT_EQ(never.events.size(), n);
    EXPECT_EQ(never.event_updates, static_cast<int>((n + 99) / 100));
    EXPECT_EQ(never.updates, never.event_updates + 1);
  }
}

TEST(Match, Issue12_EveryPublicEventOnceWhateverTheWatching) {
  const std::vector<std::function<bool(int)>> patterns = {
      [](int) { return false; },                // never
      [](int r) { return r >= 40; },            // a late watcher
      [](int r) { return (r / 17) % 2 == 0; },  // on and off
      [](int r) { return r % 3 == 1; },
  };
  for (const v1::MatchSpec& spec : WatchSpecs()) {
    PatternWatcher always([](int) { return true; });
    ASSERT_TRUE(RunMatch(spec, MatchOptions{}, &always).ok());
    ASSERT_GT(always.event_updates, 10);
    for (size_t p = 0; p < patterns.size(); ++p) {
      PatternWatcher w(patterns[p]);
      ASSERT_TRUE(RunMatch(spec, MatchOptions{}, &w).ok());
      // Converted late (from a later state), each event reads the same.
      EXPECT_EQ(w.events, always.events) << "pattern " << p;
      EXPECT_EQ(w.final_hash, always.final_hash);
      EXPECT_LT(w.event_updates, always.event_updates) << "pattern " << p;
    }
  }
}

// Issue 19.3 for listeners: one that does not read requests leaves the
// view as the referee's bytes, and the match is the same.
TEST(Match, Issue12_AListenerThatReadsNoRequestChangesNothing) {
  for (const v1::MatchSpec& spec : WatchSpecs()) {
    auto alone = RunMatch(spec, MatchOptions{});
    ASSERT_TRUE(alone.ok());
    PatternWatcher reads([](int) { return true; }, true);
    PatternWatcher blind([](int) { return false; }, false);
    auto a = RunMatch(spec, MatchOptions{}, &reads);
    auto b = RunMatch(spec, MatchOptions{}, &blind);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->result.final_state_hash(), alone->result.final_state_hash());
    EXPECT_EQ(b->result.final_state_hash(), alone->result.final_state_hash());
    EXPECT_GT(reads.with_observation, 0);
    EXPECT_EQ(blind.with_observation, 0);
    EXPECT_EQ(blind.events, reads.events);
  }
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Issue 19.3: the referee's own work between decisions (clearing the seat's
// previous request) runs while the bot thinks: on a Play stream `meanwhile`
// runs once the request is sent, well before the answer (the bot takes 40
// ms; 20 ms of slack for a loaded machine);
// without a stream, once, after the answer.
TEST(Match, Issue19_TheRefereesWorkOverlapsTheBotsThinking) {
  for (const bool stream : {true, false}) {
    SCOPED_TRACE(stream ? "stream" : "unary");
    auto bot = ConnectBot(
        "exec:" + kFaultyBot + " --mode slow" + (stream ? " --stream 1" : ""),
        ConnectOptions{});
    ASSERT_TRUE(bot.ok()) << bot.status();
    auto info = (*bot)->Hello(absl::Seconds(10));
    ASSERT_TRUE(info.ok()) << info.status();
    EXPECT_EQ(info->play_stream(), stream);
    v1::DecisionRequest r;
    r.set_match_id("overlap");
    for (int i = 0; i < 3; ++i) r.add_options()->set_label("option");
    int calls = 0;
    absl::Time meanwhile_at;
    const absl::Time sent_at = absl::Now();
    auto d = (*bot)->DecideOverlapped(r, absl::Seconds(5), [&] {
      ++calls;
      meanwhile_at = absl::Now();
    });
    const absl::Time answered_at = absl::Now();
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(calls, 1);
    EXPECT_GE(answered_at - sent_at, absl::Milliseconds(40));
    if (stream) {
      EXPECT_GE(answered_at - meanwhile_at, absl::Milliseconds(20))
          << "meanwhile ran while the bot thought";
    } else {
      EXPECT_GE(meanwhile_at - sent_at, absl::Milliseconds(40))
          << "after the answer";
    }
  }
}

}  // namespace
}  // namespace woodland::referee
