// Eyrie Dynasties (Law 7).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kEyrie;
enum EyrieTask : uint8_t {
  kEySetup = kTaskBase,
  kEyBirdsong,
  kEyDaylight,
  kEyDecreeAction,
  kEyTurmoil,
  kEyEvening,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kEyrie;
enum EyriePrompt : uint16_t {
  kEyPromptCorner = kPromptBase,
  kEyPromptLeader,
  kEyPromptAddDecree,
  kEyPromptNewRoost,
  kEyPromptDecreeCard,
  kEyPromptRecruit,
  kEyPromptMove,
  kEyPromptBattle,
  kEyPromptBuild,
  kEyPromptTurmoilLeader,
  kEyPromptDiscard,
};

enum Leader : int8_t { kBuilder = 0, kCharismatic, kCommander, kDespot };
enum Column : int8_t { kColRecruit = 0, kColMove, kColBattle, kColBuild };
constexpr std::array<absl::string_view, 4> kLeaderNames = {
    "Builder", "Charismatic", "Commander", "Despot"};
constexpr std::array<absl::string_view, 4> kColumnNames = {"Recruit", "Move",
                                                           "Battle", "Build"};
// Law 7.8: the columns each leader's two loyal viziers go to.
constexpr std::array<std::array<int8_t, 2>, 4> kVizierColumns = {{
    {kColRecruit, kColMove},
    {kColRecruit, kColBattle},
    {kColMove, kColBattle},
    {kColMove, kColBuild},
}};
// Roosts track: VP by roosts on the map (index), draw bonuses at 3 and 6.
constexpr std::array<int8_t, 8> kRoostVp = {0, 0, 1, 2, 3, 4, 4, 5};
constexpr int kRoosts = 7;
constexpr int kHandLimit = 5;

int8_t I8(int v) { return static_cast<int8_t>(v); }

bool SuitFits(const State& s, int c, int suit) {
  return suit == kBird || s.ClearingIs(c, suit);  // a bird card is wild
}

void SetLeader(State& s, int leader) {
  s.Log({.kind = kEvLeader, .faction = kEyrie, .a = I8(leader)});
  EyrieBoard& eb = s.mutable_eyrie();
  eb.leader = I8(leader);
  eb.viziers = {};
  for (int8_t col : kVizierColumns[leader]) ++eb.viziers[col];
}

// --- Setup (Law 7.3) --------------------------------------------------------

std::vector<Option> StartCorners(const State& s) {
  // Law 7.3.2: a corner that is no other player's starting corner and, if
  // possible, diagonally opposite one (the keep marks the Marquise's start).
  // Law 19.8.3.I: drafted, other factions may have set up first; their
  // starting corners hold their buildings (the Marquise's, the keep).
  const int keep = s.marquise().keep;
  auto homeland = [&](int c) {
    if (c == keep) return true;
    for (int p = 1; p < kNumPieces; ++p) {
      const PieceInfo& info = GetPieceInfo(p);
      if (info.building && info.owner != kNoFaction && info.owner != kEyrie &&
          info.owner != kMarquise && s.clearing(c).pieces[p] > 0)
        return true;
    }
    return false;
  };
  std::vector<Option> all, opposite;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.map().clearings[c].corner || homeland(c) || !s.CanPlace(kEyrie, c)) {
      continue;
    }
    all.push_back({.kind = kOptClearing, .a = I8(c)});
    const int opp = s.map().OppositeCorner(c);
    if (opp >= 0 && homeland(opp)) opposite.push_back(all.back());
  }
  return opposite.empty() ? all : opposite;
}

void SetupStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    if (SetupCards(s)) {
      // Law 19.8.3: the Eyrie's card, a homeland on the map edge with two
      // or more clearings between it and enemy homelands (19.8.3.II).
      s.Ask(kPromptHomeland, t.seat,
            CardHomelandOptions(s, kEyrie, true, true,
                                HomelandRule::kTwoBetween));
    } else {
      s.Ask(kEyPromptCorner, t.seat, StartCorners(s));
    }
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int l = 0; l < 4; ++l) opts.push_back({.kind = kOptLeader, .a = I8(l)});
  s.Ask(kEyPromptLeader, t.seat, std::move(opts));
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    if (SetupCards(s)) AddHomeland(s, kEyrie, o.a);
    s.PlacePiece(kRoost, o.a);
    s.mutable_eyrie().roosts = 1;
    s.PlaceWarriors(kEyrie, o.a, 6);
    t.step = 1;
    return;
  }
  s.Pop();
  SetLeader(s, o.a);  // Law 7.3.3-7.3.4
}

// --- Birdsong (Law 7.4) -----------------------------------------------------

// Every warrior in c. Law 7.4.3 with 22.3.3: hireling warriors belong to
// no faction but are warriors all the same.
int WarriorsIn(const State& s, int c) {
  int w = 0;
  for (int8_t n : s.clearing(c).warriors) w += n;
  for (const HirelingCard& h : s.hirelings().cards) w += h.warriors[c];
  return w;
}

std::vector<Option> NewRoostClearings(const State& s) {
  // Law 7.4.3: the clearing with the fewest warriors where a roost and three
  // warriors can be placed.
  std::vector<Option> opts = NewOptionList();
  int fewest = 1 << 20;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.OpenSlots(c) <= 0 || !s.CanPlace(kEyrie, c)) continue;
    const int w = WarriorsIn(s, c);
    if (w < fewest) {
      fewest = w;
      opts.clear();
    }
    if (w == fewest) opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

void BirdsongStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  EyrieBoard& eb = s.mutable_eyrie();
  if (t.step == 0) {
    // Law 7.4.1: emergency orders.
    if (s.seat(seat).hand.empty()) s.DrawCards(seat, 1);
    eb.added = 0;
    eb.added_bird = false;
    t.step = 1;
    PushBirdsongCards(s, seat);
    return;
  }
  if (t.step == 1) {
    // Law 7.4.2: add one or two cards, at most one of them a bird.
    std::vector<Option> opts = NewOptionList();
    if (eb.added < 2) {
      std::vector<Option> matching = MatchingCards(s, seat, -1);
      for (const Option& c : matching) {
        if (eb.added_bird && s.card(c.card).suit == kBird) continue;
        for (int col = 0; col < 4; ++col) {
          opts.push_back({.kind = kOptDecree, .a = I8(col), .card = c.card});
        }
      }
      RecycleOptionList(std::move(matching));
    }
    if (eb.added >= 1) opts.push_back({.kind = kOptDone});
    if (opts.empty()) {
      RecycleOptionList(std::move(opts));
      t.step = 2;
      PushBirdsongCards(s, seat);
      return;
    }
    s.Ask(kEyPromptAddDecree, seat, std::move(opts), eb.added);
    return;
  }
  // Law 7.4.3: a new roost if none is on the map.
  std::vector<Option> opts = eb.roosts == 0 && s.piece_supply(kRoost) > 0
                                 ? NewRoostClearings(s)
                                 : NewOptionList();
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(kEyPromptNewRoost, seat, std::move(opts));
}

void BirdsongChoose(State& s, const Option& o) {
  Task& t = s.top();
  EyrieBoard& eb = s.mutable_eyrie();
  if (t.step == 1) {
    if (o.kind == kOptDone) {
      t.step = 2;
      PushBirdsongCards(s, t.seat);
      return;
    }
    s.RemoveFromHand(t.seat, o.card);
    eb.decree[o.a].push_back(o.card);
    s.Log({.kind = kEvDecree,
           .seat = t.seat,
           .faction = kEyrie,
           .a = o.a,
           .card = o.card});
    ++eb.added;
    eb.added_bird |= s.card(o.card).suit == kBird;
    return;
  }
  s.Pop();
  s.PlacePiece(kRoost, o.a);
  ++eb.roosts;
  s.PlaceWarriors(kEyrie, o.a, 3);
}

// --- Daylight (Law 7.5) -----------------------------------------------------

int EntrySuit(const State& s, int col, int i) {
  const auto& cards = s.eyrie().decree[col];
  return i < static_cast<int>(cards.size()) ? s.card(cards[i]).suit
                                            : static_cast<int>(kBird);
}

int ColumnSize(const State& s, int col) {
  return static_cast<int>(s.eyrie().decree[col].size()) +
         s.eyrie().viziers[col];
}

void PushTurmoil(State& s, int seat) {
  s.Push(Task{.kind = kEyTurmoil, .seat = I8(seat)});
}

void DaylightStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  EyrieBoard& eb = s.mutable_eyrie();
  if (t.step == 0) {
    // Law 7.5.1: craft first, with roosts.
    t.step = 1;
    eb.resolved = {};
    PushCraft(s, seat);
    return;
  }
  if (s.daylight_closed()) {  // turmoil ended Daylight (7.7.4)
    s.Pop();
    return;
  }
  // Law 7.5.2: resolve the Decree left to right; within a column, any order.
  for (int col = 0; col < 4; ++col) {
    std::vector<Option> opts = NewOptionList();
    for (int i = 0; i < ColumnSize(s, col); ++i) {
      if (eb.resolved[col] >> i & 1) continue;
      const int suit = EntrySuit(s, col, i);
      bool dup = false;
      for (const Option& o : opts) dup |= o.a == suit;
      if (dup) continue;
      const auto& cards = eb.decree[col];
      // a = suit, b = column; card = the card (none for a loyal vizier).
      opts.push_back(
          {.kind = kOptSuit,
           .a = I8(suit),
           .b = I8(col),
           .card = i < static_cast<int>(cards.size()) ? cards[i] : kNoCard});
    }
    if (opts.empty()) {
      RecycleOptionList(std::move(opts));
      continue;
    }
    // Law 3.3.1, 3.3.4 and "once in Daylight" cards: usable at any point of
    // Daylight, so between Decree cards too (before a card that would
    // cause turmoil, which ends Daylight).
    AppendDaylightExtras(s, seat, opts);
    s.Ask(kEyPromptDecreeCard, seat, std::move(opts), col);
    return;
  }
  s.Pop();
}

void DaylightChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  EyrieBoard& eb = s.mutable_eyrie();
  const int col = o.b, suit = o.a;
  for (int i = 0; i < ColumnSize(s, col); ++i) {
    if (!(eb.resolved[col] >> i & 1) && EntrySuit(s, col, i) == suit) {
      eb.resolved[col] |= 1u << i;
      break;
    }
  }
  Task t{.kind = kEyDecreeAction, .seat = I8(seat)};
  t.a = I8(col);
  t.b = I8(suit);
  s.Push(t);
}

std::vector<Option> RecruitClearings(const State& s, int suit) {
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kEyrie) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[kRoost] > 0 && SuitFits(s, c, suit) &&
        s.CanPlace(kEyrie, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

std::vector<Option> BuildClearings(const State& s, int suit) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kRoost) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (SuitFits(s, c, suit) && s.clearing(c).pieces[kRoost] == 0 &&
        s.OpenSlots(c) > 0 && s.Rules(kEyrie, c) && s.CanPlace(kEyrie, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

// One Decree card: a = column, b = suit (Law 7.5.2.I-IV). If the action
// cannot be fully taken, turmoil follows at once (7.7).
void DecreeActionStep(State& s) {
  const Task t = s.top();
  switch (t.a) {
    case kColRecruit: {
      auto opts = RecruitClearings(s, t.b);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        break;
      }
      s.Ask(kEyPromptRecruit, t.seat, std::move(opts), t.b);
      return;
    }
    case kColMove:
      if (!AnyLegalMove(s, kEyrie, t.b)) break;
      s.Pop();
      PushMove(s, t.seat, t.b, false);
      s.top().d = kEyPromptMove;
      return;
    case kColBattle:
      if (!AnyLegalBattle(s, kEyrie, t.b)) break;
      s.Pop();
      PushBattleChoice(s, t.seat, t.b, false);
      s.top().d = kEyPromptBattle;
      return;
    case kColBuild: {
      auto opts = BuildClearings(s, t.b);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        break;
      }
      s.Ask(kEyPromptBuild, t.seat, std::move(opts), t.b);
      return;
    }
  }
  s.Pop();
  PushTurmoil(s, t.seat);
}

void DecreeActionChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  if (t.a == kColRecruit) {
    // Law 7.8.2: the Charismatic leader places two warriors.
    const int want = s.eyrie().leader == kCharismatic ? 2 : 1;
    if (s.PlaceWarriors(kEyrie, o.a, want) < want) PushTurmoil(s, t.seat);
  } else {
    s.PlacePiece(kRoost, o.a);
    ++s.mutable_eyrie().roosts;
  }
}

// --- Turmoil (Law 7.7) ------------------------------------------------------

void TurmoilStep(State& s) {
  Task& t = s.top();
  EyrieBoard& eb = s.mutable_eyrie();
  if (t.step == 0) {
    t.step = 1;
    s.Log({.kind = kEvTurmoil, .seat = t.seat, .faction = kEyrie});
    // 7.7.1 Humiliate: lose a VP per bird card in the Decree (viziers too).
    int birds = 0;
    for (int col = 0; col < 4; ++col) {
      for (CardId id : eb.decree[col]) birds += s.card(id).suit == kBird;
      birds += eb.viziers[col];
    }
    s.AddVp(t.seat, -birds, kVpTurmoil);
    // 7.7.2 Purge: discard the Decree but the viziers.
    for (auto& col : eb.decree) {
      for (CardId id : col) s.Discard(id);
      col.clear();
    }
    eb.resolved = {};
    // 7.7.3 Depose: the leader goes face down; 7.7.3.I if all are face
    // down, all turn face up again.
    eb.deposed |= 1u << eb.leader;
    if (eb.deposed == 0xF) eb.deposed = 0;
    eb.leader = -1;
    eb.viziers = {};
  }
  std::vector<Option> opts = NewOptionList();
  for (int l = 0; l < 4; ++l) {
    if (!(eb.deposed >> l & 1))
      opts.push_back({.kind = kOptLeader, .a = I8(l)});
  }
  s.Ask(kEyPromptTurmoilLeader, t.seat, std::move(opts));
}

void TurmoilChoose(State& s, const Option& o) {
  s.Pop();
  SetLeader(s, o.a);
  s.close_daylight();  // 7.7.4 Rest: Daylight ends.
}

// --- Evening (Law 7.6) ------------------------------------------------------

void EveningStep(State& s) {
  const int seat = s.top().seat;
  s.Pop();
  const int roosts = s.eyrie().roosts;
  s.AddVp(seat, kRoostVp[roosts], kVpRoosts);            // 7.6.1
  s.DrawCards(seat, 1 + (roosts >= 3) + (roosts >= 6));  // 7.6.2
  PushDiscardDown(s, seat, kHandLimit, kEyPromptDiscard);
}

void NoChoice(State&, const Option&) { CHECK(false); }

class Eyrie : public FactionModule {
 public:
  int faction() const override { return kEyrie; }
  int warriors() const override { return 20; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kRoost] = kRoosts;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kEySetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kEyBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kEyDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kEyEvening, .seat = I8(seat)});
  }
  bool RulesTies() const override { return true; }  // Law 7.2.2
  int CraftingPiecesIn(const State& s, int c) const override {
    return s.clearing(c).pieces[kRoost];  // Law 7.2.1: roosts
  }
  int ItemVp(const State& s, int printed) const override {
    // Law 7.2.3 Disdain for Trade, ignored by the Builder (7.8.1).
    return s.eyrie().leader == kBuilder ? printed : 1;
  }
  int AttackerExtraHits(const State& s) const override {
    return s.eyrie().leader == kCommander ? 1 : 0;  // Law 7.8.3
  }
  void OnRemovedEnemy(State& s, int victim, int c, int warriors,
                      int others) const override {
    // Law 7.8.4: whenever the Despot removes at least one enemy building or
    // token in battle (attacking, defending or by ambush), one extra VP; one
    // per removal, however many pieces it took at the same time (FAQ 18).
    const BattleState& b = s.battle();
    const bool in_battle =
        b.clearing == c && (b.attacker == kEyrie || b.defender == kEyrie);
    if (others > 0 && in_battle && s.eyrie().leader == kDespot)
      s.AddVp(s.SeatOf(kEyrie), 1, kVpLeader);
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (piece == kRoost) --s.mutable_eyrie().roosts;
  }
};

}  // namespace

absl::string_view EyrieLeaderName(int leader) { return kLeaderNames[leader]; }
absl::string_view EyrieColumnName(int col) { return kColumnNames[col]; }

void RegisterEyrie() {
  static const Eyrie kModule;
  RegisterFaction(&kModule);
  RegisterTask(kEySetup, {"eyrie.setup", SetupStep, SetupChoose});
  RegisterTask(kEyBirdsong, {"eyrie.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kEyDaylight, {"eyrie.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kEyDecreeAction,
               {"eyrie.decree_action", DecreeActionStep, DecreeActionChoose});
  RegisterTask(kEyTurmoil, {"eyrie.turmoil", TurmoilStep, TurmoilChoose});
  RegisterTask(kEyEvening, {"eyrie.evening", EveningStep, NoChoice});
  RegisterPrompt(
      kEyPromptCorner,
      {"eyrie.setup.corner", "7.3.2", [](const State&, const Prompt&) {
         return std::string(
             "Setup: place your first roost and six warriors in which corner?");
       }});
  RegisterPrompt(kEyPromptLeader,
                 {"eyrie.leader", "7.3.3", [](const State&, const Prompt&) {
                    return std::string("Setup: choose your leader.");
                  }});
  // The same choice (same key) in turmoil, given by 7.7.3 Depose.
  RegisterPrompt(kEyPromptTurmoilLeader,
                 {"eyrie.leader", "7.7.3", [](const State&, const Prompt&) {
                    return std::string("Turmoil: choose a new leader.");
                  }});
  RegisterPrompt(kEyPromptDiscard,
                 {"discard.hand_limit", "7.6.2", HandLimitText});
  RegisterPrompt(
      kEyPromptAddDecree,
      {"eyrie.decree.add", "7.4.2", [](const State&, const Prompt& p) {
         return p.a == 0
                    ? std::string(
                          "Add a card to the Decree (a column of your choice).")
                    : std::string(
                          "Add a second card to the Decree (not a second "
                          "bird), or stop.");
       }});
  RegisterPrompt(
      kEyPromptNewRoost,
      {"eyrie.new_roost", "7.4.3", [](const State&, const Prompt&) {
         return std::string(
             "No roost on the map: place a roost and three warriors where?");
       }});
  RegisterPrompt(
      kEyPromptDecreeCard,
      {"eyrie.decree.resolve", "7.5.2", [](const State&, const Prompt& p) {
         return absl::StrCat("Resolve the Decree: which card of the ",
                             kColumnNames[p.a], " column next?");
       }});
  RegisterPrompt(
      kEyPromptRecruit,
      {"eyrie.decree.recruit", "7.5.2.I", [](const State&, const Prompt& p) {
         return absl::StrCat("Decree (", SuitName(p.a),
                             "): recruit at which roost?");
       }});
  RegisterPrompt(
      kEyPromptMove,
      {"eyrie.decree.move", "7.5.2.II", [](const State&, const Prompt&) {
         return std::string("Decree: move from a matching clearing.");
       }});
  RegisterPrompt(
      kEyPromptBattle,
      {"eyrie.decree.battle", "7.5.2.III", [](const State&, const Prompt&) {
         return std::string("Decree: battle in a matching clearing.");
       }});
  RegisterPrompt(
      kEyPromptBuild,
      {"eyrie.decree.build", "7.5.2.IV", [](const State&, const Prompt& p) {
         return absl::StrCat("Decree (", SuitName(p.a),
                             "): place a roost where?");
       }});
}

}  // namespace woodland::rules
