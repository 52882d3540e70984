// The Keepers in Iron (Law 15): relics (face down with values nobody knows
// until delved), waystations, Devout Knights, Prized Trophies, the Retinue
// and its three columns, Faithful Retainers. See keepers_board.h for how
// relics and waystations are kept.
#include "referee/rules/keepers.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kKeepers;
enum KeepersTask : uint8_t {
  kKpSetup = kTaskBase,
  kKpEncamp,
  kKpDecamp,
  kKpRecruit,
  kKpRetinue,
  kKpBattleDelve,
  kKpMoveRecover,
  kKpCarry,
  kKpTrophy,
  kKpEvening,
  kKpGather,
  kKpLoseWaystation,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kKeepers;
constexpr int kKpPromptDiscard = kPromptBase + 31;  // Law 15.6.3
enum KeepersPrompt : uint16_t {
  kKpPromptCorner = kPromptBase,
  kKpPromptEdge,
  kKpPromptEncamp,
  kKpPromptEncampEdge,
  kKpPromptEncampSide,
  kKpPromptDecamp,
  kKpPromptRecruit,
  kKpPromptRetinue,
  kKpPromptBattleClearing,
  kKpPromptBattleTarget,
  kKpPromptDelveForest,
  kKpPromptDelveRelic,
  kKpPromptMoveOrRecover,
  kKpPromptRecover,
  kKpPromptCarry,
  kKpPromptTrophy,
  kKpPromptGather,
  kKpPromptLoseRelic,
  kKpPromptLoseWaystation,
};

// Action codes of kOptAction options (Option::a); b and card as noted.
enum KeepersAction : int8_t {
  kActWaystation = 0,  // b = 2 * waystation + side (1 = back)
  kActDecamp,          // b = waystation
  kActRecruit,         // b = clearing, card
  kActUse,             // b = column, card (kNoCard: a Faithful Retainer)
  kActMove,            // take a move (Move or Recover column)
  kActDelve,           // b = relic code
  kActRecover,         // b = relic code
  kActCarry,           // b = relic code
  kActAdd,             // b = column, card
  kActShift,           // b = 3 * from + to, card (kNoCard: a Retainer)
  kActLose,            // b = relic code
  kActLoseWaystation,  // b = waystation
};

constexpr int kWarriors = 15;        // Law 15.3.2
constexpr int kStartWarriors = 4;    // Law 15.3.3, in each of two clearings
constexpr int kRecruitWarriors = 2;  // Law 15.4.3
constexpr int kLiveOffTheLand = 4;   // Law 15.6.1
constexpr int kRetinueMax = 10;      // Law 15.6.2
constexpr int kHandLimit = 5;        // Law 15.6.3
constexpr int kColumnBonus = 2;      // Law 15.5.2.III.b
constexpr std::array<int8_t, 4> kRelicValues = {1, 2, 3, 3};  // 15.2.1
constexpr std::array<absl::string_view, 3> kTypeNames = {"figure", "tablet",
                                                         "jewelry"};
constexpr std::array<absl::string_view, 3> kColumnNames = {
    "Move", "Battle then Delve", "Move or Recover"};

int8_t I8(int v) { return static_cast<int8_t>(v); }
int RelicPiece(int type) { return kRelicFigure + type; }
int WaystationPiece(int type) { return kWaystationFigure + type; }
// Law 15.2.2: waystation i shows type i in front, (i + 1) % 3 on its back.
int SideType(int ws, bool back) { return back ? (ws + 1) % 3 : ws; }
int ShownType(const KeepersBoard& kb, int ws) {
  return SideType(ws, kb.flipped[ws]);
}
int KSeat(const State& s) { return s.SeatOf(kKeepers); }

std::vector<KeepersRelic>& Forest(State& s, int f) {
  auto& forests = s.mutable_keepers().forests;
  if (static_cast<int>(forests.size()) <= f) forests.resize(f + 1);
  return forests[f];
}
const std::vector<KeepersRelic>* ForestRelics(const State& s, int f) {
  const auto& forests = s.keepers().forests;
  return f < static_cast<int>(forests.size()) ? &forests[f] : nullptr;
}

// A Retinue entry's suit: Faithful Retainers are birds (15.3.5).
int EntrySuit(const State& s, int16_t entry) {
  return entry == kFaithfulRetainer ? int{kBird} : int{s.card(entry).suit};
}
bool EntryMatches(const State& s, int16_t entry, int c) {
  const int suit = EntrySuit(s, entry);
  return suit == kBird || s.ClearingIs(c, suit);  // Law 2.1.1
}
int MoveSuit(const State& s, int16_t entry) {
  const int suit = EntrySuit(s, entry);
  return suit == kBird ? -1 : suit;
}
int16_t EntryOf(const Option& o) {
  return o.card == kNoCard ? kFaithfulRetainer : o.card;
}
std::string EntryName(const State& s, int16_t entry) {
  return entry == kFaithfulRetainer ? std::string("Faithful Retainer (bird)")
                                    : CardName(s, entry);
}
std::string RelicName(int code) {
  const int type = code / 4, value = code % 4;
  return value == 0
             ? absl::StrCat(kTypeNames[type], " relic (face down)")
             : absl::StrCat(kTypeNames[type], " relic (value ", value, ")");
}

int WaystationsOnMap(const State& s) {
  int n = 0;
  for (int8_t c : s.keepers().waystation) n += c >= 0;
  return n;
}
bool WaystationShowing(const State& s, int c, int type) {
  const KeepersBoard& kb = s.keepers();
  for (int i = 0; i < 3; ++i) {
    if (kb.waystation[i] == c && ShownType(kb, i) == type) return true;
  }
  return false;
}
int RelicsIn(const State& s, int c) {
  return static_cast<int>(s.keepers().clearings[c].size());
}
bool KeepersOnMap(const State& s) {
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).warriors[kKeepers] > 0) return true;
  }
  return WaystationsOnMap(s) > 0;
}

// Distinct relic codes among `relics` (face-down ones by type only, so that
// the options never depend on a hidden value).
std::vector<int> RelicChoices(const std::vector<KeepersRelic>& relics,
                              int need_type = -1) {
  std::vector<int> codes;
  for (const KeepersRelic& r : relics) {
    if (need_type >= 0 && r.type != need_type) continue;
    const int code = r.type * 4 + (r.face_up ? r.value : 0);
    if (std::find(codes.begin(), codes.end(), code) == codes.end())
      codes.push_back(code);
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

// Removes the relic a code names from `relics`; a face-down code takes one
// of the face-down relics of that type at random (they look alike).
KeepersRelic TakeRelic(State& s, std::vector<KeepersRelic>& relics, int code) {
  std::vector<int> idx;
  for (int i = 0; i < static_cast<int>(relics.size()); ++i) {
    const KeepersRelic& r = relics[i];
    if (r.type == code / 4 && (r.face_up ? r.value : 0) == code % 4)
      idx.push_back(i);
  }
  CHECK(!idx.empty()) << "no relic " << code;
  // Face-up relics of one code are alike; face-down ones are drawn blind.
  const int pick = code % 4 != 0 || idx.size() == 1
                       ? idx[0]
                       : idx[s.chance_stream().Draw(
                             kChancePick, static_cast<int>(idx.size()))];
  const KeepersRelic r = relics[pick];
  relics.erase(relics.begin() + pick);
  return r;
}

void LogPiece(State& s, uint8_t kind, int piece, int c) {
  s.Log(
      {.kind = kind, .faction = kKeepers, .a = 1, .b = I8(piece), .c = I8(c)});
}

// Waystations recorded in clearing c showing `type`, lowest number first.
std::vector<int> ShowingIn(const KeepersBoard& kb, int c, int type) {
  std::vector<int> ws;
  for (int i = 0; i < 3; ++i) {
    if (kb.waystation[i] == c && ShownType(kb, i) == type) ws.push_back(i);
  }
  return ws;
}

void TakeOffMap(KeepersBoard& kb, int ws) {
  kb.waystation[ws] = -1;
  kb.flipped[ws] = false;
}

// Brings the waystation records in line with the map after the core removed
// one (battle, card effects, decamp). Law 15.2.2 with 4.3.6 (rules
// decision): when one of two waystations showing the type goes, the Keepers
// choose which (the one back on their board is the one they may encamp
// again); the lower-numbered goes until they answer (kKpLoseWaystation).
void SyncWaystations(State& s, int c) {
  KeepersBoard& kb = s.mutable_keepers();
  for (int type = 0; type < kRelicTypes; ++type) {
    const std::vector<int> ws = ShowingIn(kb, c, type);
    const int excess = static_cast<int>(ws.size()) -
                       s.clearing(c).pieces[WaystationPiece(type)];
    for (int i = 0; i < excess; ++i) TakeOffMap(kb, ws[i]);
    if (excess != 1 || ws.size() != 2) continue;
    Task t{.kind = kKpLoseWaystation, .seat = I8(KSeat(s))};
    t.a = I8(c);
    t.x = I8(ws[0]);  // off the map for now
    t.y = I8(ws[1]);
    s.Push(t);
  }
}

void PlaceWaystation(State& s, int ws, bool back, int c) {
  KeepersBoard& kb = s.mutable_keepers();
  kb.waystation[ws] = I8(c);
  kb.flipped[ws] = back;
  CHECK(s.PlacePiece(WaystationPiece(SideType(ws, back)), c));
}

// Discards a Retinue card used for an action (15.5.2.II.b, 15.5.2.III.c);
// a Faithful Retainer is removed from the game instead (15.3.5).
void DiscardRetinue(State& s, int col, int16_t entry) {
  auto& v = s.mutable_keepers().retinue[col];
  auto it = std::find(v.begin(), v.end(), entry);
  CHECK(it != v.end());
  v.erase(it);
  if (entry == kFaithfulRetainer) {
    ++s.mutable_keepers().retainers_removed;
  } else {
    s.Discard(entry);
  }
}

int RetinueSize(const State& s) {
  int n = 0;
  for (const auto& col : s.keepers().retinue) n += static_cast<int>(col.size());
  return n;
}

// --- Setup (Law 15.3) ------------------------------------------------------

// Corners where another player started: a corner holding another faction's
// building or token when the Keepers set up (they set up last, 5.1.7).
bool StartingCorner(const State& s, int c) {
  for (int p = 1; p < kNumPieces; ++p) {
    const int owner = GetPieceInfo(p).owner;
    if (owner != kNoFaction && owner != kKeepers && s.clearing(c).pieces[p])
      return true;
  }
  return false;
}

std::vector<Option> SetupCorners(const State& s) {
  std::vector<Option> all, opposite;
  const MapDef& m = s.map();
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!m.clearings[c].corner || StartingCorner(s, c) ||
        !s.CanPlace(kKeepers, c))
      continue;
    all.push_back({.kind = kOptClearing, .a = I8(c)});
    const int opp = m.OppositeCorner(c);
    if (opp >= 0 && StartingCorner(s, opp)) opposite.push_back(all.back());
  }
  if (!opposite.empty()) return opposite;
  if (!all.empty()) return all;
  // Every corner is taken: any clearing (the Law is silent).
  for (int c = 0; c < m.num_clearings; ++c) {
    if (s.CanPlace(kKeepers, c))
      all.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return all;
}

std::vector<Option> SetupEdges(const State& s, int corner) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.map().clearings[c].edge && s.Adjacent(corner, c) &&
        s.CanPlace(kKeepers, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

// Law 15.3.1: the twelve relics shuffled face down, one in each forest; the
// rest wait (as pending) for step 4.
void PlaceStartingRelics(State& s) {
  std::vector<KeepersRelic> relics;
  for (int type = 0; type < kRelicTypes; ++type) {
    for (int8_t v : kRelicValues) relics.push_back({I8(type), v, false});
  }
  for (int i = static_cast<int>(relics.size()) - 1; i > 0; --i) {
    std::swap(relics[i], relics[s.chance_stream().Draw(kChancePick, i + 1)]);
  }
  const int forests = static_cast<int>(s.map().forests.size());
  KeepersBoard& kb = s.mutable_keepers();
  kb.forests.assign(forests, {});
  for (size_t i = 0; i < relics.size(); ++i) {
    if (static_cast<int>(i) < forests) {
      kb.forests[i].push_back(relics[i]);
    } else {
      kb.pending.push_back(relics[i]);
    }
  }
  for (int type = 0; type < kRelicTypes; ++type)
    s.set_piece_supply(RelicPiece(type), 0);
}

// Law 15.3.4: the remaining relics at random, as evenly as possible, in
// forests not adjacent to clearings with Keeper warriors.
void PlaceRemainingRelics(State& s) {
  const MapDef& m = s.map();
  std::vector<int> eligible;
  for (int f = 0; f < static_cast<int>(m.forests.size()); ++f) {
    bool near = false;
    for (int c = 0; c < m.num_clearings; ++c)
      near |= (m.forests[f] >> c & 1) && s.clearing(c).warriors[kKeepers] > 0;
    if (!near) eligible.push_back(f);
  }
  if (eligible.empty()) {  // no such forest: any forest
    for (int f = 0; f < static_cast<int>(m.forests.size()); ++f)
      eligible.push_back(f);
  }
  for (int i = static_cast<int>(eligible.size()) - 1; i > 0; --i) {
    std::swap(eligible[i],
              eligible[s.chance_stream().Draw(kChancePick, i + 1)]);
  }
  KeepersBoard& kb = s.mutable_keepers();
  for (size_t i = 0; i < kb.pending.size(); ++i) {
    Forest(s, eligible[i % eligible.size()]).push_back(kb.pending[i]);
  }
  kb.pending.clear();
}

void SetupStep(State& s) {
  Task& t = s.top();
  switch (t.step) {
    case 0: {
      PlaceStartingRelics(s);
      // Law 15.3.5: a Faithful Retainer in each Retinue slot.
      for (auto& col : s.mutable_keepers().retinue)
        col.assign(1, kFaithfulRetainer);
      t.step = 1;
      return;
    }
    case 1:
      if (SetupCards(s)) {
        // Law 19.8.3: the Keepers' card, two adjacent homelands on the map
        // edge, two or more clearings from enemy homelands (19.8.3.III).
        s.Ask(kPromptHomeland, t.seat, PairedHomelandOptions(s, kKeepers, -1));
      } else {
        s.Ask(kKpPromptCorner, t.seat, SetupCorners(s));
      }
      return;
    case 2: {
      const bool card = SetupCards(s);
      std::vector<Option> opts =
          card ? PairedHomelandOptions(s, kKeepers, t.a) : SetupEdges(s, t.a);
      if (opts.empty()) {
        t.step = 3;
        return;
      }
      s.Ask(card ? int{kPromptHomeland} : int{kKpPromptEdge}, t.seat,
            std::move(opts));
      return;
    }
    default:
      PlaceRemainingRelics(s);
      s.Pop();
  }
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (SetupCards(s)) AddHomeland(s, kKeepers, o.a);
  s.PlaceWarriors(kKeepers, o.a, kStartWarriors);  // Law 15.3.3
  if (t.step == 1) t.a = o.a;
  ++t.step;
}

// --- Birdsong (Law 15.4) ---------------------------------------------------

std::vector<Option> WaystationSides(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < 3; ++i) {
    if (s.keepers().waystation[i] >= 0) continue;
    for (int back = 0; back < 2; ++back)
      opts.push_back(
          {.kind = kOptAction, .a = kActWaystation, .b = I8(2 * i + back)});
  }
  return opts;
}

void EncampStep(State& s) {
  Task& t = s.top();
  const KeepersBoard& kb = s.keepers();
  if (t.step == 1) {
    s.Ask(kKpPromptEncampSide, t.seat, WaystationSides(s), t.a);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  if (WaystationsOnMap(s) == 3) {
    s.Pop();
    return;
  }
  // Law 15.4.1: with nothing in any clearing, place a waystation and a
  // warrior in a clearing on the map edge instead.
  t.x = KeepersOnMap(s) ? 0 : 1;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.OpenSlots(c) <= 0 || !s.CanPlace(kKeepers, c)) continue;
    if (t.x == 1
            ? s.map().clearings[c].edge
            : s.clearing(c).warriors[kKeepers] > 0 && !(kb.encamped >> c & 1))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  if (t.x == 0) opts.push_back({.kind = kOptDone});
  s.Ask(t.x == 1 ? kKpPromptEncampEdge : kKpPromptEncamp, t.seat,
        std::move(opts));
}

void EncampChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (t.step == 0) {
    t.a = o.a;
    t.step = 1;
    return;
  }
  const int c = t.a;
  s.mutable_keepers().encamped |= 1u << c;
  if (t.x == 1) {
    PlaceWaystation(s, o.b / 2, o.b % 2, c);
    s.PlaceWarriors(kKeepers, c, 1);
    s.Pop();
    return;
  }
  s.RemoveWarriors(kKeepers, c, 1, kKeepers);
  PlaceWaystation(s, o.b / 2, o.b % 2, c);
  t.step = 0;
}

void DecampStep(State& s) {
  const Task& t = s.top();
  const KeepersBoard& kb = s.keepers();
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < 3; ++i) {
    const int c = kb.waystation[i];
    // "Replace" needs a warrior in the supply to take its place, and one
    // that may be placed there (Law 15.4.2 with 13.7.2).
    if (c >= 0 && !(kb.decamped >> c & 1) && s.warrior_supply(kKeepers) > 0 &&
        s.CanPlace(kKeepers, c))
      opts.push_back({.kind = kOptAction, .a = kActDecamp, .b = I8(i)});
  }
  s.AskWithDoneOrPop(kKpPromptDecamp, t.seat, std::move(opts));
}

void DecampChoose(State& s, const Option& o) {
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  KeepersBoard& kb = s.mutable_keepers();
  const int c = kb.waystation[o.b];
  const int piece = WaystationPiece(ShownType(kb, o.b));
  kb.decamped |= 1u << c;
  kb.waystation[o.b] = -1;
  kb.flipped[o.b] = false;
  std::array<int8_t, kNumPieces> pieces{};
  pieces[piece] = 1;
  s.RemovePieces(kKeepers, c, 0, pieces, kKeepers);
  s.PlaceWarriors(kKeepers, c, 1);  // Law 15.4.2
}

void RecruitStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kKeepers) > 0) {
    std::vector<Option> matching = MatchingCards(s, t.seat, -1);
    for (const Option& card : matching) {
      for (int c = 0; c < s.map().num_clearings; ++c) {
        bool ws = false;
        for (int8_t w : s.keepers().waystation) ws |= w == c;
        // Law 15.4.3 with 13.7.2: only where the warriors may be placed.
        if (ws && CardMatchesClearing(s, card.card, c) &&
            s.CanPlace(kKeepers, c))
          opts.push_back({.kind = kOptAction,
                          .a = kActRecruit,
                          .b = I8(c),
                          .card = card.card});
      }
    }
    RecycleOptionList(std::move(matching));
  }
  s.AskWithDoneOrPop(kKpPromptRecruit, t.seat, std::move(opts));
}

void RecruitChoose(State& s, const Option& o) {
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  s.RemoveFromHand(s.top().seat, o.card);
  s.Discard(o.card);
  s.PlaceWarriors(kKeepers, o.b, kRecruitWarriors);  // Law 15.4.3
}

// --- Daylight: the Retinue (Law 15.5.2) -------------------------------------

bool CanDelve(const State& s, int c) {
  if (!s.Rules(kKeepers, c) || s.clearing(c).warriors[kKeepers] == 0)
    return false;
  // Law 26.6.2: a relic is moved in, and nothing moves into a scorched one.
  for (int i = 0; i < s.num_seats(); ++i) {
    if (GetFaction(s.seat(i).faction)->BlockedClearings(s) >> c & 1)
      return false;
  }
  const MapDef& m = s.map();
  for (int f = 0; f < static_cast<int>(m.forests.size()); ++f) {
    const auto* relics = ForestRelics(s, f);
    if ((m.forests[f] >> c & 1) && relics && !relics->empty()) return true;
  }
  return false;
}

std::vector<Option> BattlesIn(const State& s, int c) {
  std::vector<Option> out = NewOptionList();
  for (const Option& o : LegalBattles(s, kKeepers, -1)) {
    if (o.a == c) out.push_back(o);
  }
  return out;
}

std::vector<int> RecoverableCodes(const State& s, int c) {
  std::vector<KeepersRelic> ok;
  for (const KeepersRelic& r : s.keepers().clearings[c]) {
    if (WaystationShowing(s, c, r.type)) ok.push_back(r);  // 15.5.2.III.a
  }
  return RelicChoices(ok);
}

std::vector<Option> BattleDelveClearings(const State& s, int16_t entry) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (EntryMatches(s, entry, c) &&
        (!BattlesIn(s, c).empty() || CanDelve(s, c)))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

std::vector<Option> MoveOrRecoverOptions(const State& s, int16_t entry) {
  std::vector<Option> opts = NewOptionList();
  if (AnyLegalMove(s, kKeepers, MoveSuit(s, entry)))
    opts.push_back({.kind = kOptAction, .a = kActMove});
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (EntryMatches(s, entry, c) && !RecoverableCodes(s, c).empty())
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

bool Usable(const State& s, int col, int16_t entry) {
  switch (col) {
    case 0:
      return AnyLegalMove(s, kKeepers, MoveSuit(s, entry));
    case 1:
      return !BattleDelveClearings(s, entry).empty();
    default:
      return !MoveOrRecoverOptions(s, entry).empty();
  }
}

// Task a = column (0..2). Law 15.5.2: left to right, each card once.
void RetinueStep(State& s) {
  Task& t = s.top();
  while (t.a < 3) {
    std::vector<Option> opts = NewOptionList();
    bool retainer = false;
    for (int16_t e : s.keepers().to_act[t.a]) {
      if (e == kFaithfulRetainer && retainer) continue;
      retainer |= e == kFaithfulRetainer;
      if (Usable(s, t.a, e))
        opts.push_back({.kind = kOptAction,
                        .a = kActUse,
                        .b = t.a,
                        .card = e == kFaithfulRetainer ? kNoCard : e});
    }
    AppendDaylightExtras(s, t.seat, opts);
    if (!opts.empty()) {
      opts.push_back({.kind = kOptDone});
      s.Ask(kKpPromptRetinue, t.seat, std::move(opts), t.a);
      return;
    }
    ++t.a;
  }
  s.Pop();
}

void RetinueChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat, col = t.a;
  if (o.kind == kOptDone) {
    ++t.a;
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  const int16_t entry = EntryOf(o);
  auto& v = s.mutable_keepers().to_act[col];
  v.erase(std::find(v.begin(), v.end(), entry));
  if (col == 0) {
    PushMove(s, seat, MoveSuit(s, entry), false);  // Law 15.5.2.I
    return;
  }
  Task a{
      .kind = static_cast<uint8_t>(col == 1 ? kKpBattleDelve : kKpMoveRecover),
      .seat = I8(seat)};
  a.d = entry;
  s.Push(a);
}

// Law 15.5.2.II. Task a = clearing, x = forest, d = Retinue entry.
void BattleDelveStep(State& s) {
  Task& t = s.top();
  switch (t.step) {
    case 0:
      s.Ask(kKpPromptBattleClearing, t.seat, BattleDelveClearings(s, t.d));
      return;
    case 1: {  // a battle there is not optional
      std::vector<Option> opts = BattlesIn(s, t.a);
      t.step = 2;
      if (opts.size() == 1) {
        PushBattle(s, t.a, kKeepers, opts[0].b);
      } else if (!opts.empty()) {
        t.step = 1;
        s.Ask(kKpPromptBattleTarget, t.seat, std::move(opts), t.a);
      }
      return;
    }
    case 2: {  // delve, even without a battle
      std::vector<Option> opts = NewOptionList();
      if (CanDelve(s, t.a)) {
        const MapDef& m = s.map();
        for (int f = 0; f < static_cast<int>(m.forests.size()); ++f) {
          const auto* relics = ForestRelics(s, f);
          if ((m.forests[f] >> t.a & 1) && relics && !relics->empty())
            opts.push_back({.kind = kOptForest, .a = I8(f)});
        }
      }
      s.AskWithDoneOrPop(kKpPromptDelveForest, t.seat, std::move(opts), t.a);
      return;
    }
    default: {
      std::vector<Option> opts = NewOptionList();
      for (int code : RelicChoices(*ForestRelics(s, t.x)))
        opts.push_back({.kind = kOptAction, .a = kActDelve, .b = I8(code)});
      s.Ask(kKpPromptDelveRelic, t.seat, std::move(opts), t.a, t.x);
    }
  }
}

// Law 15.5.2.II.a-b: flip the relic, move it in, check for discard.
void Delve(State& s, int c, int f, int code, int16_t entry) {
  KeepersRelic r = TakeRelic(s, Forest(s, f), code);
  r.face_up = true;
  s.mutable_keepers().clearings[c].push_back(r);
  // Moved in, not placed: the Keep (6.2.2) and a snare (13.7.2) do not stop
  // it.
  const int piece = RelicPiece(r.type);
  s.set_piece_supply(piece, s.piece_supply(piece) + 1);
  s.SetPieces(piece, c, s.clearing(c).pieces[piece] + 1);
  LogPiece(s, kEvPlace, piece, c);
  int ruled = 0;
  for (int x = 0; x < s.map().num_clearings; ++x)
    ruled += (s.map().forests[f] >> x & 1) && s.Rules(kKeepers, x);
  if (ruled < r.value) DiscardRetinue(s, 1, entry);
}

void BattleDelveChoose(State& s, const Option& o) {
  Task& t = s.top();
  switch (t.step) {
    case 0:
      t.a = o.a;
      t.step = 1;
      return;
    case 1:
      t.step = 2;
      PushBattle(s, t.a, kKeepers, o.b);
      return;
    case 2:
      if (o.kind == kOptDone) {
        s.Pop();
      } else {
        t.x = o.a;
        t.step = 3;
      }
      return;
    default: {
      const int c = t.a, f = t.x;
      const int16_t entry = t.d;
      s.Pop();
      Delve(s, c, f, o.b, entry);
    }
  }
}

// Law 15.5.2.III. Task a = clearing, x = 1 after a relic, d = entry.
void MoveRecoverStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kKpPromptMoveOrRecover, t.seat, MoveOrRecoverOptions(s, t.d));
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int code : RecoverableCodes(s, t.a))
    opts.push_back({.kind = kOptAction, .a = kActRecover, .b = I8(code)});
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  if (t.x == 1) opts.push_back({.kind = kOptDone});
  s.Ask(kKpPromptRecover, t.seat, std::move(opts), t.a);
}

// Law 15.5.2.III.a-c. Returns false if the Retinue card was discarded.
bool Recover(State& s, int c, int code, int16_t entry) {
  KeepersBoard& kb = s.mutable_keepers();
  const KeepersRelic r = TakeRelic(s, kb.clearings[c], code);
  const int piece = RelicPiece(r.type);
  std::array<int8_t, kNumPieces> pieces{};
  pieces[piece] = 1;
  s.RemovePieces(kKeepers, c, 0, pieces, kKeepers);
  s.set_piece_supply(piece, s.piece_supply(piece) - 1);
  auto& row = s.mutable_keepers().recovered[r.type];
  row.push_back(r.value);
  const size_t col = row.size();
  bool filled = true;
  for (const auto& other : s.keepers().recovered) filled &= other.size() >= col;
  s.AddVp(KSeat(s), r.value + (filled ? kColumnBonus : 0), kVpRelics);
  int ruled = 0;
  for (int x = 0; x < s.map().num_clearings; ++x)
    ruled += ClearingsMatch(s, x, c) && s.Rules(kKeepers, x);
  if (ruled >= r.value) return true;
  DiscardRetinue(s, 2, entry);
  return false;
}

void MoveRecoverChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (t.step == 0 && o.kind == kOptAction) {
    const int seat = t.seat;
    const int16_t entry = t.d;
    s.Pop();
    PushMove(s, seat, MoveSuit(s, entry), false);
  } else if (t.step == 0) {
    t.a = o.a;
    t.step = 1;
  } else {
    t.x = 1;
    if (!Recover(s, t.a, o.b, t.d)) s.Pop();
  }
}

// --- Devout Knights and Prized Trophies (Law 15.2.4, 15.2.5) ---------------

// Task a = from, b = to, c = relics that may still go along.
void CarryStep(State& s) {
  Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  if (t.c > 0) {
    for (int code : RelicChoices(s.keepers().clearings[t.a]))
      opts.push_back({.kind = kOptAction, .a = kActCarry, .b = I8(code)});
  }
  s.AskWithDoneOrPop(kKpPromptCarry, t.seat, std::move(opts), t.a, t.b);
}

void CarryChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  --t.c;
  KeepersBoard& kb = s.mutable_keepers();
  const KeepersRelic r = TakeRelic(s, kb.clearings[t.a], o.b);
  kb.clearings[t.b].push_back(r);
  const int piece = RelicPiece(r.type);
  s.SetPieces(piece, t.a, s.clearing(t.a).pieces[piece] - 1);
  s.SetPieces(piece, t.b, s.clearing(t.b).pieces[piece] + 1);
  LogPiece(s, kEvRemove, piece, t.a);
  LogPiece(s, kEvPlace, piece, t.b);
}

// Task x = type, y = value of the relic (in pending) going to a forest.
// Task a = clearing, x = type, y = value of the relic (in pending) going to
// a forest, seat = who places it. Step 0: the Keepers pick which of their
// relics of that type was lost (they take the hits, Law 4.3.6).
std::vector<Option> LoseChoices(const State& s, const Task& t) {
  std::vector<Option> opts = NewOptionList();
  std::vector<KeepersRelic> same{{t.x, t.y, true}};
  for (const KeepersRelic& r : s.keepers().clearings[t.a])
    if (r.type == t.x) same.push_back(r);
  for (int code : RelicChoices(same))
    opts.push_back({.kind = kOptAction, .a = kActLose, .b = I8(code)});
  return opts;
}

void TrophyStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    std::vector<Option> opts = LoseChoices(s, t);
    t.step = 1;
    if (opts.size() > 1) {
      t.step = 0;
      s.Ask(kKpPromptLoseRelic, KSeat(s), std::move(opts), t.a, t.x);
    }
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int f = 0; f < static_cast<int>(s.map().forests.size()); ++f)
    opts.push_back({.kind = kOptForest, .a = I8(f)});
  s.Ask(kKpPromptTrophy, t.seat, std::move(opts), t.x, t.y);
}

void TrophyChoose(State& s, const Option& o) {
  Task& t = s.top();
  KeepersBoard& kb = s.mutable_keepers();
  auto& pending = kb.pending;
  auto it =
      std::find(pending.begin(), pending.end(), KeepersRelic{t.x, t.y, true});
  if (t.step == 0) {
    // Relics of a type differ only by value: swap the values.
    const int8_t v = I8(o.b % 4);
    for (KeepersRelic& r : kb.clearings[t.a]) {
      if (r.type == t.x && r.value == v && v != t.y) {
        r.value = t.y;
        it->value = v;
        t.y = v;
        break;
      }
    }
    t.step = 1;
    return;
  }
  const KeepersRelic r = *it;
  pending.erase(it);
  const int f = o.a;
  s.Pop();
  Forest(s, f).push_back(r);  // Law 15.2.5: face up
}

// Task a = clearing, x = the waystation taken off the map, y = the one left
// showing the same type (SyncWaystations). The Keepers say which goes.
void LoseWaystationStep(State& s) {
  const Task& t = s.top();
  const KeepersBoard& kb = s.keepers();
  if (kb.waystation[t.x] >= 0 || kb.waystation[t.y] != t.a) {
    s.Pop();  // a later removal took the other one too
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int ws : {t.x, t.y})
    opts.push_back({.kind = kOptAction, .a = kActLoseWaystation, .b = I8(ws)});
  s.Ask(kKpPromptLoseWaystation, t.seat, std::move(opts), t.a,
        ShownType(kb, t.y));
}

void LoseWaystationChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  if (o.b == t.x) return;
  KeepersBoard& kb = s.mutable_keepers();
  const int type = ShownType(kb, t.y);
  TakeOffMap(kb, t.y);
  kb.waystation[t.x] = t.a;
  kb.flipped[t.x] = SideType(t.x, false) != type;
}

// Law 15.2.5: a relic of `type` removed from clearing c (the map count
// already lowered) is set aside, and the seat `placer` puts it face up in a
// forest. Of several relics of the type, the Keepers choose which was lost
// (TrophyStep); the lowest value is set aside until then.
void LoseRelic(State& s, int type, int c, int placer) {
  KeepersBoard& kb = s.mutable_keepers();
  auto& here = kb.clearings[c];
  int pick = -1;
  for (int i = 0; i < static_cast<int>(here.size()); ++i) {
    if (here[i].type == type && (pick < 0 || here[i].value < here[pick].value))
      pick = i;
  }
  CHECK_GE(pick, 0);
  KeepersRelic r = here[pick];
  here.erase(here.begin() + pick);
  r.face_up = true;
  kb.pending.push_back(r);
  const int piece = RelicPiece(type);
  s.set_piece_supply(piece, s.piece_supply(piece) - 1);  // off the map
  Task t{.kind = kKpTrophy, .seat = I8(placer)};
  t.a = I8(c);
  t.x = r.type;
  t.y = r.value;
  s.Push(t);
}

// --- Evening (Law 15.6) -----------------------------------------------------

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  switch (t.step++) {
    case 0:  // Law 15.6.1 Live Off the Land
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (s.clearing(c).warriors[kKeepers] >= kLiveOffTheLand)
          s.RemoveWarriors(kKeepers, c, 1, kKeepers);
      }
      return;
    case 1:
      s.Push(Task{.kind = kKpGather, .seat = I8(seat)});
      return;
    case 2:  // Law 15.6.3: one card plus uncovered draw bonuses
      s.DrawCards(seat, 1 + WaystationsOnMap(s));
      PushDiscardDown(s, seat, kHandLimit, kKpPromptDiscard);
      return;
    default:
      s.Pop();
  }
}

// Law 15.6.2: add cards (x = 1 once one was added), or shift one card.
void GatherStep(State& s) {
  Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  if (RetinueSize(s) < kRetinueMax) {
    std::vector<Option> matching = MatchingCards(s, t.seat, -1);
    for (const Option& card : matching) {
      for (int col = 0; col < 3; ++col)
        opts.push_back({.kind = kOptAction,
                        .a = kActAdd,
                        .b = I8(col),
                        .card = card.card});
    }
    RecycleOptionList(std::move(matching));
  }
  if (t.x != 1) {
    const auto& ret = s.keepers().retinue;
    for (int from = 0; from < 3; ++from) {
      std::vector<int16_t> seen;
      for (int16_t e : ret[from]) {
        if (std::find(seen.begin(), seen.end(), e) != seen.end()) continue;
        seen.push_back(e);
        for (int to = 0; to < 3; ++to) {
          if (to != from)
            opts.push_back({.kind = kOptAction,
                            .a = kActShift,
                            .b = I8(3 * from + to),
                            .card = e == kFaithfulRetainer ? kNoCard : e});
        }
      }
    }
  }
  s.AskWithDoneOrPop(kKpPromptGather, t.seat, std::move(opts));
}

void GatherChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  auto& ret = s.mutable_keepers().retinue;
  if (o.a == kActAdd) {
    s.RemoveFromHand(t.seat, o.card);
    ret[o.b].push_back(o.card);
    t.x = 1;
    return;
  }
  const int16_t e = EntryOf(o);
  auto& from = ret[o.b / 3];
  from.erase(std::find(from.begin(), from.end(), e));
  ret[o.b % 3].push_back(e);
  s.Pop();
}

void NoChoice(State&, const Option&) { CHECK(false); }

class Keepers : public FactionModule {
 public:
  int faction() const override { return kKeepers; }
  int warriors() const override { return kWarriors; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    for (int type = 0; type < kRelicTypes; ++type) {
      p[WaystationPiece(type)] = 2;  // one side each of two waystations
      p[RelicPiece(type)] = static_cast<int8_t>(kRelicValues.size());
    }
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kKpSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    KeepersBoard& kb = s.mutable_keepers();
    kb.encamped = kb.decamped = 0;
    s.Push(Task{.kind = kKpRecruit, .seat = I8(seat)});
    s.Push(Task{.kind = kKpDecamp, .seat = I8(seat)});
    s.Push(Task{.kind = kKpEncamp, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    KeepersBoard& kb = s.mutable_keepers();
    kb.to_act = kb.retinue;
    Task r{.kind = kKpRetinue, .seat = I8(seat)};
    r.a = 0;
    s.Push(r);
    PushCraft(s, seat);  // Law 15.5.1
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kKpEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override;
  int CraftingPiecesIn(const State& s, int c) const override {
    int n = 0;  // 15.2.3: any waystation
    for (int8_t w : s.keepers().waystation) n += w == c;
    return n;
  }
  int IgnoredHits(State& s, int c, int hits, bool ambush) const override {
    KeepersBoard& kb = s.mutable_keepers();
    // Law 15.2.4: the first hit, with a relic and a warrior there; after an
    // ambush hit was ignored, no further hit in that battle.
    if (kb.devout_used) {
      if (!ambush) kb.devout_used = false;
      return 0;
    }
    if (hits <= 0 || s.clearing(c).warriors[kKeepers] == 0 ||
        RelicsIn(s, c) == 0)
      return 0;
    kb.devout_used = ambush;
    return 1;
  }
  void AfterBattle(State& s, bool) const override {
    s.mutable_keepers().devout_used = false;
  }
  void OnWarriorsMoved(State& s, int mover, int from, int to, int n,
                       int /*moved_by*/) const override {
    // Law 15.2.4: one relic along with each Keeper warrior moved. Another
    // player moves them only by force (the Vagabond's allies, 9.2.9.II.b;
    // False Orders), which is resolved as the Keepers' own move (1.5.5).
    if (mover != kKeepers || RelicsIn(s, from) == 0) return;
    Task t{.kind = kKpCarry, .seat = I8(KSeat(s))};
    t.a = I8(from);
    t.b = I8(to);
    t.c = I8(n);
    s.Push(t);
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override;
};

std::string Keepers::ActionLabel(const State& s, const Option& o) const {
  switch (o.a) {
    case kActWaystation: {
      const int ws = o.b / 2;
      return absl::StrCat("Waystation ", kTypeNames[ws], "/",
                          kTypeNames[SideType(ws, true)], " showing ",
                          kTypeNames[SideType(ws, o.b % 2)]);
    }
    case kActDecamp:
      return absl::StrCat(
          "Decamp the ", kTypeNames[ShownType(s.keepers(), o.b)],
          " waystation in ", ClearingName(s, s.keepers().waystation[o.b]));
    case kActRecruit:
      return absl::StrCat("Spend ", CardName(s, o.card), ": two warriors at ",
                          ClearingName(s, o.b));
    case kActUse:
      return absl::StrCat("Use ", EntryName(s, EntryOf(o)), " (",
                          kColumnNames[o.b], ")");
    case kActMove:
      return "Move";
    case kActDelve:
      return absl::StrCat("Delve the ", RelicName(o.b));
    case kActRecover:
      return absl::StrCat("Recover the ", RelicName(o.b));
    case kActCarry:
      return absl::StrCat("Carry the ", RelicName(o.b));
    case kActLose:
      return absl::StrCat("Lose the ", RelicName(o.b));
    case kActLoseWaystation:
      return absl::StrCat("Lose the ", kTypeNames[o.b], "/",
                          kTypeNames[SideType(o.b, true)], " waystation");
    case kActAdd:
      return absl::StrCat("Add ", CardName(s, o.card), " to ",
                          kColumnNames[o.b]);
    case kActShift:
      return absl::StrCat("Shift ", EntryName(s, EntryOf(o)), " from ",
                          kColumnNames[o.b / 3], " to ", kColumnNames[o.b % 3]);
  }
  return "?";
}

void Keepers::OnPieceRemoved(State& s, int piece, int c, int remover) const {
  if (piece >= kWaystationFigure && piece <= kWaystationJewelry) {
    SyncWaystations(s, c);
    return;
  }
  const int type = piece - kRelicFigure;
  if (type < 0 || type >= kRelicTypes || remover == kKeepers) return;
  // Law 15.2.5: the remover places it and an enemy scores one more VP; with
  // no remover, the player taking the turn places it (rules decision).
  const int seat = remover == kNoFaction ? s.current_seat() : s.SeatOf(remover);
  if (remover != kNoFaction && s.AreEnemies(kKeepers, remover))
    s.AddVp(seat, 1, kVpRemoval);
  LoseRelic(s, type, c, seat);
}

std::string Fixed(absl::string_view text) { return std::string(text); }

}  // namespace

void RemoveRelicForHireling(State& s, int piece, int c, int placer) {
  CHECK(piece >= kRelicFigure && piece <= kRelicJewelry);
  CHECK_GT(s.clearing(c).pieces[piece], 0);
  // The core's removal without its hooks: no remover, so nothing scores
  // (Law 22.3.6) and the removal names no placer.
  s.SetPieces(piece, c, s.clearing(c).pieces[piece] - 1);
  LogPiece(s, kEvRemove, piece, c);
  LoseRelic(s, piece - kRelicFigure, c, placer);
}

void ObserveKeepers(const State& s, int seat, Observation& o) {
  o.keepers = s.keepers();
  // Law 15.3.1: a face-down relic's value is known to nobody, in a forest or
  // (during setup) waiting for step 4 (15.3.4).
  auto hide = [](std::vector<KeepersRelic>& relics) {
    for (KeepersRelic& r : relics) {
      if (!r.face_up) r.value = 0;
    }
  };
  for (auto& forest : o.keepers.forests) hide(forest);
  hide(o.keepers.pending);
}

void RegisterKeepers() {
  static const Keepers kModule;
  RegisterFaction(&kModule);
  RegisterTask(kKpSetup, {"keepers.setup", SetupStep, SetupChoose});
  RegisterTask(kKpEncamp, {"keepers.encamp", EncampStep, EncampChoose});
  RegisterTask(kKpDecamp, {"keepers.decamp", DecampStep, DecampChoose});
  RegisterTask(kKpRecruit, {"keepers.recruit", RecruitStep, RecruitChoose});
  RegisterTask(kKpRetinue, {"keepers.retinue", RetinueStep, RetinueChoose});
  RegisterTask(kKpBattleDelve,
               {"keepers.battle_delve", BattleDelveStep, BattleDelveChoose});
  RegisterTask(kKpMoveRecover,
               {"keepers.move_recover", MoveRecoverStep, MoveRecoverChoose});
  RegisterTask(kKpCarry, {"keepers.carry_relics", CarryStep, CarryChoose});
  RegisterTask(kKpTrophy, {"keepers.prized_trophy", TrophyStep, TrophyChoose});
  RegisterTask(kKpEvening, {"keepers.evening", EveningStep, NoChoice});
  RegisterTask(kKpGather, {"keepers.gather_retinue", GatherStep, GatherChoose});
  RegisterTask(kKpLoseWaystation, {"keepers.lose_waystation",
                                   LoseWaystationStep, LoseWaystationChoose});
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kKpPromptDiscard, "discard.hand_limit", "15.6.3", HandLimitText);
  reg(kKpPromptCorner, "keepers.setup.corner", "15.3.3",
      [](const State&, const Prompt&) {
        return Fixed("Setup: place four warriors in which corner clearing?");
      });
  reg(kKpPromptEdge, "keepers.setup.edge", "15.3.3",
      [](const State&, const Prompt&) {
        return Fixed(
            "Setup: place four warriors in which adjacent clearing on the "
            "map edge?");
      });
  reg(kKpPromptEncamp, "keepers.encamp", "15.4.1",
      [](const State&, const Prompt&) {
        return Fixed(
            "Encamp: replace a warrior with a waystation in which clearing?");
      });
  reg(kKpPromptEncampEdge, "keepers.encamp", "15.4.1",
      [](const State&, const Prompt&) {
        return Fixed(
            "Encamp: nothing in any clearing; place a waystation and a "
            "warrior in which clearing on the map edge?");
      });
  reg(kKpPromptEncampSide, "keepers.encamp.waystation", "15.4.1",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Which waystation, which side up, in ",
                            ClearingName(s, p.a), "?");
      });
  reg(kKpPromptDecamp, "keepers.decamp", "15.4.2",
      [](const State&, const Prompt&) {
        return Fixed("Decamp: replace which waystation with a warrior?");
      });
  reg(kKpPromptRecruit, "keepers.recruit", "15.4.3",
      [](const State&, const Prompt&) {
        return Fixed(
            "Recruit: spend a card for two warriors at a matching waystation?");
      });
  reg(kKpPromptRetinue, "keepers.retinue", "15.5.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Retinue, ", kColumnNames[p.a],
                            " column: act with which card, or go on?");
      });
  reg(kKpPromptBattleClearing, "keepers.battle_delve", "15.5.2.II",
      [](const State&, const Prompt&) {
        return Fixed("Battle then delve: in which matching clearing?");
      });
  reg(kKpPromptBattleTarget, "keepers.battle_delve.defender", "15.5.2.II",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("You must battle in ", ClearingName(s, p.a),
                            ": whom?");
      });
  reg(kKpPromptDelveForest, "keepers.delve", "15.5.2.II.a",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Delve into ", ClearingName(s, p.a),
                            " from which adjacent forest?");
      });
  reg(kKpPromptDelveRelic, "keepers.delve.relic", "15.5.2.II.a",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Delve which relic of forest ", p.b + 1, " into ",
                            ClearingName(s, p.a), "?");
      });
  reg(kKpPromptMoveOrRecover, "keepers.move_recover", "15.5.2.III",
      [](const State&, const Prompt&) {
        return Fixed("Move, or recover relics in which matching clearing?");
      });
  reg(kKpPromptRecover, "keepers.recover", "15.5.2.III.a",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Recover which relic in ", ClearingName(s, p.a),
                            "?");
      });
  reg(kKpPromptCarry, "keepers.devout_knights", "15.2.4",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Carry a relic from ", ClearingName(s, p.a), " to ",
                            ClearingName(s, p.b), "?");
      });
  reg(kKpPromptTrophy, "keepers.prized_trophies", "15.2.5",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Prized Trophies: place the ", kTypeNames[p.a],
                            " relic face up in which forest?");
      });
  reg(kKpPromptLoseRelic, "keepers.lose_relic", "15.2.5",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("A ", kTypeNames[p.b], " relic in ",
                            ClearingName(s, p.a),
                            " is removed: which one do you lose?");
      });
  reg(kKpPromptLoseWaystation, "keepers.lose_waystation", "15.2.2",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("A ", kTypeNames[p.b], " waystation in ",
                            ClearingName(s, p.a),
                            " is removed: which one goes back to your board?");
      });
  reg(kKpPromptGather, "keepers.gather_retinue", "15.6.2",
      [](const State&, const Prompt&) {
        return Fixed(
            "Gather Retinue: add cards to the Retinue, or shift one card.");
      });
}

}  // namespace woodland::rules
