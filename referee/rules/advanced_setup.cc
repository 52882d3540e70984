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
  RegisterPrompt(kPromptKeepCard,
                 PromptInfo{"setup.starting_hand", "19.10", KeepText});
}

}  // namespace woodland::rules
