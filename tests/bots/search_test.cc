// The search bot (bots/search): its determinizations agree with everything
// its seat observes, the rebuilt decision is the one asked, and it cannot
// cheat: referee states that differ only in hidden information give it the
// same inputs and the same moves. Requests are built exactly as the referee
// builds them (referee/convert.h), in process.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "bots/heuristic/policy.h"
#include "bots/search/info_tracker.h"
#include "bots/search/ismcts.h"
#include "bots/search/playout_policy.h"
#include "bots/search/search_player.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/determinize.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"
#include "referee/rules/state.h"

namespace woodland {
namespace {

using rules::State;

rules::GameSetup BaseSetup(std::vector<int8_t> factions) {
  rules::GameSetup setup;
  setup.factions = std::move(factions);
  setup.first_seat = 0;
  setup.record_events = true;
  return setup;
}

v1::MatchStart StartOf(const State& s, int seat) {
  v1::MatchStart ms;
  ms.set_match_id("m");
  ms.set_seat(seat);
  ms.set_faction(referee::FactionToProto(s.seat(seat).faction));
  for (int j = 0; j < s.num_seats(); ++j)
    ms.add_seats(referee::FactionToProto(s.seat(j).faction));
  ms.set_map(s.def().setup.map);
  ms.set_deck(s.def().setup.deck);
  ms.set_first_seat(s.def().setup.first_seat);
  return ms;
}

// The request the referee sends `seat` now; `cursor` is where the seat's
// previous request left the event log.
v1::DecisionRequest RequestFor(const State& s, size_t* cursor, int64_t index) {
  const int seat = s.deciding_seat();
  v1::DecisionRequest req;
  req.set_match_id("m");
  req.set_seat(seat);
  req.set_faction(referee::FactionToProto(s.seat(seat).faction));
  req.set_seat_decision_index(index);
  *req.mutable_prompt() = referee::PromptToProto(s);
  for (const rules::Option& o : s.options())
    referee::OptionToProto(s, o, req.add_options());
  referee::ObservationToProto(s, seat, req.mutable_observation());
  for (; cursor != nullptr && *cursor < s.events().size(); ++*cursor)
    referee::EventToProto(s, s.events()[*cursor], seat, req.add_events());
  return req;
}

std::vector<rules::CardId> Sorted(std::vector<rules::CardId> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Everything public in `o` (and the seat's own hand) holds in `d` too.
void ExpectSameView(const rules::Observation& o, const rules::Observation& d) {
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    EXPECT_EQ(o.clearings[c].warriors, d.clearings[c].warriors)
        << "clearing " << c;
    EXPECT_EQ(o.clearings[c].pieces, d.clearings[c].pieces) << "clearing " << c;
  }
  for (size_t i = 0; i < o.seats.size(); ++i) {
    EXPECT_EQ(o.seats[i].vp, d.seats[i].vp);
    EXPECT_EQ(o.seats[i].hand_size, d.seats[i].hand_size) << "seat " << i;
    EXPECT_EQ(o.seats[i].play_area, d.seats[i].play_area);
    EXPECT_EQ(o.seats[i].items, d.seats[i].items);
    EXPECT_EQ(o.seats[i].dominance, d.seats[i].dominance);
  }
  EXPECT_EQ(Sorted(o.hand), Sorted(d.hand));
  EXPECT_EQ(Sorted(o.discard), Sorted(d.discard));
  EXPECT_EQ(o.available_dominance, d.available_dominance);
  EXPECT_EQ(o.item_supply, d.item_supply);
  EXPECT_EQ(o.decree, d.decree);
  EXPECT_EQ(o.viziers, d.viziers);
  EXPECT_EQ(o.eyrie_leader, d.eyrie_leader);
  EXPECT_EQ(o.supporters, d.supporters);
  EXPECT_EQ(o.officers, d.officers);
  EXPECT_EQ(o.quests, d.quests);
  ASSERT_EQ(o.vagabonds.size(), d.vagabonds.size());
  for (size_t v = 0; v < o.vagabonds.size(); ++v) {
    // Items as the protocol shows them (the "R" mark is not public yet).
    auto items = [](const rules::VagabondBoard& b) {
      std::vector<std::tuple<int, bool, bool>> out;
      for (const rules::VItem& it : b.items)
        out.emplace_back(it.kind, it.exhausted, it.damaged);
      return out;
    };
    EXPECT_EQ(items(o.vagabonds[v].board), items(d.vagabonds[v].board));
    EXPECT_EQ(o.vagabonds[v].board.clearing, d.vagabonds[v].board.clearing);
    EXPECT_EQ(o.vagabonds[v].board.relation, d.vagabonds[v].board.relation);
  }
  EXPECT_EQ(o.ruins_with_items, d.ruins_with_items);
}

// The expansion boards as the protocol shows them to `seat` (the request's
// views) equal the determinization's: what the seat sees is rebuilt.
void ExpectSameExpansionViews(const v1::Observation& want, const State& d,
                              int seat) {
  v1::Observation got;
  referee::ObservationToProto(d, seat, &got);
  EXPECT_EQ(want.cult().DebugString(), got.cult().DebugString());
  EXPECT_EQ(want.riverfolk().DebugString(), got.riverfolk().DebugString());
  EXPECT_EQ(want.duchy().DebugString(), got.duchy().DebugString());
  EXPECT_EQ(want.corvid().plots_size(), got.corvid().plots_size());
  EXPECT_EQ(want.corvid().plots_in_supply(), got.corvid().plots_in_supply());
  EXPECT_EQ(want.hundreds().DebugString(), got.hundreds().DebugString());
  EXPECT_EQ(want.keepers().DebugString(), got.keepers().DebugString());
}

struct Rebuilt {
  int checked = 0, matched = 0;
};

// Plays random games; at every third decision of the watched seat,
// rebuilds its information state from the request, checks a
// determinization against the seat's view and the engine's invariants, and
// plays a short random continuation from the resumed phase.
void CheckDeterminizations(const std::vector<std::vector<int8_t>>& tables,
                           int seeds, Rebuilt& out) {
  for (size_t t = 0; t < tables.size(); ++t) {
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(seeds); ++seed) {
      auto st = State::NewGame(BaseSetup(tables[t]), seed);
      ASSERT_TRUE(st.ok()) << st.status();
      State& s = *st;
      const int watched = static_cast<int>(seed % s.num_seats());
      bots::InfoTracker tracker(StartOf(s, watched));
      std::mt19937_64 rng(seed);
      size_t cursor = 0;
      for (int step = 0; step < 1500 && !s.IsTerminal(); ++step) {
        const int seat = s.deciding_seat();
        if (seat == watched && s.turn() > 0 && step % 3 == 0) {
          const v1::DecisionRequest req = RequestFor(s, &cursor, step);
          auto info = tracker.Update(req);
          ASSERT_TRUE(info.ok()) << info.status();
          ASSERT_TRUE(rules::Determinizable(*info));
          auto det = rules::Determinizer::Create(*info);
          ASSERT_TRUE(det.ok()) << det.status() << " table " << t;
          const State d = det->Deal(seed * 7 + step);
          const rules::Observation want = rules::Observe(s, seat);
          ExpectSameView(want, rules::Observe(d, seat));
          ExpectSameExpansionViews(req.observation(), d, seat);
          EXPECT_TRUE(d.CheckInvariants().ok())
              << d.CheckInvariants() << " table " << t << " step " << step;
          // Each hidden card is somewhere: the deck holds the rest.
          EXPECT_EQ(want.deck_size, static_cast<int>(d.deck().size()))
              << "step " << step;
          ++out.checked;
          State root = det->Sample(seed + step);
          out.matched +=
              rules::AlignRoot(root, seat, bots::InfoTracker::Labels(req));
          for (int k = 0; k < 60 && !root.IsTerminal(); ++k) {
            ASSERT_TRUE(
                root.Apply(static_cast<int>(rng() % root.options().size()))
                    .ok());
          }
          EXPECT_TRUE(root.CheckInvariants().ok()) << root.CheckInvariants();
          if (::testing::Test::HasFailure()) return;
        }
        ASSERT_TRUE(s.Apply(static_cast<int>(rng() % s.options().size())).ok());
      }
    }
  }
}

TEST(SearchDeterminize, AgreesWithTheObservationAndRebuildsTheDecision) {
  Rebuilt r;
  CheckDeterminizations(
      {{rules::kMarquise, rules::kEyrie, rules::kAlliance, rules::kVagabond},
       {rules::kEyrie, rules::kVagabond, rules::kVagabond2},
       {rules::kAlliance, rules::kMarquise}},
      3, r);
  std::printf("checked %d decisions, rebuilt %d (%.0f%%)\n", r.checked,
              r.matched, 100.0 * r.matched / std::max(1, r.checked));
  EXPECT_GT(r.checked, 100);
  // Most decisions of a turn's phases are asked first thing in the phase or
  // in a menu the phase returns to.
  EXPECT_GT(r.matched, r.checked / 5);
}

// Every expansion faction (Law 10-15): the boards, the Riverfolk's public
// hand, face-down plots (Law 13.2.2) and relic values (Law 15.3.1) are
// rebuilt as the seat sees them.
TEST(SearchDeterminize, ExpansionFactionsAgreeWithTheObservation) {
  Rebuilt r;
  CheckDeterminizations(
      {{rules::kCult, rules::kRiverfolk, rules::kDuchy, rules::kMarquise},
       {rules::kCorvid, rules::kHundreds, rules::kKeepers, rules::kEyrie},
       {rules::kRiverfolk, rules::kCorvid, rules::kAlliance, rules::kKeepers,
        rules::kVagabond}},
      2, r);
  std::printf("checked %d decisions, rebuilt %d (%.0f%%)\n", r.checked,
              r.matched, 100.0 * r.matched / std::max(1, r.checked));
  EXPECT_GT(r.checked, 100);
  EXPECT_GT(r.matched, r.checked / 5);
}

// Two referee states that differ only in hidden information (two other
// hands exchanged, another chance stream): the requests to our seat are
// byte-identical, the search's inputs (information state and seed) give the
// same determinizations, and the chosen moves are identical over seeds
// (random and heuristic playouts).
TEST(SearchNoCheating, HiddenInformationDoesNotChangeSearchInputsOrMoves) {
  auto st = State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie,
                                      rules::kAlliance, rules::kVagabond}),
                           11);
  ASSERT_TRUE(st.ok());
  State s = *st;
  std::mt19937_64 rng(5);
  int tested = 0;
  for (int step = 0; step < 4000 && !s.IsTerminal() && tested < 6; ++step) {
    const int me = s.deciding_seat();
    std::vector<int> others;
    for (int i = 0; i < s.num_seats(); ++i) {
      if (i != me && !s.seat(i).hand.empty()) others.push_back(i);
    }
    bool differ = others.size() >= 2 &&
                  s.seat(others[0]).hand[0] != s.seat(others[1]).hand[0];
    if (s.turn() > 1 && differ && step % 5 == 0) {
      State hidden = s;
      const rules::CardId a = hidden.seat(others[0]).hand[0];
      const rules::CardId b = hidden.seat(others[1]).hand[0];
      hidden.GiveCard(others[0], b);
      hidden.GiveCard(others[1], a);
      hidden.chance_stream() = rules::Chance(999 + step);
      // The Alliance's face-down supporters (Law 8.2.3) and the items under
      // the ruins (Law 9.3.4) are hidden too.
      const int alliance = hidden.SeatOf(rules::kAlliance);
      auto& sup = hidden.mutable_alliance().supporters;
      if (alliance != me && !sup.empty()) {
        const rules::CardId old = sup[0];
        const rules::CardId from_hand = hidden.seat(others[0]).hand.back();
        hidden.GiveCard(others[0], old);  // takes it from the supporters
        hidden.RemoveFromHand(others[0], from_hand);
        hidden.mutable_alliance().supporters.push_back(from_hand);
      }
      auto& ruins = hidden.mutable_vagabond().ruin_item;
      for (size_t c = 0, first = ruins.size(); c < ruins.size(); ++c) {
        if (ruins[c] == 0) continue;
        if (first == ruins.size()) {
          first = c;
        } else if (ruins[c] != ruins[first]) {
          std::swap(ruins[first], ruins[c]);
          break;
        }
      }
      ASSERT_NE(s.Hash(), hidden.Hash());
      const v1::DecisionRequest r1 = RequestFor(s, nullptr, step);
      const v1::DecisionRequest r2 = RequestFor(hidden, nullptr, step);
      ASSERT_EQ(r1.SerializeAsString(), r2.SerializeAsString());
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        bots::SearchPlayerOptions opt;
        opt.fixed_iterations = 40;
        opt.seed = seed;
        if (seed == 3) {  // heuristic playouts and the material term too
          opt.policy_chance = 1;
          opt.material = 1;
          opt.horizon_turns = 2;
        }
        const v1::MatchStart ms = StartOf(s, me);
        bots::SearchPlayer q1(&ms, opt), q2(&ms, opt);
        EXPECT_EQ(q1.Choose(r1), q2.Choose(r2));
        ASSERT_EQ(q1.last_input().has_value(), q2.last_input().has_value());
        EXPECT_EQ(q1.last_seed(), q2.last_seed());
        if (q1.last_input().has_value()) {
          auto d1 = rules::Determinizer::Create(*q1.last_input());
          auto d2 = rules::Determinizer::Create(*q2.last_input());
          ASSERT_EQ(d1.ok(), d2.ok());
          if (d1.ok()) {
            EXPECT_EQ(d1->base().Hash(), d2->base().Hash());
            EXPECT_EQ(d1->Sample(seed).Hash(), d2->Sample(seed).Hash());
          }
        }
      }
      ++tested;
    }
    ASSERT_TRUE(s.Apply(static_cast<int>(rng() % s.options().size())).ok());
  }
  EXPECT_EQ(tested, 6);
}

// The turn's control as the referee's state holds it: the task stack and
// the per-turn scratch CopyTurnControl carries.
std::string ControlOf(const State& s) {
  std::string out = absl::StrCat("seat ", s.current_seat(), " phase ",
                                 static_cast<int>(s.phase()), " stack");
  for (const rules::Task& t : s.stack()) {
    absl::StrAppend(&out, " [", t.kind, " ", t.seat, " ", t.step, " ", t.a, " ",
                    t.b, " ", t.c, " ", t.x, " ", t.y, " ", t.d, "]");
  }
  // The current faction's turn scratch where it is kept (the others' is
  // left from their last turn, the Marquise's and the Eyrie's from the last
  // Daylight; the build scratch is read only during a build).
  const int f = s.seat(s.current_seat()).faction;
  if (f == rules::kMarquise && s.phase() == rules::kPhaseDaylight) {
    absl::StrAppend(&out, " marquise ", s.marquise().actions, " ",
                    s.marquise().recruited);
  } else if (f == rules::kEyrie) {
    // Law 7.5: the Decree resolved so far is scratch the Eyrie's Daylight
    // task resets as it starts, after start-of-Daylight effects (Command
    // Warren): before that it is the last turn's, which no rule reads.
    bool resolving = false;
    for (const rules::Task& t : s.stack()) {
      resolving |=
          t.step > 0 && rules::GetTaskHandler(t.kind).name == "eyrie.daylight";
    }
    if (resolving) {
      for (uint32_t r : s.eyrie().resolved) absl::StrAppend(&out, " ", r);
    }
    absl::StrAppend(&out, " added ", s.eyrie().added);
  } else if (f == rules::kAlliance) {
    absl::StrAppend(&out, " ops ", s.alliance().ops_used);
  } else if (f == rules::kVagabond) {
    for (int8_t a : s.vagabond().aids) absl::StrAppend(&out, " ", a);
  }
  absl::StrAppend(&out, " battle ", s.battle().clearing, " ", s.battle().step,
                  " ", s.battle().roll_hi, " ", s.battle().roll_lo, " used ",
                  s.seat(s.current_seat()).used_effects);
  return out;
}

// Decisions later in a turn (a second action, a move's count, a battle's
// steps) are resumed from the seat's own memory of the turn: nearly every
// decision of the searching seat is searched, and each resumed root holds
// the referee's task stack and turn scratch exactly, with the board the
// seat sees.
TEST(SearchResume, MidTurnDecisionsResumeTheRefereesTurn) {
  int resumed = 0, decisions = 0, searched = 0;
  const std::vector<std::vector<int8_t>> tables = {
      {rules::kMarquise, rules::kEyrie, rules::kAlliance, rules::kVagabond},
      {rules::kCult, rules::kRiverfolk, rules::kDuchy, rules::kCorvid},
      {rules::kHundreds, rules::kKeepers, rules::kVagabond, rules::kEyrie}};
  for (uint64_t game = 1; game <= 15; ++game) {
    rules::GameSetup setup = BaseSetup(tables[game % 5 < 3 ? 0 : game % 2 + 1]);
    setup.max_turns = 60;
    State s = *State::NewGame(setup, game);
    const int me = static_cast<int>(game % 4);
    bots::SearchPlayerOptions opt;
    opt.fixed_iterations = 3;
    opt.policy_chance = 0;
    opt.horizon_turns = 1;
    opt.seed = game;
    const v1::MatchStart ms = StartOf(s, me);
    bots::SearchPlayer player(&ms, opt);
    bots::HeuristicPolicy others(game);
    size_t cursor = 0, other_cursor = 0;
    int64_t index = 0;
    while (!s.IsTerminal()) {
      const int seat = s.deciding_seat();
      if (seat != me) {
        const v1::DecisionRequest req = RequestFor(s, &other_cursor, 0);
        ASSERT_TRUE(s.Apply(others.Choose(req)).ok());
        continue;
      }
      const v1::DecisionRequest req = RequestFor(s, &cursor, index++);
      const int pick = player.Choose(req);
      ++decisions;
      if (player.last_control_hash() != 0) {
        ++resumed;
        ASSERT_NE(player.last_root(), nullptr);
        const State& root = *player.last_root();
        EXPECT_EQ(ControlOf(s), ControlOf(root))
            << "game " << game << " prompt " << s.PromptKey();
        ExpectSameView(rules::Observe(s, me), rules::Observe(root, me));
      }
      ASSERT_TRUE(s.Apply(pick).ok());
      if (::testing::Test::HasFailure()) return;
    }
    searched += static_cast<int>(player.stats().searched);
  }
  EXPECT_GT(resumed, decisions / 2);
  // A floor on coverage, not a rule: 84.6% once the heuristic Marquise
  // (the other seats here) pays Field Hospitals for every batch (Law 6.2.3),
  // which changes these games; 87% before.
  EXPECT_GT(searched, decisions * 4 / 5);
  std::printf("resumed %d, searched %d of %d decisions\n", resumed, searched,
              decisions);
}

// Law 4.3.3: the battle in progress is public (the request's observation
// shows its rolls and hits). A remembered turn that continues to the same
// options in another battle step (the ambush's hits where the referee asks
// for the rolled hits) is not claimed as a resume: here the same requests
// with a battle view the player's turn memory cannot match (another
// defender's roll) make it answer without a rebuilt root.
TEST(SearchResume, Law_4_3_3_AnotherBattleStepIsNotResumed) {
  int checked = 0;
  for (uint64_t game = 1; game <= 15 && checked == 0; ++game) {
    rules::GameSetup setup = BaseSetup(
        {rules::kMarquise, rules::kEyrie, rules::kAlliance, rules::kVagabond});
    setup.max_turns = 30;
    State s = *State::NewGame(setup, game);
    const int me = static_cast<int>(game % 4);
    bots::SearchPlayerOptions opt;
    opt.fixed_iterations = 3;
    opt.policy_chance = 0;
    opt.horizon_turns = 1;
    opt.seed = game;
    const v1::MatchStart ms = StartOf(s, me);
    bots::SearchPlayer real(&ms, opt), tampered(&ms, opt);
    bots::HeuristicPolicy others(game);
    size_t cursor = 0, other_cursor = 0;
    int64_t index = 0;
    while (!s.IsTerminal() && checked == 0) {
      const int seat = s.deciding_seat();
      if (seat != me) {
        const v1::DecisionRequest req = RequestFor(s, &other_cursor, 0);
        ASSERT_TRUE(s.Apply(others.Choose(req)).ok());
        continue;
      }
      const v1::DecisionRequest req = RequestFor(s, &cursor, index++);
      v1::DecisionRequest other = req;
      const bool rolled = req.observation().has_battle() &&
                          req.observation().battle().attacker_roll() +
                                  req.observation().battle().defender_roll() >
                              0;
      if (rolled) {
        v1::BattleView* b = other.mutable_observation()->mutable_battle();
        b->set_defender_roll(b->defender_roll() == 3 ? 2 : 3);
      }
      const int pick = real.Choose(req);
      tampered.Choose(other);
      if (rolled && real.last_control_hash() != 0) {
        ++checked;
        EXPECT_EQ(tampered.last_control_hash(), 0u) << "game " << game;
        EXPECT_EQ(tampered.last_root(), nullptr) << "game " << game;
      } else {
        ASSERT_EQ(real.last_control_hash(), tampered.last_control_hash());
      }
      ASSERT_TRUE(s.Apply(pick).ok());
    }
  }
  EXPECT_EQ(checked, 1);
}

// The resumed path cannot cheat either: from the start of the watched
// seat's turn on, two referee states that differ only in hidden
// information (other hands, the Alliance's supporters) give the same
// requests, the same turn memory, the same inputs and the same moves at
// every decision of that turn.
TEST(SearchNoCheating, MidTurnResumesUseNoHiddenInformation) {
  int resumed = 0;
  for (uint64_t game = 1; game <= 3; ++game) {
    State a = *State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie,
                                         rules::kAlliance, rules::kVagabond}),
                              20 + game);
    const int me = static_cast<int>(game % 4);
    std::mt19937_64 rng(game);
    for (int turns = 0; turns < 6 && !a.IsTerminal();) {
      // Random play up to the watched seat's first decision of its turn.
      while (!a.IsTerminal() && !(a.deciding_seat() == me &&
                                  a.current_seat() == me && a.turn() > 1))
        ASSERT_TRUE(a.Apply(static_cast<int>(rng() % a.options().size())).ok());
      if (a.IsTerminal()) break;
      ++turns;
      State b = a;
      std::vector<int> others;
      for (int i = 0; i < b.num_seats(); ++i) {
        if (i != me && !b.seat(i).hand.empty()) others.push_back(i);
      }
      if (others.size() >= 2) {
        const rules::CardId x = b.seat(others[0]).hand[0];
        const rules::CardId y = b.seat(others[1]).hand[0];
        b.GiveCard(others[0], y);
        b.GiveCard(others[1], x);
      }
      auto& sup = b.mutable_alliance().supporters;
      const int alliance = b.SeatOf(rules::kAlliance);
      if (alliance != me && !sup.empty() && !others.empty()) {
        const rules::CardId old = sup[0];
        const rules::CardId from_hand = b.seat(others[0]).hand.back();
        b.GiveCard(others[0], old);
        b.RemoveFromHand(others[0], from_hand);
        sup.push_back(from_hand);
      }
      const v1::MatchStart ms = StartOf(a, me);
      bots::SearchPlayerOptions opt;
      opt.fixed_iterations = 12;
      opt.horizon_turns = 1;
      opt.seed = game;
      bots::SearchPlayer q1(&ms, opt), q2(&ms, opt);
      size_t c1 = a.events().size(), c2 = b.events().size();
      for (int64_t index = 0; !a.IsTerminal() && a.current_seat() == me;) {
        if (a.deciding_seat() != me) {
          const int pick = static_cast<int>(rng() % a.options().size());
          if (a.options().size() != b.options().size()) break;
          ASSERT_TRUE(a.Apply(pick).ok());
          ASSERT_TRUE(b.Apply(pick).ok());
          continue;
        }
        const v1::DecisionRequest r1 = RequestFor(a, &c1, index);
        const v1::DecisionRequest r2 = RequestFor(b, &c2, index++);
        if (r1.SerializeAsString() != r2.SerializeAsString()) break;
        const int p1 = q1.Choose(r1), p2 = q2.Choose(r2);
        EXPECT_EQ(p1, p2);
        EXPECT_EQ(q1.last_control_hash(), q2.last_control_hash());
        ASSERT_EQ(q1.last_input().has_value(), q2.last_input().has_value());
        if (q1.last_input().has_value()) {
          auto d1 = rules::Determinizer::Create(*q1.last_input());
          auto d2 = rules::Determinizer::Create(*q2.last_input());
          ASSERT_TRUE(d1.ok() && d2.ok());
          EXPECT_EQ(d1->base().Hash(), d2->base().Hash());
        }
        ASSERT_EQ(q1.last_root() != nullptr, q2.last_root() != nullptr);
        if (q1.last_root() != nullptr) {
          EXPECT_EQ(q1.last_root()->Hash(), q2.last_root()->Hash());
        }
        resumed += q1.last_control_hash() != 0;
        ASSERT_TRUE(a.Apply(p1).ok());
        ASSERT_TRUE(b.Apply(p2).ok());
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_GT(resumed, 20);
}

// Hides more in `h` (seen from `me`): a face-down Corvid plot becomes
// another kind from the Corvids' supply (Law 13.2.2) and two face-down
// relics of one type in forests exchange values (Law 15.3.1). Returns
// whether anything changed.
bool ChangeExpansionSecrets(State& h, int me) {
  bool changed = false;
  if (h.SeatOf(rules::kCorvid) != me) {
    for (int c = 0; c < h.map().num_clearings && !changed; ++c) {
      if (h.corvid().FaceUp(c)) continue;
      for (int p = rules::kPlotBomb; p < rules::kPlotHidden && !changed; ++p) {
        if (h.clearing(c).pieces[p] == 0) continue;
        for (int q = rules::kPlotBomb; q < rules::kPlotHidden; ++q) {
          if (q == p || h.piece_supply(q) == 0) continue;
          h.SetPieces(p, c, 0);
          h.SetPieces(q, c, 1);
          changed = true;
          break;
        }
      }
    }
  }
  std::vector<rules::KeepersRelic*> down;
  for (auto& f : h.mutable_keepers().forests) {
    for (rules::KeepersRelic& r : f) {
      if (!r.face_up) down.push_back(&r);
    }
  }
  for (size_t i = 0; i < down.size(); ++i) {
    for (size_t j = i + 1; j < down.size(); ++j) {
      if (down[i]->type != down[j]->type || down[i]->value == down[j]->value)
        continue;
      std::swap(down[i]->value, down[j]->value);
      return true;
    }
  }
  return changed;
}

// The same for the expansion factions: a Corvid plot's kind and relic
// values differ too, besides two hands and the chance stream.
TEST(SearchNoCheating, ExpansionSecretsDoNotChangeSearchInputsOrMoves) {
  int tested = 0;
  for (uint64_t game = 1; game <= 6 && tested < 6; ++game) {
    auto st =
        State::NewGame(BaseSetup({rules::kCult, rules::kCorvid, rules::kKeepers,
                                  rules::kDuchy, rules::kHundreds}),
                       game);
    ASSERT_TRUE(st.ok());
    State s = *st;
    std::mt19937_64 rng(game);
    for (int step = 0; step < 3000 && !s.IsTerminal() && tested < 6; ++step) {
      const int me = s.deciding_seat();
      State hidden = s;
      if (s.turn() > 2 && step % 7 == 0 && ChangeExpansionSecrets(hidden, me)) {
        hidden.chance_stream() = rules::Chance(77 + step);
        ASSERT_NE(s.Hash(), hidden.Hash());
        const v1::DecisionRequest r1 = RequestFor(s, nullptr, step);
        const v1::DecisionRequest r2 = RequestFor(hidden, nullptr, step);
        ASSERT_EQ(r1.SerializeAsString(), r2.SerializeAsString());
        bots::SearchPlayerOptions opt;
        opt.fixed_iterations = 30;
        opt.seed = game;
        const v1::MatchStart ms = StartOf(s, me);
        bots::SearchPlayer q1(&ms, opt), q2(&ms, opt);
        EXPECT_EQ(q1.Choose(r1), q2.Choose(r2));
        ASSERT_TRUE(q1.last_input().has_value());
        ASSERT_TRUE(q2.last_input().has_value());
        auto d1 = rules::Determinizer::Create(*q1.last_input());
        auto d2 = rules::Determinizer::Create(*q2.last_input());
        ASSERT_TRUE(d1.ok() && d2.ok());
        EXPECT_EQ(d1->base().Hash(), d2->base().Hash());
        EXPECT_EQ(d1->Sample(game).Hash(), d2->Sample(game).Hash());
        ++tested;
      }
      ASSERT_TRUE(s.Apply(static_cast<int>(rng() % s.options().size())).ok());
    }
  }
  EXPECT_EQ(tested, 6);
}

// A flat rollout search (tree_depth 1) with the heuristic in every playout
// decision: each root option is tried, every iteration that rebuilt the
// decision visits exactly one root edge, the tree holds the root and its
// children only, and the answer is an option.
TEST(SearchFlat, DepthOneTriesEveryRootOptionWithPolicyPlayouts) {
  auto st = State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie,
                                      rules::kAlliance, rules::kVagabond}),
                           4);
  ASSERT_TRUE(st.ok());
  State s = *st;
  std::mt19937_64 rng(4);
  int searched = 0;
  for (int step = 0; step < 3000 && !s.IsTerminal() && searched < 3; ++step) {
    const int me = s.deciding_seat();
    if (s.turn() > 2 && s.options().size() >= 3 && step % 5 == 0) {
      bots::InfoTracker tracker(StartOf(s, me));
      const v1::DecisionRequest req = RequestFor(s, nullptr, step);
      auto info = tracker.Update(req);
      ASSERT_TRUE(info.ok());
      bots::HeuristicPolicy h(1);
      bots::SearchConfig config;
      config.seconds = 0;
      config.max_iterations = 8 * static_cast<int>(s.options().size());
      config.tree_depth = 1;
      config.policy_chance = 1;
      config.horizon_turns = 1;
      config.playout_policy = [&h](const State& p) {
        v1::DecisionRequest r;
        for (const rules::Option& o : p.options())
          referee::OptionToProto(p, o, r.add_options());
        *r.mutable_prompt() = referee::PromptToProto(p);
        referee::ObservationToProto(p, p.deciding_seat(),
                                    r.mutable_observation());
        r.set_seat(p.deciding_seat());
        return h.Choose(r);
      };
      bots::SearchStats stats;
      auto pick =
          bots::Search(*info, bots::InfoTracker::Labels(req), config, &stats);
      if (pick.has_value()) {
        ASSERT_GE(*pick, 0);
        ASSERT_LT(*pick, static_cast<int>(s.options().size()));
        int total = 0;
        for (int v : stats.visits) {
          EXPECT_GE(v, 1);
          total += v;
        }
        EXPECT_LE(total, stats.iterations);
        EXPECT_GE(total, static_cast<int>(s.options().size()));
        // The tree is the root and one child per root option.
        EXPECT_EQ(stats.tree_nodes, 1 + static_cast<int>(s.options().size()));
        ++searched;
      }
    }
    ASSERT_TRUE(s.Apply(static_cast<int>(rng() % s.options().size())).ok());
  }
  EXPECT_EQ(searched, 3);
}

// A coalition shares its partner's value; a winner's value is 1.
TEST(SearchValues, WinnersScoreOneAndProgressIsRelative) {
  auto st = State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie}), 3);
  ASSERT_TRUE(st.ok());
  State s = *st;
  s.mutable_seat(0).vp = 20;
  s.mutable_seat(1).vp = 5;
  auto v = bots::SeatValues(s);
  EXPECT_GT(v[0], 0.8);
  EXPECT_LT(v[1], 0.2);
  s.mutable_seat(1).vp = 20;
  v = bots::SeatValues(s);
  EXPECT_DOUBLE_EQ(v[0], v[1]);
}

// The material term of a cut-off playout: at equal VP, warriors placed in
// a clearing (which they then rule, Law 2.5) and a card more in hand raise
// a seat's value; without the term only VP count.
TEST(SearchValues, MaterialValuesTheMapAndTheHand) {
  auto st = State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie}), 3);
  ASSERT_TRUE(st.ok());
  State s = *st;
  s.mutable_seat(0).vp = s.mutable_seat(1).vp = 10;
  const auto before = bots::SeatValues(s, 1.0);
  s.PlaceWarriors(rules::kMarquise, 5, 2);
  auto plain = bots::SeatValues(s);
  EXPECT_DOUBLE_EQ(plain[0], plain[1]);
  auto with = bots::SeatValues(s, 1.0);
  EXPECT_GT(with[0], before[0]);
  EXPECT_GT(with[0], with[1]);
  const double eyrie = with[1];
  s.mutable_seat(1).hand.push_back(s.seat(0).hand.front());
  EXPECT_GT(bots::SeatValues(s, 1.0)[1], eyrie);
}

// Issue 17 item 2: PUCT at the root. A softmax of scores ranks the
// options as the scores do and sums to one; a cooler temperature sharpens
// it. In a search, an option with most of the prior gets most playouts
// before the results speak, and the others are still tried.
TEST(SearchPuct, RootPriorsFollowTheHeuristicScores) {
  const std::vector<double> p = bots::RootPriors({1, 3, 2}, 1);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_NEAR(p[0] + p[1] + p[2], 1, 1e-12);
  EXPECT_GT(p[1], p[2]);
  EXPECT_GT(p[2], p[0]);
  EXPECT_NEAR(p[1] / p[2], std::exp(1.0), 1e-9);
  EXPECT_GT(bots::RootPriors({1, 3, 2}, 0.5)[1], p[1]);

  auto st = State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie,
                                      rules::kAlliance, rules::kVagabond}),
                           6);
  ASSERT_TRUE(st.ok());
  State s = *st;
  std::mt19937_64 rng(6);
  int searched = 0;
  for (int step = 0; step < 3000 && !s.IsTerminal() && searched < 3; ++step) {
    const int n = static_cast<int>(s.options().size());
    if (s.turn() > 2 && n >= 3 && step % 5 == 0) {
      bots::InfoTracker tracker(StartOf(s, s.deciding_seat()));
      const v1::DecisionRequest req = RequestFor(s, nullptr, step);
      auto info = tracker.Update(req);
      ASSERT_TRUE(info.ok());
      bots::SearchConfig config;
      config.seconds = 0;
      config.max_iterations = 20 * n;
      config.tree_depth = 1;
      config.horizon_turns = 1;
      const int favored = n - 1;  // not the first option
      config.root_priors.assign(n, 0.1 / (n - 1));
      config.root_priors[favored] = 0.9;
      config.puct = 2;
      bots::SearchStats stats;
      auto pick =
          bots::Search(*info, bots::InfoTracker::Labels(req), config, &stats);
      if (pick.has_value()) {
        int most = 0, tried = 0;
        for (int i = 0; i < n; ++i) {
          most = std::max(most, stats.visits[i]);
          tried += stats.visits[i] > 0;
        }
        EXPECT_EQ(stats.visits[favored], most);
        EXPECT_GT(stats.visits[favored], 10 * n / 2);
        EXPECT_GE(tried, 2);
        ++searched;
      }
    }
    ASSERT_TRUE(s.Apply(static_cast<int>(rng() % s.options().size())).ok());
  }
  EXPECT_EQ(searched, 3);
}

// The priors' source: HeuristicPolicy::Scores is what Choose maximizes, up
// to its tie-breaking jitter (< 0.1).
TEST(SearchPuct, HeuristicScoresAreWhatChooseMaximizes) {
  State s = *State::NewGame(BaseSetup({rules::kMarquise, rules::kEyrie,
                                       rules::kAlliance, rules::kVagabond}),
                            8);
  bots::HeuristicPolicy h(8);
  int clear = 0;
  while (!s.IsTerminal() && s.turn() < 40) {
    const v1::DecisionRequest req = RequestFor(s, nullptr, 0);
    const std::vector<double> sc = h.Scores(req);
    ASSERT_EQ(static_cast<int>(sc.size()), req.options_size());
    const int pick = h.Choose(req);
    std::vector<double> sorted = sc;
    std::sort(sorted.rbegin(), sorted.rend());
    if (sorted.size() >= 2 && sorted[0] - sorted[1] >= 0.1) {
      EXPECT_EQ(sc[pick], sorted[0]) << req.prompt().kind();
      ++clear;
    }
    ASSERT_TRUE(s.Apply(pick).ok());
  }
  EXPECT_GT(clear, 100);
}

// Issue 17 item 1: the playout policy's reduced, reused request leads the
// heuristic to the same pick as the full request the referee would send,
// at every decision of random games (base and expansion tables, a second
// Vagabond), with one policy reused across each game.
TEST(SearchPlayoutPolicy, PicksAsTheHeuristicOnTheFullRequest) {
  const std::vector<std::vector<int8_t>> tables = {
      {rules::kMarquise, rules::kEyrie, rules::kAlliance, rules::kVagabond},
      {rules::kCult, rules::kRiverfolk, rules::kDuchy, rules::kMarquise},
      {rules::kCorvid, rules::kHundreds, rules::kKeepers, rules::kEyrie},
      {rules::kVagabond, rules::kVagabond2, rules::kAlliance, rules::kCult}};
  int compared = 0;
  for (size_t t = 0; t < tables.size(); ++t) {
    for (uint64_t g = 0; g < 2; ++g) {
      rules::GameSetup setup = BaseSetup(tables[t]);
      setup.max_turns = 60;
      State s = *State::NewGame(setup, 100 * t + g);
      bots::HeuristicPolicy full(g);
      bots::PlayoutPolicy lean(g);
      std::mt19937_64 rng(g);
      while (!s.IsTerminal()) {
        int pick = 0;
        if (s.options().size() > 1) {
          pick = lean.Choose(s);
          ASSERT_EQ(pick, full.Choose(bots::PlayoutRequest(s)))
              << "table " << t << " game " << g << " prompt " << s.PromptKey();
          ++compared;
        }
        // Mostly the heuristic's own moves, some random ones for variety.
        if (rng() % 4 == 0) pick = static_cast<int>(rng() % s.options().size());
        ASSERT_TRUE(s.Apply(pick).ok());
      }
    }
  }
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace woodland
