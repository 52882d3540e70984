// Law 1.2: a seat's observation and events hold only what that seat may
// know. Random games of tables with every faction, on every map, with
// hirelings and landmarks (the Black Market among them), checked at many
// decisions:
//  - for every seat and the spectator, the view a bot gets (the plain
//    ObservationToProto, the view cache's bytes and, for the deciding seat,
//    the prompt and options) is the same for a copy of the state where
//    everything hidden from that seat is changed: the other hands (not the
//    Riverfolk's public one, 11.2.3) and the deck dealt anew, the Alliance's
//    supporters (8.2.3), the Black Market's face-down cards, the kinds of the
//    Corvids' face-down plots and of their supply (13.2.2.I), the values of
//    face-down relics (15.3.1), the items under the ruins (9.3.4) and the
//    quest deck;
//  - every event that shows its card to everyone shows a card that was
//    public before the decision or is after it, and one shown to some seats
//    only shows it to seats that held it before or after (or the two seats
//    a card passed between);
//  - a decision tells another seat nothing of third seats' hands (and the
//    Alliance's supporters) that a rule does not reveal: with those dealt
//    anew, the events and view that seat gets are the same (where decisions
//    end depends on hands: a defender is asked to ambush only if it can).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "referee/convert.h"
#include "referee/rules/chance.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"
#include "referee/view_cache.h"
#include "tests/referee/rules/scenario.h"
#include "tests/referee/view_hash.h"

namespace woodland::referee {
namespace {

using rules::CardId;
using rules::State;

// Shuffles the values the pointers point to among themselves.
template <typename T>
void ShuffleValues(const std::vector<T*>& slots, std::mt19937_64& rng) {
  std::vector<T> values;
  for (T* p : slots) values.push_back(*p);
  std::shuffle(values.begin(), values.end(), rng);
  for (size_t i = 0; i < slots.size(); ++i) *slots[i] = values[i];
}

// Every card `viewer` may not see (Law 1.2.1, 1.2.2, 8.2.3, the Black
// Market's face-down cards) dealt anew among the places that hold them.
void DealHiddenCards(State& s, int viewer, std::mt19937_64& rng) {
  std::vector<CardId*> slots;
  auto add = [&](auto& pile) {
    for (CardId& id : pile) slots.push_back(&id);
  };
  add(s.mutable_deck());
  const int riverfolk = s.SeatOf(rules::kRiverfolk);  // 11.2.3: public
  for (int i = 0; i < s.num_seats(); ++i) {
    if (i != viewer && i != riverfolk) add(s.mutable_seat(i).hand);
  }
  const int alliance = s.SeatOf(rules::kAlliance);
  if (alliance < 0 || alliance != viewer) add(s.mutable_alliance().supporters);
  for (int16_t& id : s.mutable_landmarks().black_market) slots.push_back(&id);
  ShuffleValues(slots, rng);
}

// Law 13.2.2.I: the kinds of the face-down plots on the map and of the
// plots in the Corvids' supply, dealt anew (for any seat but the Corvids).
void DealHiddenPlots(State& s, int viewer, std::mt19937_64& rng) {
  const int corvid = s.SeatOf(rules::kCorvid);
  if (corvid < 0 || corvid == viewer) return;
  std::vector<int> clearings, kinds;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    for (int p = rules::kPlotBomb; p <= rules::kPlotRaid; ++p) {
      if (s.clearing(c).pieces[p] == 0 || s.corvid().FaceUp(c)) continue;
      clearings.push_back(c);
      kinds.push_back(p);
      s.SetPieces(p, c, 0);  // back to the supply
    }
  }
  for (int p = rules::kPlotBomb; p <= rules::kPlotRaid; ++p) {
    for (int n = 0; n < s.piece_supply(p); ++n) kinds.push_back(p);
  }
  std::shuffle(kinds.begin(), kinds.end(), rng);
  for (size_t i = 0; i < clearings.size(); ++i)
    s.SetPieces(kinds[i], clearings[i], 1);
}

// Law 15.3.1: the values of the face-down relics of each type, dealt anew
// among them; Law 9.3.4: the items under the ruins; the quest deck.
void DealHiddenTokens(State& s, std::mt19937_64& rng) {
  if (s.SeatOf(rules::kKeepers) >= 0) {
    rules::KeepersBoard& kb = s.mutable_keepers();
    for (int type = 0; type < rules::kRelicTypes; ++type) {
      std::vector<int8_t*> values;
      auto add = [&](std::vector<rules::KeepersRelic>& relics) {
        for (rules::KeepersRelic& r : relics) {
          if (!r.face_up && r.type == type) values.push_back(&r.value);
        }
      };
      for (auto& forest : kb.forests) add(forest);
      add(kb.pending);
      ShuffleValues(values, rng);
    }
  }
  for (int f : {rules::kVagabond, rules::kVagabond2}) {
    if (f == rules::kVagabond2 && s.SeatOf(f) < 0) continue;
    rules::VagabondBoard& vb = s.mutable_vagabond(f);
    std::vector<int8_t*> items;
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (vb.ruin_item[c] > 0) items.push_back(&vb.ruin_item[c]);
    }
    ShuffleValues(items, rng);
    std::shuffle(vb.quest_deck.begin(), vb.quest_deck.end(), rng);
  }
}

// A copy of `s` with everything hidden from `viewer` changed.
State Perturbed(const State& s, int viewer, uint64_t seed) {
  State t = s;
  std::mt19937_64 rng(seed);
  DealHiddenCards(t, viewer, rng);
  DealHiddenPlots(t, viewer, rng);
  DealHiddenTokens(t, rng);
  t.chance_stream() = rules::Chance(seed);  // the future draws and dice
  return t;
}

// Whether `id` lies face up where every seat may see it.
bool Public(const State& s, CardId id) {
  auto in = [id](const auto& pile) {
    return std::find(pile.begin(), pile.end(), id) != pile.end();
  };
  if (in(s.discard()) || in(s.available_dominance())) return true;
  for (int i = 0; i < s.num_seats(); ++i) {
    if (in(s.seat(i).play_area) || s.seat(i).dominance == id) return true;
  }
  for (const auto& column : s.eyrie().decree) {
    if (in(column)) return true;
  }
  const int riverfolk = s.SeatOf(rules::kRiverfolk);
  if (riverfolk >= 0 && in(s.seat(riverfolk).hand)) return true;
  if (in(s.cult().lost_souls) || in(s.cult().revealed)) return true;
  if (in(s.duchy().revealed)) return true;
  for (const auto& column : s.keepers().retinue) {
    if (in(column)) return true;
  }
  return s.battle().ambush == id;  // played face up (Law 4.3.1)
}

// Whether seat `i` holds `id` (its hand, or the Alliance's supporters).
bool Holds(const State& s, int i, CardId id) {
  const auto& hand = s.seat(i).hand;
  if (std::find(hand.begin(), hand.end(), id) != hand.end()) return true;
  const auto& sup = s.alliance().supporters;
  return i == s.SeatOf(rules::kAlliance) &&
         std::find(sup.begin(), sup.end(), id) != sup.end();
}

// Where `id` lies, for failure messages.
std::string Where(const State& s, CardId id) {
  auto in = [id](const auto& pile) {
    return std::find(pile.begin(), pile.end(), id) != pile.end();
  };
  std::string out;
  for (int i = 0; i < s.num_seats(); ++i) {
    if (in(s.seat(i).hand)) absl::StrAppend(&out, " hand of seat ", i);
  }
  if (in(s.deck())) out += " deck";
  if (in(s.alliance().supporters)) out += " supporters";
  if (in(s.landmarks().black_market)) out += " black market";
  if (Public(s, id)) out += " public";
  return out.empty() ? " nowhere known" : out;
}

// What a bot seated at `seat` (or a spectator, -1) is shown of `s`: its
// view, and for the deciding seat the prompt and the options.
std::string Shown(const State& s, int seat) {
  v1::Observation o;
  ObservationToProto(s, seat, &o);
  std::string out;
  test_util::AppendDeterministic(o, &out);
  ViewCache cache;
  std::string cached;
  cache.Serialize(s, seat, &cached);
  out += cached;
  if (seat >= 0 && seat == s.deciding_seat()) {
    test_util::AppendDeterministic(PromptToProto(s), &out);
    for (const rules::Option& opt : s.options()) {
      v1::Option p;
      OptionToProto(s, opt, &p);
      test_util::AppendDeterministic(p, &out);
    }
  }
  return out;
}

absl::Status CheckViews(const State& s, uint64_t seed) {
  for (int seat = -1; seat < s.num_seats(); ++seat) {
    const State t = Perturbed(s, seat, seed + seat);
    if (Shown(s, seat) != Shown(t, seat)) {
      v1::Observation a, b;
      ObservationToProto(s, seat, &a);
      ObservationToProto(t, seat, &b);
      return absl::InternalError(
          absl::StrCat("seat ", seat, "'s view depends on hidden information",
                       a.DebugString() == b.DebugString()
                           ? " (prompt, options or cached bytes)"
                           : absl::StrCat(":\n", a.DebugString(), "\nvs\n",
                                          b.DebugString())));
    }
  }
  return absl::OkStatus();
}

// The serialized events of `s` from the `from`th on, as `seat` sees them.
std::string EventsSeen(const State& s, size_t from, int seat) {
  std::string out;
  for (size_t i = from; i < s.events().size(); ++i) {
    v1::Event e;
    EventToProto(s, s.events()[i], seat, &e);
    test_util::AppendDeterministic(e, &out);
  }
  return out;
}

// Where what `seat` gets of `a` and `b` first differs, for failure
// messages: an event or a line of the view.
std::string FirstDifference(const State& a, const State& b, int seat) {
  for (size_t i = 0; i < a.events().size() && i < b.events().size(); ++i) {
    v1::Event ea, eb;
    EventToProto(a, a.events()[i], seat, &ea);
    EventToProto(b, b.events()[i], seat, &eb);
    if (ea.SerializeAsString() != eb.SerializeAsString())
      return absl::StrCat("\nevent ", i, ": ", ea.DebugString(), " vs ",
                          eb.DebugString());
  }
  v1::Observation oa, ob;
  ObservationToProto(a, seat, &oa);
  ObservationToProto(b, seat, &ob);
  const std::vector<std::string> la = absl::StrSplit(oa.DebugString(), '\n');
  const std::vector<std::string> lb = absl::StrSplit(ob.DebugString(), '\n');
  for (size_t i = 0; i < la.size() && i < lb.size(); ++i) {
    if (la[i] != lb[i])
      return absl::StrCat("\nview line ", i, ": ", la[i], " vs ", lb[i]);
  }
  return absl::StrCat("\nthe prompts differ: ", a.PromptKey(), " vs ",
                      b.PromptKey());
}

// Runs `s` on while a seat in `hidden` decides and may decline (its Done
// option, e.g. no ambush, Law 4.3.1): with no choice its hand decides (e.g.
// a reveal, 8.2.6), false. True once another seat decides or the game ends.
bool DeclineHidden(State& s, uint32_t hidden) {
  for (int n = 0; n < 64; ++n) {
    if (s.IsTerminal() || !(hidden >> s.deciding_seat() & 1)) return true;
    const auto& opts = s.options();
    int done = -1;
    for (size_t i = 0; i < opts.size(); ++i) {
      if (opts[i].kind == rules::kOptDone) done = static_cast<int>(i);
    }
    if (done < 0 || !s.Apply(s.deciding_seat(), done).ok()) return false;
  }
  return false;
}

// Whether what the seats in `seats` held in `held` (their hands, the
// Alliance's supporters) came out by a rule by `now`: a card of theirs face
// up (a random discard, Law 10.2.5, or into the Riverfolk's public hand,
// 11.2.3) or in another seat's hand (which then plays on knowing it), or a
// hand shown because it held no matching card (Outrage, 8.2.6).
bool Revealed(const State& held, const State& now, uint32_t seats) {
  for (size_t i = held.events().size(); i < now.events().size(); ++i) {
    if (now.events()[i].kind == rules::kEvReveal) return true;
  }
  const auto out = [&](CardId id) {
    if (Public(now, id)) return true;
    for (int i = 0; i < now.num_seats(); ++i) {
      if (!(seats >> i & 1) && Holds(now, i, id)) return true;
    }
    return false;
  };
  for (int i = 0; i < held.num_seats(); ++i) {
    if (!(seats >> i & 1)) continue;
    for (CardId id : held.seat(i).hand) {
      if (out(id)) return true;
    }
    if (i == held.SeatOf(rules::kAlliance)) {
      for (CardId id : held.alliance().supporters) {
        if (out(id)) return true;
      }
    }
  }
  return false;
}

// Law 1.2.1: option `k` of the deciding seat tells another seat nothing of
// the hands of third seats (nor of the Alliance's supporters, 8.2.3) that
// the rules do not reveal: with those cards dealt anew among those hands,
// and the third seats declining what they may, the events and the view that
// seat gets by the next decision of a seat not dealt anew are the same.
absl::Status CheckDecision(const State& s, int k, uint64_t seed) {
  const int decider = s.deciding_seat();
  const int riverfolk = s.SeatOf(rules::kRiverfolk);  // 11.2.3: public
  const int alliance = s.SeatOf(rules::kAlliance);
  for (int seat = -1; seat < s.num_seats(); ++seat) {
    if (seat == decider) continue;
    State a = s, b = s;
    std::vector<CardId*> slots;
    uint32_t hidden = 0;
    for (int i = 0; i < s.num_seats(); ++i) {
      if (i == seat || i == decider || i == riverfolk) continue;
      hidden |= 1u << i;
      for (CardId& id : b.mutable_seat(i).hand) slots.push_back(&id);
    }
    if (alliance >= 0 && alliance != seat && alliance != decider) {
      for (CardId& id : b.mutable_alliance().supporters) slots.push_back(&id);
    }
    std::mt19937_64 rng(seed + seat);
    ShuffleValues(slots, rng);
    const State b_start = b;
    if (!a.Apply(decider, k).ok() || !b.Apply(decider, k).ok())
      return absl::InternalError("the decision fails on a copy");
    if (!DeclineHidden(a, hidden) || !DeclineHidden(b, hidden)) continue;
    const size_t from = s.events().size();
    if (Revealed(s, a, hidden) || Revealed(b_start, b, hidden)) continue;
    if (EventsSeen(a, from, seat) != EventsSeen(b, from, seat) ||
        Shown(a, seat) != Shown(b, seat)) {
      std::string diff;
      for (size_t i = from; i < a.events().size(); ++i)
        absl::StrAppend(&diff, "\n  ", a.EventText(a.events()[i], seat));
      diff += "\nvs";
      for (size_t i = from; i < b.events().size(); ++i)
        absl::StrAppend(&diff, "\n  ", b.EventText(b.events()[i], seat));
      diff += FirstDifference(a, b, seat);
      return absl::InternalError(
          absl::StrCat("seat ", decider, "'s decision (", s.PromptKey(), ": ",
                       s.OptionLabel(s.options()[k]), ") tells seat ", seat,
                       " of other hands:", diff));
    }
  }
  return absl::OkStatus();
}

// The seats a card passed from hand to hand (Law 1.2.1) or shown for
// Exposure (13.2.4) may be shown to: the two seats involved.
uint32_t Parties(const State& s, const rules::Event& e) {
  uint32_t mask = 1u << e.seat;
  if (e.kind == rules::kEvTakeCard && e.a >= 0) mask |= 1u << e.a;
  const int corvid = s.SeatOf(rules::kCorvid);
  if (e.kind == rules::kEvExposure && corvid >= 0) mask |= 1u << corvid;
  return mask;
}

// Whether the discard pile became the deck after event `i` (so a card
// discarded face up may lie in the deck at the decision's end).
bool ReshuffledAfter(const State& s, size_t i) {
  for (size_t j = i + 1; j < s.events().size(); ++j) {
    if (s.events()[j].kind == rules::kEvReshuffle) return true;
  }
  return false;
}

// The events of the decision that led from `before` to `after`.
absl::Status CheckEventCards(const State& before, const State& after) {
  const auto& events = after.events();
  for (size_t i = before.events().size(); i < events.size(); ++i) {
    const rules::Event& e = events[i];
    if (e.card == rules::kNoCard) continue;
    const std::string where = absl::StrCat(
        "event ", i, " (", State::EventKindName(e.kind), " seat ", e.seat,
        " a ", e.a, " b ", e.b, ", ", after.card(e.card).name, " from",
        Where(before, e.card), " to", Where(after, e.card), ")");
    if (e.visible_to != 0xFF) {
      if (e.kind == rules::kEvTakeCard || e.kind == rules::kEvExposure) {
        if ((e.visible_to & ~Parties(after, e)) != 0)
          return absl::InternalError(
              absl::StrCat(where, " shows a seat not party to it the card"));
        continue;
      }
      for (int seat = 0; seat < after.num_seats(); ++seat) {
        if ((e.visible_to >> seat & 1) && !Holds(before, seat, e.card) &&
            !Holds(after, seat, e.card) && !Public(after, e.card))
          return absl::InternalError(absl::StrCat(where, " shows seat ", seat,
                                                  " a card it never held"));
      }
      continue;
    }
    // Law 12.5.1.I, 12.5.2.I, 12.5.3.II: the Duchy reveals a card it holds.
    const bool revealed =
        e.kind == rules::kEvDuchyReveal && Holds(before, e.seat, e.card);
    const auto& deck = after.deck();
    const bool reshuffled =
        ReshuffledAfter(after, i) &&
        std::find(deck.begin(), deck.end(), e.card) != deck.end();
    if (!revealed && !reshuffled && !Public(before, e.card) &&
        !Public(after, e.card))
      return absl::InternalError(
          absl::StrCat(where, " shows everyone a hidden card"));
  }
  return absl::OkStatus();
}

// Plays random games of `setup`, checking views every `every` decisions and
// every decision's events.
void CheckGames(rules::GameSetup setup, uint64_t first_seed, int games,
                int every) {
  setup.record_events = true;
  if (setup.max_turns == 0) setup.max_turns = 40;
  for (uint64_t seed = first_seed; seed < first_seed + games; ++seed) {
    auto started = State::NewGame(setup, seed);
    ASSERT_TRUE(started.ok()) << started.status();
    State s = *std::move(started);
    rules::Chance pick(seed * 7 + 1);
    for (int d = 0; !s.IsTerminal() && d < 4000; ++d) {
      if (d % every == 0) {
        const absl::Status st = CheckViews(s, seed * 1000 + d);
        ASSERT_TRUE(st.ok())
            << "seed " << seed << " decision " << d << ": " << st;
      }
      const State before = s;
      const int k = pick.Draw(rules::kChancePick, s.options().size());
      if (d % every == 0) {
        const absl::Status st = CheckDecision(s, k, seed * 1000 + d);
        ASSERT_TRUE(st.ok())
            << "seed " << seed << " decision " << d << ": " << st;
      }
      ASSERT_TRUE(s.Apply(s.deciding_seat(), k).ok());
      const absl::Status st = CheckEventCards(before, s);
      ASSERT_TRUE(st.ok()) << "seed " << seed << " decision " << d << ": "
                           << st;
    }
  }
}

// A table of four around `faction` (the second Vagabond beside the first),
// on one of the four maps, with three hirelings and two landmarks, one the
// Black Market; every third table drafts its factions (Law 19.8).
rules::GameSetup Table(int faction, int i) {
  static const char* kMaps[] = {"autumn", "winter", "lake", "mountain"};
  rules::GameSetup setup;
  setup.map = kMaps[i % 4];
  setup.deck = i % 2 ? "exiles" : "standard";
  setup.mode = rules::GameSetup::kAdvancedSetup;
  std::vector<int8_t> others;
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (f != faction && f != rules::kVagabond && f != rules::kVagabond2)
      others.push_back(f);
  }
  std::mt19937_64 rng(1000 + faction * 31 + i);
  std::shuffle(others.begin(), others.end(), rng);
  setup.factions = {static_cast<int8_t>(faction), others[0], others[1],
                    others[2]};
  if (faction == rules::kVagabond2) setup.factions[1] = rules::kVagabond;
  setup.shuffle_seats = true;
  setup.hirelings = {{-1, false}, {-1, false}, {-1, false}};
  setup.landmarks = {{rules::kLandmarkBlackMarket, -1}, {-1, -1}};
  return setup;
}

// Games per table: 2, or REDACTION_GAMES for a longer local run.
int Games() {
  const char* n = std::getenv("REDACTION_GAMES");
  return n != nullptr ? std::atoi(n) : 2;
}

class Redaction : public ::testing::TestWithParam<int> {};

TEST_P(Redaction, Law_1_2_ViewsAndEventsHoldNothingHidden) {
  rules::RegisterAll();
  const int faction = GetParam();
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(absl::StrCat("faction ", faction, " table ", i));
    CheckGames(Table(faction, i), 24000 + 100 * faction + 10 * i, Games(), 3);
  }
}

// The events the Marquise (seat 0) gets of the Vagabond's (seat 3) battle
// against the Eyrie (seat 1), who holds one card, `eyrie_card`, and plays no
// ambush if asked (Law 4.3.1).
std::vector<std::string> VagabondBattleSeenByMarquise(
    const std::string& eyrie_card) {
  using rules::testing::C;
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kVagabond};
  setup.record_events = true;
  rules::testing::Scenario sc(setup, 7);
  State& s = sc.s();
  s.SetCurrent(3, rules::kPhaseDaylight);
  rules::VagabondBoard& vb = s.mutable_vagabond();
  vb.character = 0;
  vb.clearing = static_cast<int8_t>(C(5));
  vb.forest = -1;
  sc.Item(rules::kSword);
  s.SetWarriors(rules::kEyrie, C(5), 2);
  sc.Give(1, eyrie_card);
  sc.Dice({2, 1});
  const size_t from = s.events().size();
  sc.Start([](State& s) {
    rules::GetFaction(rules::kVagabond)->PushDaylight(s, 3);
  });
  sc.Choose("Battle (sword)");  // the one target: no choice
  if (sc.Key() == "battle.ambush") sc.Choose("Done");
  EXPECT_NE(sc.Key(), "battle.ambush");
  std::vector<std::string> seen;
  for (size_t i = from; i < s.events().size(); ++i)
    seen.push_back(s.EventText(s.events()[i], 0));
  return seen;
}

// Law 1.2.1: whether the defender was asked to ambush (it holds a matching
// ambush card) is not public. The public changes logged from a comparison
// (the Vagabond's exhausted sword) used to come at the end of each
// decision: before the dice when the battle stopped for the defender's
// answer, after them when it did not, telling every seat which.
TEST(Redaction, Law_1_2_1_AnAmbushPromptDoesNotReorderTheEvents) {
  rules::RegisterAll();
  const std::vector<std::string> asked =
      VagabondBattleSeenByMarquise("Ambush!");
  const std::vector<std::string> not_asked =
      VagabondBattleSeenByMarquise("Anvil");
  EXPECT_GT(asked.size(), 3u);
  EXPECT_EQ(asked, not_asked);
}

// The events the Alliance (seat 2) gets of a battle the Marquise (seat 0,
// holding `marquise_card`) starts against the Eyrie (seat 1), who plays an
// ambush; the Marquise foils it not if asked (Law 4.3.1.I).
std::string AmbushSeenByAlliance(const std::string& marquise_card) {
  using rules::testing::C;
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance};
  setup.record_events = true;
  rules::testing::Scenario sc(setup, 7);
  State& s = sc.s();
  s.SetWarriors(rules::kMarquise, C(5), 3);
  s.SetWarriors(rules::kEyrie, C(5), 3);
  sc.Give(1, "Ambush!", rules::kBird);
  sc.Give(0, marquise_card, rules::kRabbit);
  sc.Dice({1, 1});
  const size_t from = s.events().size();
  sc.Start([](State& s) {
    rules::PushBattle(s, C(5), rules::kMarquise, rules::kEyrie);
  });
  sc.Choose("Ambush! (bird)");
  if (sc.Key() == "battle.foil_ambush") sc.Choose("Done");
  EXPECT_EQ(sc.Key(), "pause");
  return EventsSeen(s, from, 2);
}

// Law 1.2.1: whether the attacker could foil an ambush (it holds a matching
// ambush card) is not public; the ambush card's discard named the
// defender's hand when no one was asked in between, and no hand when the
// attacker was asked and declined.
TEST(Redaction, Law_1_2_1_AFoilPromptDoesNotChangeTheAmbushDiscard) {
  rules::RegisterAll();
  EXPECT_EQ(AmbushSeenByAlliance("Ambush!"), AmbushSeenByAlliance("Root Tea"));
}

INSTANTIATE_TEST_SUITE_P(EveryFaction, Redaction,
                         ::testing::Range(0, rules::kNumFactions));

TEST(Redaction, Law_1_2_DraftedTablesHoldNothingHidden) {
  rules::RegisterAll();
  for (int i = 0; i < 4; ++i) {
    rules::GameSetup setup = Table(rules::kMarquise, i);
    setup.factions.assign(4, rules::kNoFaction);  // Law 19.8: drafted
    setup.shuffle_seats = false;
    SCOPED_TRACE(absl::StrCat("drafted table ", i));
    CheckGames(setup, 25000 + 10 * i, Games(), 3);
  }
}

}  // namespace
}  // namespace woodland::referee
