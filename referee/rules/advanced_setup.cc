#include "referee/rules/advanced_setup.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

int8_t I8(int v) { return static_cast<int8_t>(v); }

// Law 19.6.5: the faction each Marauder hireling keeps out (the Popular
// Band keeps out none).
int BlockedFaction(int hireling) {
  switch (hireling) {
    case kHirelingForestPatrol:
      return kMarquise;
    case kHirelingLastDynasty:
      return kEyrie;
    case kHirelingSpringUprising:
      return kAlliance;
    case kHirelingExile:
      return kVagabond;
    case kHirelingFlameBearers:
      return kHundreds;
    case kHirelingVaultKeepers:
      return kKeepers;
    default:
      return kNoFaction;
  }
}

// Law 19.8.1: the factions whose setup cards are in the draft pool.
std::vector<int8_t> DraftPool(const GameSetup& setup, int seats) {
  std::vector<int8_t> pool;
  if (setup.draft_pool.empty()) {
    for (int f = 0; f < kNumFactions; ++f) {
      if (f == kVagabond2 && setup.vagabond_cards < 2) continue;
      if (GetFaction(f) != nullptr) pool.push_back(I8(f));
    }
  } else {
    pool = setup.draft_pool;
    // Law 19.8.1: both Vagabond setup cards, if the group includes both.
    if (setup.vagabond_cards == 2 &&
        std::find(pool.begin(), pool.end(), kVagabond) != pool.end()) {
      pool.push_back(kVagabond2);
    }
  }
  std::erase_if(pool, [&](int8_t f) {
    // Law 19.8.2.I: two players draft militant factions only.
    return BlockedByHirelings(setup, f) || (seats == 2 && !IsMilitant(f));
  });
  return pool;
}

int Draw(Chance& chance, size_t n) {
  return chance.Draw(kChanceSetup, static_cast<int>(n));
}

// The seat choosing the k-th setup card: the last player in turn order
// first, then counterclockwise (Law 19.8.3).
int Picker(const State& s, int k) {
  const int n = s.num_seats();
  return (s.current_seat() + n - 1 - k % n) % n;
}

void DraftStep(State& s) {
  Task& t = s.top();
  const int n = s.num_seats();
  if (t.a >= n) {
    s.Pop();
    return;
  }
  const LandmarksBoard& lb = s.landmarks();
  const int last = static_cast<int>(lb.pool.size()) - 1;
  std::vector<Option> opts;
  for (int i = 0; i <= last; ++i) {
    if (lb.pool[i] < 0) continue;
    // Law 19.8.2.II: the locked card waits for a militant faction.
    if (i == last && lb.locked && !lb.militant_chosen) continue;
    opts.push_back({.kind = kOptFaction, .a = lb.pool[i]});
  }
  t.seat = I8(Picker(s, t.a));
  s.Ask(kPromptDraftFaction, t.seat, std::move(opts), t.a);
}

void DraftChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  const int faction = o.a;
  LandmarksBoard& lb = s.mutable_landmarks();
  for (int8_t& f : lb.pool) {
    if (f == faction) f = -1;
  }
  lb.militant_chosen |= IsMilitant(faction);
  t.a += 1;
  s.SeatFaction(seat, faction);
  s.Log({.kind = kEvDraft,
         .seat = I8(seat),
         .faction = I8(faction),
         .a = I8(faction)});
  // Law 19.8.3: the faction is set up at once, before the next choice.
  GetFaction(faction)->PushSetup(s, seat);
}

std::string DraftText(const State& s, const Prompt& p) {
  return absl::StrCat("Choose a faction setup card (choice ", p.a + 1, " of ",
                      s.num_seats(), "); you set it up at once.");
}

// Law 19.10: a = cards still to put back.
void KeepStep(State& s) {
  const Task& t = s.top();
  if (t.a <= 0 || s.seat(t.seat).hand.empty()) {
    s.Pop();
    return;
  }
  s.Ask(kPromptKeepCard, t.seat, MatchingCards(s, t.seat, -1), t.a);
}

void KeepChoose(State& s, const Option& o) {
  Task& t = s.top();
  t.a -= 1;
  s.RemoveFromHand(t.seat, o.card);
  s.mutable_deck().push_back(o.card);  // face down; draws pick at random
}

std::string KeepText(const State&, const Prompt& p) {
  return absl::StrCat("Choose a card to put back on the deck (", int{p.a},
                      " more; you keep three).");
}

// Distance (in paths) from `c` to the nearest enemy homeland of `faction`;
// a large number when there is none.
int EnemyDistance(const State& s, int faction, int c) {
  const int n = s.map().num_clearings;
  std::vector<int> dist(n, -1);
  std::vector<int> queue = {c};
  dist[c] = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    const int x = queue[i];
    if (EnemyHomeland(s, faction, x)) return dist[x];
    for (int y = 0; y < n; ++y) {
      if (dist[y] < 0 && s.Adjacent(x, y)) {
        dist[y] = dist[x] + 1;
        queue.push_back(y);
      }
    }
  }
  return 1 << 10;
}

// Law 19.8.3.II: 0 = two or more clearings between (distance 3+), 1 = not
// adjacent, 2 = adjacent.
int Tier(const State& s, int faction, int c) {
  const int d = EnemyDistance(s, faction, c);
  return d >= 3 ? 0 : d == 2 ? 1 : 2;
}

std::vector<int> BestTier(const State& s, int faction,
                          const std::vector<int>& candidates,
                          HomelandRule rule) {
  std::vector<int> out;
  int best = 3;
  for (int c : candidates) {
    if (EnemyHomeland(s, kNoFaction, c)) continue;  // Law 19.8.3.I
    int tier = Tier(s, faction, c);
    if (rule == HomelandRule::kAny) tier = 0;
    if (rule == HomelandRule::kNotAdjacent) tier = std::max(tier, 1);
    if (tier < best) {
      best = tier;
      out.clear();
    }
    if (tier == best) out.push_back(c);
  }
  return out;
}

std::vector<Option> ClearingOptions(const std::vector<int>& clearings) {
  std::vector<Option> opts;
  for (int c : clearings) opts.push_back({.kind = kOptClearing, .a = I8(c)});
  return opts;
}

// Task kTaskSpread: a = faction, b = center, c = warriors left, d = the
// clearings served in this round (bit per clearing).
std::vector<int> SpreadTargets(const State& s, const Task& t) {
  std::vector<int> out;
  for (int x = 0; x < s.map().num_clearings; ++x) {
    if (s.Adjacent(t.b, x) && s.CanPlace(t.a, x) && !(t.d >> x & 1))
      out.push_back(x);
  }
  return out;
}

void SpreadPlace(State& s, int x) {
  Task& t = s.top();
  s.PlaceWarriors(t.a, x, 1);
  t.d = static_cast<int16_t>(t.d | 1 << x);
  --t.c;
}

void SpreadStep(State& s) {
  Task& t = s.top();
  std::vector<int> open = SpreadTargets(s, t);
  if (open.empty() && t.d != 0) {  // a round is complete: start the next
    t.d = 0;
    open = SpreadTargets(s, t);
  }
  if (t.c <= 0 || open.empty() || s.warrior_supply(t.a) <= 0) {
    s.Pop();
    return;
  }
  if (t.c >= static_cast<int>(open.size())) {  // no choice: one each
    for (int x : open) SpreadPlace(s, x);
    return;
  }
  s.Ask(kPromptSpread, t.seat, ClearingOptions(open), t.c);
}

void SpreadChoose(State& s, const Option& o) { SpreadPlace(s, o.a); }

std::string HomelandText(const State&, const Prompt&) {
  return "Choose a homeland clearing for your faction setup card.";
}

std::string SpreadText(const State&, const Prompt& p) {
  return absl::StrCat("Choose a clearing for a setup warrior (", int{p.a},
                      " left; as evenly as possible).");
}

}  // namespace

bool IsMilitant(int faction) {
  switch (faction) {
    case kMarquise:
    case kEyrie:
    case kDuchy:
    case kHundreds:
    case kKeepers:
      return true;
    default:
      return false;
  }
}

bool IsDraft(const GameSetup& setup) {
  if (setup.mode != GameSetup::kAdvancedSetup || setup.factions.empty()) {
    return false;
  }
  for (int8_t f : setup.factions) {
    if (f != kNoFaction) return false;
  }
  return true;
}

bool BlockedByHirelings(const GameSetup& setup, int faction) {
  for (auto [h, demoted] : setup.hirelings) {
    const int blocked = BlockedFaction(h);
    if (blocked == faction || (blocked == kVagabond && faction == kVagabond2)) {
      return true;
    }
  }
  return false;
}

absl::Status ValidateAdvancedSetup(const GameSetup& setup) {
  // Law 19.8.1: one or both Vagabond setup cards.
  if (setup.vagabond_cards < 1 || setup.vagabond_cards > 2) {
    return absl::InvalidArgumentError(
        "the draft pool holds one or both Vagabond setup cards (Law 19.8.1)");
  }
  for (int8_t f : setup.draft_pool) {
    if (f < 0 || f >= kNumFactions || GetFaction(f) == nullptr ||
        f == kVagabond2) {
      return absl::InvalidArgumentError(
          "the draft pool names a faction that cannot be drafted");
    }
  }
  const int n = static_cast<int>(setup.factions.size());
  int militant = 0;
  const std::vector<int8_t> pool = DraftPool(setup, n);
  for (int8_t f : pool) militant += IsMilitant(f);
  // Law 19.8.2: one militant card, then one card per player.
  if (militant < 1 || static_cast<int>(pool.size()) < n + 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the draft pool needs a militant faction and ", n + 1,
        " faction setup cards (Law 19.8.2), it has ", pool.size()));
  }
  return absl::OkStatus();
}

absl::Status DealDraft(GameSetup& setup, int seats, Chance& chance,
                       LandmarksBoard& board) {
  std::vector<int8_t> militant, rest;
  for (int8_t f : DraftPool(setup, seats)) {
    (IsMilitant(f) ? militant : rest).push_back(f);
  }
  // Law 19.8.2: one militant card to the pool, then the other militants
  // shuffled with the insurgents, one card per player.
  const int first = Draw(chance, militant.size());
  board.pool.push_back(militant[first]);
  militant.erase(militant.begin() + first);
  rest.insert(rest.end(), militant.begin(), militant.end());
  std::sort(rest.begin(), rest.end());
  for (int i = 0; i < seats; ++i) {
    const int pick = Draw(chance, rest.size());
    board.pool.push_back(rest[pick]);
    rest.erase(rest.begin() + pick);
  }
  // Law 19.8.2.II: a last insurgent is locked.
  board.locked = !IsMilitant(board.pool.back());
  // Law 19.8.2.III: a dealt Vagabond card gets a random character (two
  // Vagabonds are never the same character, 9.7).
  for (int8_t f : board.pool) {
    if (f != kVagabond && f != kVagabond2) continue;
    bool fixed = false;
    std::vector<int8_t> free;
    for (int c = 0; c < NumVagabondCharacters(); ++c) free.push_back(I8(c));
    for (auto [g, c] : setup.characters) {
      fixed |= g == f;
      std::erase(free, c);
    }
    if (!fixed && !free.empty()) {
      setup.characters.push_back({f, free[Draw(chance, free.size())]});
    }
  }
  return absl::OkStatus();
}

bool SetupCards(const State& s) { return IsDraft(s.def().setup); }

bool EnemyHomeland(const State& s, int faction, int c) {
  const LandmarksBoard& lb = s.landmarks();
  for (size_t i = 0; i < lb.homeland_clearings.size(); ++i) {
    if (lb.homeland_clearings[i] == c && lb.homeland_factions[i] != faction)
      return true;
  }
  return false;
}

void AddHomeland(State& s, int faction, int c) {
  LandmarksBoard& lb = s.mutable_landmarks();
  lb.homeland_clearings.push_back(I8(c));
  lb.homeland_factions.push_back(I8(faction));
}

std::vector<int> Homelands(const State& s, int faction) {
  std::vector<int> out;
  const LandmarksBoard& lb = s.landmarks();
  for (size_t i = 0; i < lb.homeland_clearings.size(); ++i) {
    if (lb.homeland_factions[i] == faction)
      out.push_back(lb.homeland_clearings[i]);
  }
  return out;
}

std::vector<Option> HomelandOptions(const State& s, int faction,
                                    const std::vector<int>& candidates,
                                    HomelandRule rule) {
  return ClearingOptions(BestTier(s, faction, candidates, rule));
}

std::vector<Option> CardHomelandOptions(const State& s, int faction, bool edge,
                                        bool slot, HomelandRule rule) {
  std::vector<int> cands;
  for (int pass = edge ? 0 : 1; pass < 2 && cands.empty(); ++pass) {
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if ((pass == 0 && !s.map().clearings[c].edge) ||
          EnemyHomeland(s, kNoFaction, c) || !s.CanPlace(faction, c) ||
          (slot && s.OpenSlots(c) <= 0))
        continue;
      cands.push_back(c);
    }
  }
  return HomelandOptions(s, faction, cands, rule);
}

std::vector<Option> PairedHomelandOptions(const State& s, int faction,
                                          int first) {
  const int n = s.map().num_clearings;
  auto valid = [&](int c) {
    return !EnemyHomeland(s, kNoFaction, c) && s.CanPlace(faction, c);
  };
  auto edge = [&](int c) { return valid(c) && s.map().clearings[c].edge; };
  auto full = [&](int c) { return edge(c) && Tier(s, faction, c) == 0; };
  std::vector<int> cands;
  if (first < 0) {
    // Both requirements met by some adjacent pair: its first member.
    for (int a = 0; a < n; ++a) {
      bool pair = false;
      for (int b = 0; b < n && full(a); ++b)
        pair |= s.Adjacent(a, b) && full(b);
      if (pair) cands.push_back(a);
    }
    if (!cands.empty()) return ClearingOptions(cands);
    // Law 19.8.3.III: else one at a time, each as well as it can.
    for (int a = 0; a < n; ++a) {
      if (edge(a)) cands.push_back(a);
    }
    if (cands.empty()) {  // no edge clearing left (Law silent): any
      for (int a = 0; a < n; ++a) {
        if (valid(a)) cands.push_back(a);
      }
    }
    return HomelandOptions(s, faction, cands, HomelandRule::kTwoBetween);
  }
  // The second: adjacent to the first on the map edge, else adjacent, else
  // on the map edge anywhere (the Law is silent on the last two).
  for (int pass = 0; pass < 3 && cands.empty(); ++pass) {
    for (int b = 0; b < n; ++b) {
      if (b == first || !valid(b)) continue;
      const bool adj = s.Adjacent(first, b);
      const bool on_edge = s.map().clearings[b].edge;
      if ((pass == 0 && adj && on_edge) || (pass == 1 && adj) ||
          (pass == 2 && on_edge))
        cands.push_back(b);
    }
  }
  return HomelandOptions(s, faction, cands, HomelandRule::kTwoBetween);
}

void PushSpread(State& s, int seat, int faction, int center, int n) {
  s.Push(Task{.kind = kTaskSpread,
              .seat = I8(seat),
              .a = I8(faction),
              .b = I8(center),
              .c = I8(n),
              .d = 0});
}

void PushDraft(State& s) {
  s.Push(Task{.kind = kTaskDraft, .seat = I8(Picker(s, 0)), .a = 0});
}

void PushKeepHands(State& s) {
  // Law 19.10: each player puts two of five cards back; asked in turn order
  // (pushed in reverse so the first player answers first).
  const int n = s.num_seats();
  for (int i = n - 1; i >= 0; --i) {
    const int seat = (s.current_seat() + i) % n;
    const int extra = static_cast<int>(s.seat(seat).hand.size()) - 3;
    if (extra > 0) {
      s.Push(Task{.kind = kTaskKeepHand, .seat = I8(seat), .a = I8(extra)});
    }
  }
}

void RegisterAdvancedSetup() {
  RegisterTask(kTaskDraft, {"draft", DraftStep, DraftChoose});
  RegisterTask(kTaskKeepHand, {"keep_hand", KeepStep, KeepChoose});
  RegisterPrompt(kPromptDraftFaction,
                 PromptInfo{"setup.draft", "19.8.3", DraftText});
  RegisterTask(kTaskSpread, {"spread", SpreadStep, SpreadChoose});
  RegisterPrompt(kPromptHomeland,
                 PromptInfo{"setup.homeland", "19.8.3.I", HomelandText});
  RegisterPrompt(kPromptSpread,
                 PromptInfo{"setup.spread", "19.8.3", SpreadText});
  RegisterPrompt(kPromptKeepCard,
                 PromptInfo{"setup.starting_hand", "19.10", KeepText});
}

}  // namespace woodland::rules
