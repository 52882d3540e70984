// The Lizard Cult (Law 10).
//
// Board: CultBoard (cult_board.h) holds the Outcast and its Hated side, the
// Acolytes box, the Lost Souls pile and the cards revealed this turn; gardens
// not on the map are the piece supply (the Gardens tracks).
//
// Turn: Birdsong adjusts the Outcast, discards the Lost Souls and offers
// conspiracies paid with acolytes (10.4); Daylight reveals cards for rituals
// (10.5); Evening returns the revealed cards, crafts with Outcast gardens and
// draws (10.6). Core hooks: Pilgrims (RulesOutright, 10.2.4), the Lost Souls
// pile (CatchesDiscard, 10.2.6), Revenge (OnWarriorsRemoved, 10.2.3) and Fear
// of the Faithful (OnPieceRemoved, 10.2.5).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kCult;
enum CultTask : uint8_t {
  kCuSetup = kTaskBase,
  kCuBirdsong,
  kCuCrusade,
  kCuConvert,
  kCuSanctify,
  kCuDaylight,
  kCuRitual,
  kCuEvening,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kCult;
// The hand-limit discard (Law 10.6.3), in the last slot of the range.
constexpr int kCuPromptDiscard = kPromptBase + 31;
enum CultPrompt : uint16_t {
  kCuPromptCorner = kPromptBase,
  kCuPromptOutcast,
  kCuPromptConspiracy,
  kCuPromptCrusade,
  kCuPromptCrusadeBattle,
  kCuPromptConvert,
  kCuPromptConvertFaction,
  kCuPromptSanctify,
  kCuPromptSanctifyPiece,
  kCuPromptRitual,
  kCuPromptRitualCard,
  kCuPromptRitualClearing,
  kCuPromptScoreSuit,
};

// kOptAction codes: conspiracies (Birdsong menu) and rituals (Daylight).
enum CultAction : int8_t {
  kConCrusade = 0,
  kConConvert,
  kConSanctify,
  kRitBuild,
  kRitRecruit,
  kRitScore,
  kRitSacrifice,
};

constexpr int kWarriors = 25;       // Law 10.3.1
constexpr int kGardensPerSuit = 5;  // 15 gardens, 5 per suit (10.3.4)
constexpr int kStartWarriors = 4;   // Law 10.3.2
constexpr int kHandLimit = 5;       // Law 10.6.3
// Law 10.5.3: VP printed above the rightmost empty space of a Gardens track,
// by the number of gardens of that suit on the map (1..5).
constexpr std::array<int8_t, kGardensPerSuit> kScoreVp = {0, 2, 2, 3, 4};
// Law 10.6.3: a track's draw bonus is uncovered with this many gardens of
// its suit on the map.
constexpr int kDrawBonusGardens = 2;

int8_t I8(int v) { return static_cast<int8_t>(v); }

int GardenOf(int suit) { return kGardenFox + suit; }
bool IsGarden(int piece) {
  return piece >= kGardenFox && piece <= kGardenMouse;
}
int GardensOnMap(const State& s, int suit) {
  return kGardensPerSuit - s.piece_supply(GardenOf(suit));
}
int GardensIn(const State& s, int c) {
  const auto& p = s.clearing(c).pieces;
  return p[kGardenFox] + p[kGardenRabbit] + p[kGardenMouse];
}

// Law 10.4.3: each conspiracy costs one acolyte fewer while the Outcast is
// Hated.
int ConspiracyCost(const State& s, int action) {
  const int base = action == kConSanctify ? 3 : 2;
  return base - (s.cult().hated ? 1 : 0);
}

std::string Acolytes(int n) {
  return absl::StrCat(n, n == 1 ? " acolyte" : " acolytes");
}

bool HandHasSuit(const State& s, int seat, int suit) {
  for (CardId id : s.seat(seat).hand) {
    if (s.card(id).suit == suit) return true;  // 10.2.2: birds not wild
  }
  return false;
}

bool EnemyBuilding(const State& s, int piece) {
  const PieceInfo& info = GetPieceInfo(piece);
  return info.building && info.owner != kNoFaction &&
         s.AreEnemies(kCult, info.owner);
}

// --- Setup (Law 10.3) --------------------------------------------------------

// Law 10.3.2: a corner that is no other player's starting corner and, if
// possible, diagonally opposite one. Starting corners known at the Cult's
// setup: the Keep's and the Eyrie's first roost's (they set up before).
std::vector<Option> StartCorners(const State& s) {
  const MapDef& m = s.map();
  auto starting = [&](int c) {
    return c == s.marquise().keep || s.clearing(c).pieces[kRoost] > 0;
  };
  std::vector<Option> all, opposite;
  for (int c = 0; c < m.num_clearings; ++c) {
    // Law 19.8.3.I: only where the garden can be placed.
    if (!m.clearings[c].corner || starting(c) || !s.CanPlace(kCult, c) ||
        s.OpenSlots(c) <= 0)
      continue;
    all.push_back({.kind = kOptClearing, .a = I8(c)});
    const int opp = m.OppositeCorner(c);
    if (opp >= 0 && starting(opp)) opposite.push_back(all.back());
  }
  return opposite.empty() ? all : opposite;
}

void SetupStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    if (SetupCards(s)) {
      // Law 19.8.3: the Cult's card, a homeland not adjacent to enemy
      // homelands (19.8.3.II), with room for the garden.
      s.Ask(kPromptHomeland, t.seat,
            CardHomelandOptions(s, kCult, false, true,
                                HomelandRule::kNotAdjacent));
    } else {
      s.Ask(kCuPromptCorner, t.seat, StartCorners(s));
    }
    return;
  }
  std::vector<Option> opts;  // Law 10.3.3: any suit
  for (int suit = 0; suit < kNumClearingSuits; ++suit)
    opts.push_back({.kind = kOptSuit, .a = I8(suit)});
  s.Ask(kCuPromptOutcast, t.seat, std::move(opts));
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    const int c = o.a;
    CHECK(s.PlacePiece(GardenOf(s.SuitOf(c)), c));
    s.PlaceWarriors(kCult, c, kStartWarriors);
    if (SetupCards(s)) {
      // The Cult's card: 3 warriors around the homeland as evenly as
      // possible, 2 in the Acolytes box.
      AddHomeland(s, kCult, c);
      const int acolytes = std::min(2, s.warrior_supply(kCult));
      s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - acolytes);
      s.mutable_cult().acolytes += acolytes;
      PushSpread(s, t.seat, kCult, c, 3);
      return;
    }
    for (int x = 0; x < s.map().num_clearings; ++x) {
      if (s.Adjacent(c, x) && s.CanPlace(kCult, x))
        s.PlaceWarriors(kCult, x, 1);
    }
    return;
  }
  s.Pop();
  CultBoard& cb = s.mutable_cult();
  cb.outcast = o.a;
  cb.hated = false;
}

void NoChoice(State&, const Option&) { CHECK(false); }

// --- Birdsong (Law 10.4) -----------------------------------------------------

// Law 10.4.1: the suit with the most Lost Souls (birds ignored) becomes the
// Outcast; the same suit again, or no single most, turns it Hated.
void AdjustOutcast(State& s) {
  CultBoard& cb = s.mutable_cult();
  std::array<int, kNumClearingSuits> n{};
  for (CardId id : cb.lost_souls) {
    const int suit = s.card(id).suit;
    if (suit != kBird) ++n[suit];
  }
  int best = -1;
  bool single = false;
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    if (best < 0 || n[suit] > n[best]) {
      best = suit;
      single = true;
    } else if (n[suit] == n[best]) {
      single = false;
    }
  }
  if (single && best != cb.outcast) {
    cb.outcast = I8(best);
    cb.hated = false;
  } else {
    cb.hated = true;
  }
}

// Law 10.4.2: the Lost Souls go to the discard pile (dominance cards become
// available).
void DiscardLostSouls(State& s) {
  std::vector<CardId> pile;
  pile.swap(s.mutable_cult().lost_souls);
  for (CardId id : pile) s.DiscardToPile(id);
}

// Law 22.3.2: enemy hirelings with warriors in c (Convert's targets).
std::vector<int> HirelingWarriorTargets(const State& s, int c) {
  std::vector<int> out;
  for (int h : EnemyHirelingTargets(s, kCult, c, false)) {
    if (HirelingWarriorsIn(s, h, c) > 0) out.push_back(h);
  }
  return out;
}
bool HirelingWarriorTarget(const State& s, int c) {
  return !HirelingWarriorTargets(s, c).empty();
}

// Law 10.4.3.II: an enemy faction whose warrior in c Convert may replace.
// Law 14.2.2: the warlord cannot be removed outside of battle, and a
// replacement needs the removal (21.23, FAQ 38).
bool ConvertibleWarrior(const State& s, int f, int c) {
  return s.AreEnemies(kCult, f) &&
         s.clearing(c).warriors[f] > GetFaction(f)->ProtectedWarriors(s, c);
}

std::vector<Option> ConvertTargets(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.ClearingIs(c, s.cult().outcast) || !s.CanPlace(kCult, c)) continue;
    for (int o = 0; o < s.num_seats(); ++o) {
      const int f = s.seat(o).faction;
      if (ConvertibleWarrior(s, f, c)) {
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
        break;
      }
    }
    if ((opts.empty() || opts.back().a != c) && HirelingWarriorTarget(s, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

std::vector<Option> SanctifyTargets(const State& s) {
  std::vector<Option> opts = NewOptionList();
  const int outcast = s.cult().outcast;
  if (s.piece_supply(GardenOf(outcast)) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.ClearingIs(c, outcast) || !s.CanPlace(kCult, c)) continue;
    for (int p = 0; p < kNumPieces; ++p) {
      if (s.clearing(c).pieces[p] > 0 && EnemyBuilding(s, p)) {
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
        break;
      }
    }
    // Law 22.3.2: an enemy hireling's vault is an enemy building.
    if ((opts.empty() || opts.back().a != c) &&
        !EnemyHirelingTargets(s, kCult, c, true).empty())
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

bool CrusadePossible(const State& s) {
  const int outcast = s.cult().outcast;
  return AnyLegalBattle(s, kCult, outcast) || AnyLegalMove(s, kCult, outcast);
}

std::vector<Option> Conspiracies(const State& s) {
  std::vector<Option> opts = NewOptionList();
  const int acolytes = s.cult().acolytes;
  auto offer = [&](int action, bool possible) {
    if (possible && acolytes >= ConspiracyCost(s, action))
      opts.push_back({.kind = kOptAction, .a = I8(action)});
  };
  offer(kConCrusade, CrusadePossible(s));
  offer(kConConvert, !ConvertTargets(s).empty());
  offer(kConSanctify, !SanctifyTargets(s).empty());
  return opts;
}

void BirdsongStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    t.step = 1;
    s.mutable_cult().scored = 0;
    AdjustOutcast(s);     // 10.4.1
    DiscardLostSouls(s);  // 10.4.2
    return;
  }
  std::vector<Option> opts = Conspiracies(s);  // 10.4.3
  s.AskWithDoneOrPop(kCuPromptConspiracy, seat, std::move(opts),
                     s.cult().acolytes);
}

void BirdsongChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  // Law 10.4.3: spent acolytes return to the supply (paid before the effect).
  const int cost = ConspiracyCost(s, o.a);
  s.mutable_cult().acolytes -= cost;
  s.SetWarriorSupply(kCult, s.warrior_supply(kCult) + cost);
  const uint8_t kind = o.a == kConCrusade   ? kCuCrusade
                       : o.a == kConConvert ? kCuConvert
                                            : kCuSanctify;
  s.Push(Task{.kind = kind, .seat = I8(seat)});
}

// Law 10.4.3.I Crusade: battle in an Outcast clearing, or move from one and
// then, if wished, battle in the destination. x, y = from, to.
void CrusadeStep(State& s) {
  const Task& t = s.top();
  const int outcast = s.cult().outcast;
  if (t.step == 0) {
    std::vector<Option> opts = LegalBattles(s, kCult, outcast);
    for (const Option& m : LegalMoves(s, kCult, outcast)) opts.push_back(m);
    s.Ask(kCuPromptCrusade, t.seat, std::move(opts));
    return;
  }
  if (t.step == 1) {
    std::vector<Option> opts = NewOptionList();
    for (int i = 1; i <= s.clearing(t.x).warriors[kCult]; ++i)
      opts.push_back({.kind = kOptCount, .a = I8(i)});
    s.Ask(kPromptMoveCount, t.seat, std::move(opts), t.x, t.y);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (const Option& b : LegalBattles(s, kCult, -1)) {
    if (b.a == t.y) opts.push_back(b);
  }
  s.AskWithDoneOrPop(kCuPromptCrusadeBattle, t.seat, std::move(opts), t.y);
}

void CrusadeChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptBattle) {
    s.Pop();
    PushBattle(s, o.a, kCult, o.b);
  } else if (o.kind == kOptMove) {
    t.step = 1;
    t.x = o.a;
    t.y = o.b;
  } else if (o.kind == kOptCount) {
    t.step = 2;
    const int from = t.x, to = t.y, seat = t.seat;
    const bool ferry = IsFerryCrossing(s, from, to);  // Law 25.3.5
    s.MoveWarriors(kCult, from, to, o.a);  // may push triggered tasks
    if (ferry) FerryCrossed(s, seat, to);
  } else {
    s.Pop();  // no battle after the move
  }
}

// Law 10.4.3.II Convert: an enemy warrior in an Outcast clearing becomes a
// Cult warrior. x = the clearing.
void ConvertStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kCuPromptConvert, t.seat, ConvertTargets(s));
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (ConvertibleWarrior(s, f, t.x))  // Law 14.2.2
      opts.push_back({.kind = kOptFaction, .a = I8(f)});
  }
  for (int h : HirelingWarriorTargets(s, t.x))
    opts.push_back({.kind = kOptFaction, .a = I8(h)});
  s.Ask(kCuPromptConvertFaction, t.seat, std::move(opts), t.x);
}

void ConvertChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.x = o.a;
    return;
  }
  const int c = t.x;
  s.Pop();
  if (IsHirelingTarget(o.a)) {
    RemoveHirelingTargetPiece(s, o.a, c, kCult, false);
  } else {
    s.RemoveWarriors(o.a, c, 1, kCult);
  }
  CHECK_EQ(s.PlaceWarriors(kCult, c, 1), 1);
}

// Law 10.4.3.III Sanctify: an enemy building in an Outcast clearing becomes a
// garden of the Outcast suit. x = the clearing.
void SanctifyStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kCuPromptSanctify, t.seat, SanctifyTargets(s));
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int p = 0; p < kNumPieces; ++p) {
    if (s.clearing(t.x).pieces[p] > 0 && EnemyBuilding(s, p))
      opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  // A hireling's vault: the option names the hireling (22.3.2).
  for (int h : EnemyHirelingTargets(s, kCult, t.x, true))
    opts.push_back({.kind = kOptFaction, .a = I8(h)});
  s.Ask(kCuPromptSanctifyPiece, t.seat, std::move(opts), t.x);
}

void SanctifyChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.x = o.a;
    return;
  }
  const int c = t.x;
  s.Pop();
  if (o.kind == kOptFaction) {
    RemoveHirelingTargetPiece(s, o.a, c, kCult, true);  // scores (22.3.6)
  } else {
    std::array<int8_t, kNumPieces> pieces{};
    pieces[o.a] = 1;
    // Law 3.2.1: removing the building scores as any removal does.
    s.RemovePieces(GetPieceInfo(o.a).owner, c, 0, pieces, kCult);
  }
  CHECK(s.PlacePiece(GardenOf(s.cult().outcast), c));
}

// --- Daylight (Law 10.5) -----------------------------------------------------
// The menu offers each ritual that has a target and a card to reveal; the
// ritual task (a = ritual) then asks the target (b: a clearing for Build and
// Recruit, a suit for Score) and the card.

// Law 10.5.1-10.5.4 with 10.2.2: may card `id` be revealed for `ritual` with
// `target` (a clearing, or a suit for Score)? A card matches a clearing of its
// suit, so the Lost City's clearing (every suit, Law 24) takes any non-bird
// card; a garden built there shows the revealed card's suit (10.5.1: the
// clearing's suit, which the card names).
bool Reveals(const State& s, int ritual, int target, CardId id) {
  const int suit = s.card(id).suit;
  if (ritual == kRitScore) return suit == target;
  if (ritual == kRitSacrifice) return suit == kBird;  // 10.5.4
  if (suit == kBird || !s.ClearingIs(target, suit)) return false;
  return ritual != kRitBuild || s.piece_supply(GardenOf(suit)) > 0;
}

bool HandReveals(const State& s, int seat, int ritual, int target) {
  for (CardId id : s.seat(seat).hand) {
    if (Reveals(s, ritual, target, id)) return true;
  }
  return false;
}

bool CanBuildIn(const State& s, int seat, int c) {
  return s.Rules(kCult, c) && s.OpenSlots(c) > 0 && s.CanPlace(kCult, c) &&
         HandReveals(s, seat, kRitBuild, c);
}

bool CanRecruitIn(const State& s, int seat, int c) {
  return s.warrior_supply(kCult) > 0 && s.CanPlace(kCult, c) &&
         HandReveals(s, seat, kRitRecruit, c);
}

bool CanScore(const State& s, int seat, int suit) {
  return !(s.cult().scored >> suit & 1) && GardensOnMap(s, suit) > 0 &&
         HandHasSuit(s, seat, suit);
}

// Targets of a ritual: clearings (10.5.1, 10.5.2) or suits (10.5.3).
std::vector<Option> RitualTargets(const State& s, int seat, int ritual) {
  std::vector<Option> opts = NewOptionList();
  if (ritual == kRitScore) {
    for (int suit = 0; suit < kNumClearingSuits; ++suit) {
      if (CanScore(s, seat, suit))
        opts.push_back({.kind = kOptSuit, .a = I8(suit)});
    }
    return opts;
  }
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (ritual == kRitBuild ? CanBuildIn(s, seat, c)
                            : CanRecruitIn(s, seat, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

std::vector<Option> Rituals(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  for (int ritual : {kRitBuild, kRitRecruit, kRitScore}) {
    if (!RitualTargets(s, seat, ritual).empty())
      opts.push_back({.kind = kOptAction, .a = I8(ritual)});
  }
  if (s.warrior_supply(kCult) > 0 && HandHasSuit(s, seat, kBird))  // 10.5.4
    opts.push_back({.kind = kOptAction, .a = kRitSacrifice});
  return opts;
}

void DaylightStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = Rituals(s, seat);
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kCuPromptRitual, seat, std::move(opts));
}

void DaylightChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
  } else {
    Task r{.kind = kCuRitual, .seat = I8(seat)};
    r.a = o.a;
    r.step = o.a == kRitSacrifice ? 1 : 0;
    s.Push(r);
  }
}

void RitualStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(t.a == kRitScore ? kCuPromptScoreSuit : kCuPromptRitualClearing,
          t.seat, RitualTargets(s, t.seat, t.a), t.a);
    return;
  }
  // Which card is revealed (or, for Score, spent).
  std::vector<Option> opts = NewOptionList();
  std::vector<Option> matching = MatchingCards(s, t.seat, -1);
  for (const Option& o : matching) {
    if (Reveals(s, t.a, t.b, o.card)) opts.push_back(o);
  }
  RecycleOptionList(std::move(matching));
  s.Ask(kCuPromptRitualCard, t.seat, std::move(opts), t.a, t.b);
}

void RitualChoose(State& s, const Option& o) {
  if (s.top().step == 0) {
    s.top().step = 1;
    s.top().b = o.a;
    return;
  }
  const Task t = s.top();
  s.Pop();
  s.RemoveFromHand(t.seat, o.card);
  CultBoard& cb = s.mutable_cult();
  if (t.a == kRitScore) {
    // Law 10.5.3: spend the card (to the Lost Souls) and score the track.
    s.Discard(o.card);
    cb.scored |= 1u << t.b;
    s.AddVp(t.seat, kScoreVp[GardensOnMap(s, t.b) - 1], kVpRitual);
    return;
  }
  cb.revealed.push_back(o.card);
  switch (t.a) {
    case kRitBuild:  // 10.5.1
      CHECK(s.PlacePiece(GardenOf(s.card(o.card).suit), t.b));
      return;
    case kRitRecruit:  // 10.5.2
      CHECK_EQ(s.PlaceWarriors(kCult, t.b, 1), 1);
      return;
    case kRitSacrifice:  // 10.5.4
      s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - 1);
      ++cb.acolytes;
      return;
  }
  CHECK(false) << "bad ritual " << int{t.a};
}

// --- Evening (Law 10.6) ------------------------------------------------------

int DrawBonuses(const State& s) {
  int n = 0;
  for (int suit = 0; suit < kNumClearingSuits; ++suit)
    n += GardensOnMap(s, suit) >= kDrawBonusGardens;
  return n;
}

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  switch (t.step++) {
    case 0: {  // 10.6.1: return the revealed cards
      auto& hand = s.mutable_seat(seat).hand;
      for (CardId id : s.cult().revealed) hand.push_back(id);
      s.mutable_cult().revealed.clear();
      return;
    }
    case 1:  // 10.6.2: craft with gardens of the Outcast suit
      PushCraft(s, seat);
      return;
    default:  // 10.6.3
      s.Pop();
      s.DrawCards(seat, 1 + DrawBonuses(s));
      PushDiscardDown(s, seat, kHandLimit, kCuPromptDiscard);
  }
}

class Cult : public FactionModule {
 public:
  int faction() const override { return kCult; }
  int warriors() const override { return kWarriors; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    for (int suit = 0; suit < kNumClearingSuits; ++suit)
      p[GardenOf(suit)] = kGardensPerSuit;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kCuSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kCuBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kCuDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kCuEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    switch (o.a) {
      case kConCrusade:
        return absl::StrCat("Crusade (", Acolytes(ConspiracyCost(s, o.a)), ")");
      case kConConvert:
        return absl::StrCat("Convert (", Acolytes(ConspiracyCost(s, o.a)), ")");
      case kConSanctify:
        return absl::StrCat("Sanctify (", Acolytes(ConspiracyCost(s, o.a)),
                            ")");
      case kRitBuild:
        return "Build (a garden)";
      case kRitRecruit:
        return "Recruit";
      case kRitScore:
        return "Score";
      case kRitSacrifice:
        return "Sacrifice (a warrior to the Acolytes)";
    }
    return "?";
  }
  bool HasOutrightRule() const override { return true; }
  bool RulesOutright(const State& s, int c) const override {
    return GardensIn(s, c) > 0;  // 10.2.4 Pilgrims
  }
  bool CatchesDiscard(State& s, CardId id) const override {
    s.mutable_cult().lost_souls.push_back(id);  // 10.2.6
    return true;
  }
  int CraftingPiecesIn(const State& s, int c) const override {
    // Law 10.2.1: gardens whose printed suit is the Outcast, each for its
    // clearing's suit.
    const int outcast = s.cult().outcast;
    return outcast < 0 ? 0 : s.clearing(c).pieces[GardenOf(outcast)];
  }
  void OnWarriorsRemoved(State& s, int c, int n, int remover) const override {
    // Law 10.2.3 Revenge: warriors removed while defending in battle become
    // acolytes instead of returning to the supply.
    const BattleState& b = s.battle();
    if (b.defender != kCult || b.clearing != c) return;
    s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - n);
    s.mutable_cult().acolytes += n;
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (!IsGarden(piece)) return;
    // Law 10.2.5 Fear of the Faithful: discard a random card, in public
    // from the Cult's hand (RemoveFromHand names the hand to the event).
    const int seat = s.SeatOf(kCult);
    const auto& hand = s.seat(seat).hand;
    if (hand.empty()) return;
    const int i =
        s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
    const CardId id = hand[i];
    s.RemoveFromHand(seat, id);
    s.Discard(id);
  }
};

std::string ConspiracyText(const State& s, const Prompt& p) {
  return absl::StrCat("Birdsong: conspiracy in ", SuitName(s.cult().outcast),
                      s.cult().hated ? " (Hated)" : "", " clearings (",
                      Acolytes(p.a), "), or finish?");
}

}  // namespace

void ObserveCult(const State& s, int seat, Observation& o) {
  o.cult = s.cult();  // all public (10.2.6, 10.5)
}

void RegisterCult() {
  static const Cult kModule;
  RegisterFaction(&kModule);
  RegisterTask(kCuSetup, {"cult.setup", SetupStep, SetupChoose});
  RegisterTask(kCuBirdsong, {"cult.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kCuCrusade, {"cult.crusade", CrusadeStep, CrusadeChoose});
  RegisterTask(kCuConvert, {"cult.convert", ConvertStep, ConvertChoose});
  RegisterTask(kCuSanctify, {"cult.sanctify", SanctifyStep, SanctifyChoose});
  RegisterTask(kCuDaylight, {"cult.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kCuRitual, {"cult.ritual", RitualStep, RitualChoose});
  RegisterTask(kCuEvening, {"cult.evening", EveningStep, NoChoice});
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kCuPromptDiscard, "discard.hand_limit", "10.6.3", HandLimitText);
  reg(kCuPromptCorner, "cult.setup.corner", "10.3.2",
      [](const State&, const Prompt&) {
        return std::string(
            "Setup: place four warriors and a garden in which corner?");
      });
  reg(kCuPromptOutcast, "cult.setup.outcast", "10.3.3",
      [](const State&, const Prompt&) {
        return std::string("Setup: which suit is the Outcast?");
      });
  reg(kCuPromptConspiracy, "cult.conspiracy", "10.4.3", ConspiracyText);
  reg(kCuPromptCrusade, "cult.crusade", "10.4.3.I",
      [](const State&, const Prompt&) {
        return std::string(
            "Crusade: battle in an Outcast clearing, or move from one?");
      });
  reg(kCuPromptCrusadeBattle, "cult.crusade_battle", "10.4.3.I",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Crusade: battle in ", ClearingName(s, p.a),
                            ", or finish?");
      });
  reg(kCuPromptConvert, "cult.convert", "10.4.3.II",
      [](const State&, const Prompt&) {
        return std::string("Convert an enemy warrior in which clearing?");
      });
  reg(kCuPromptConvertFaction, "cult.convert_faction", "10.4.3.II",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Convert whose warrior in ", ClearingName(s, p.a),
                            "?");
      });
  reg(kCuPromptSanctify, "cult.sanctify", "10.4.3.III",
      [](const State&, const Prompt&) {
        return std::string("Sanctify an enemy building in which clearing?");
      });
  reg(kCuPromptSanctifyPiece, "cult.sanctify_piece", "10.4.3.III",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Sanctify which building in ", ClearingName(s, p.a),
                            "?");
      });
  reg(kCuPromptRitual, "cult.ritual", "10.5", [](const State&, const Prompt&) {
    return std::string(
        "Daylight: reveal a card for a ritual, or end Daylight.");
  });
  reg(kCuPromptRitualClearing, "cult.ritual_clearing", "10.5",
      [](const State&, const Prompt& p) {
        return std::string(p.a == kRitBuild
                               ? "Build a garden in which ruled clearing?"
                               : "Recruit a warrior in which clearing?");
      });
  reg(kCuPromptScoreSuit, "cult.score_suit", "10.5.3",
      [](const State& s, const Prompt&) {
        std::string text = "Score which suit?";
        for (int suit = 0; suit < kNumClearingSuits; ++suit) {
          if (GardensOnMap(s, suit) == 0) continue;
          absl::StrAppend(&text, " ", SuitName(suit), ": ",
                          kScoreVp[GardensOnMap(s, suit) - 1], " VP.");
        }
        return text;
      });
  reg(kCuPromptRitualCard, "cult.ritual_card", "10.5",
      [](const State&, const Prompt& p) {
        return std::string(p.a == kRitScore ? "Spend which card to score?"
                                            : "Reveal which card?");
      });
}

}  // namespace woodland::rules
