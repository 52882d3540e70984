#include "referee/rules/state.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/exiles.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "referee/rules/public_events.h"

namespace woodland::rules {
namespace {

// Law 5.1.5: 2 boots, 2 sacks, 1 crossbow, 1 hammer, 2 swords, 2 teas,
// 2 coins (no torch: torches are Vagabond starting items).
constexpr std::array<int8_t, kNumItems> kItemSupply = {2, 2, 1, 1, 2, 2, 2, 0};

struct Hasher {
  uint64_t h = 1469598103934665603ULL;
  void Add(int64_t v) {
    h ^= static_cast<uint64_t>(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 1099511628211ULL;
  }
  template <typename C>
  void AddAll(const C& c) {
    Add(static_cast<int64_t>(c.size()));
    for (auto v : c) Add(v);
  }
};

// Law 19.1: the clearings' suits: given by the setup, else printed, else the
// twelve suit markers (four of each suit) shuffled face down, one per
// clearing.
absl::Status PlaceSuits(const GameSetup& setup, MapDef& m, Chance& chance) {
  if (!setup.suits.empty()) {
    if (static_cast<int>(setup.suits.size()) != m.num_clearings) {
      return absl::InvalidArgumentError(
          absl::StrCat("suits: ", setup.suits.size(), " given for ",
                       m.num_clearings, " clearings"));
    }
    for (int c = 0; c < m.num_clearings; ++c) {
      if (setup.suits[c] < 0 || setup.suits[c] >= kNumClearingSuits) {
        return absl::InvalidArgumentError("suits: not a clearing suit");
      }
      m.clearings[c].suit = setup.suits[c];
    }
    m.suits_printed = true;
    return absl::OkStatus();
  }
  if (m.suits_printed && !setup.random_suits) return absl::OkStatus();
  std::vector<int8_t> markers;
  for (int c = 0; c < m.num_clearings; ++c) {
    markers.push_back(static_cast<int8_t>(c % kNumClearingSuits));
  }
  for (int c = 0; c < m.num_clearings; ++c) {
    const int pick = chance.Draw(kChanceSuit, static_cast<int>(markers.size()));
    m.clearings[c].suit = markers[pick];
    markers.erase(markers.begin() + pick);
  }
  m.suits_printed = true;
  return absl::OkStatus();
}

struct OptionPool {
  static constexpr int kSize = 64;
  static constexpr int kFreshCapacity = 32;
  std::array<std::vector<Option>, kSize> lists;
  int n = 0;
};
thread_local OptionPool option_pool;

}  // namespace

std::vector<Option> NewOptionList() {
  OptionPool& p = option_pool;
  if (p.n == 0) {
    // A fresh list starts with room for a typical decision, so that it
    // does not grow one reallocation at a time.
    std::vector<Option> list;
    list.reserve(OptionPool::kFreshCapacity);
    return list;
  }
  return std::move(p.lists[--p.n]);
}

void RecycleOptionList(std::vector<Option> list) {
  OptionPool& p = option_pool;
  if (list.capacity() == 0 || p.n == OptionPool::kSize) return;
  list.clear();
  p.lists[p.n++] = std::move(list);
}

namespace {

// The factions seated (each implemented, none twice; Law 9.7: a second
// Vagabond only with the first) and the Vagabond characters fixed (for a
// seated Vagabond, no character twice). A draft seats no faction yet.
absl::Status ValidateSeating(const GameSetup& setup, bool draft) {
  std::array<bool, kNumFactions> seen{};
  for (int f : setup.factions) {
    if (draft) continue;  // Law 19.8: the seats draft their factions
    if (f < 0 || f >= kNumFactions) {
      return absl::InvalidArgumentError(absl::StrCat("unknown faction ", f));
    }
    if (GetFaction(f) == nullptr) {
      return absl::UnimplementedError(
          absl::StrCat("faction '", FactionKey(f), "' is not implemented yet"));
    }
    if (seen[f]) {
      return absl::InvalidArgumentError(
          absl::StrCat("faction '", FactionKey(f), "' is seated twice"));
    }
    seen[f] = true;
  }
  // Law 9.7: a second Vagabond joins a first (he keeps the shared quests).
  if (seen[kVagabond2] && !seen[kVagabond]) {
    return absl::InvalidArgumentError(
        "faction 'vagabond2' needs 'vagabond' seated too (Law 9.7)");
  }
  for (const auto& [f, character] : setup.characters) {
    if ((f != kVagabond && f != kVagabond2) || !seen[f]) {
      return absl::InvalidArgumentError(
          "a character is fixed for a faction that is not a seated Vagabond");
    }
    if (character < 0 || character >= NumVagabondCharacters()) {
      return absl::InvalidArgumentError("unknown Vagabond character");
    }
    for (const auto& [g, other] : setup.characters) {
      if (g != f && other == character) {
        return absl::InvalidArgumentError(
            "two Vagabonds cannot be the same character (Law 9.7)");
      }
      if (g == f && other != character) {
        return absl::InvalidArgumentError("a Vagabond has two characters");
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<State> State::NewGame(const GameSetup& setup, uint64_t seed) {
  return NewGame(setup, seed, nullptr);
}

absl::StatusOr<State> State::NewGame(
    const GameSetup& setup, uint64_t seed,
    std::shared_ptr<const std::vector<ChanceOutcome>> outcomes) {
  RegisterAll();
  const int n = static_cast<int>(setup.factions.size());
  if (n < 2 || n > kMaxSeats) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match needs 2 to ", kMaxSeats, " seats, got ", n));
  }
  if (setup.mode != GameSetup::kStandardSetup &&
      setup.mode != GameSetup::kAdvancedSetup) {
    return absl::InvalidArgumentError("unknown setup mode");
  }
  const bool draft = IsDraft(setup);
  if (draft) {
    if (absl::Status st = ValidateAdvancedSetup(setup); !st.ok()) return st;
  }
  if (absl::Status st = ValidateSeating(setup, draft); !st.ok()) return st;
  if (absl::Status st = ValidateHirelings(setup); !st.ok()) return st;
  if (setup.first_seat >= n) {
    return absl::InvalidArgumentError("first_seat is out of range");
  }
  absl::StatusOr<MapDef> map = BuiltinMap(setup.map);
  if (!map.ok()) return map.status();
  absl::StatusOr<const DeckDef*> deck = SharedBuiltinDeck(setup.deck);
  if (!deck.ok()) return deck.status();
  auto def = std::make_shared<GameDef>(GameDef{setup, *std::move(map), **deck});
  bool exiles_deck = false;
  for (const CardDef& c : def->deck.cards)
    exiles_deck |= IsExilesEffect(c.effect);
  if (absl::Status st = ValidateLandmarks(setup, def->map, n); !st.ok()) {
    return st;
  }

  State s;
  s.chance_ = Chance(seed);
  s.record_events_ = setup.record_events;
  s.exiles_deck_ = exiles_deck;
  if (outcomes) s.chance_.Substitute(std::move(outcomes));
  if (absl::Status st = PlaceSuits(setup, def->map, s.chance_); !st.ok()) {
    return st;
  }
  // Law 19.6.1-19.6.2: hirelings named "random" are dealt (hirelings.cc).
  if (absl::Status st = DealHirelings(def->setup, n, s.chance_); !st.ok())
    return st;
  std::vector<int8_t> order = setup.factions;
  if (setup.shuffle_seats) {  // Law 5.1.1: seat order at random
    for (int i = n - 1; i > 0; --i) {
      std::swap(order[i], order[s.chance_.Draw(kChanceSeat, i + 1)]);
    }
  }
  def->setup.factions = order;
  if (draft) {  // Law 19.8.2: deal the faction setup cards
    if (absl::Status st = DealDraft(def->setup, n, s.chance_, s.landmarks_);
        !st.ok()) {
      return st;
    }
  }
  s.def_ = std::move(def);
  s.seat_of_.fill(-1);
  s.seats_.resize(n);
  for (int i = 0; i < n; ++i) {
    if (order[i] != kNoFaction) s.SeatFactionOnly(i, order[i]);
  }
  s.items_ = kItemSupply;
  const MapDef& md = s.def_->map;
  s.ferry_ = md.ferry;  // Law 25.3.1
  s.tower_ = md.tower;  // Law 25.4.1
  for (int c = 0; c < md.num_clearings; ++c) {
    if (md.clearings[c].ruin) s.board_[c].pieces[kRuin] = 1;  // Law 5.1.4
  }
  // What UpdateAllRule would find on a board of ruins only (issue 12: ~8k
  // instructions a game): nobody present, nobody rules, the ruins fill their
  // slots. (CheckInvariants compares the kept rule with Derive.)
  s.rule_.fill(kNoFaction);
  s.present_.fill(0);
  for (int c = 0; c < kMaxClearings; ++c)
    s.built_[c] = s.board_[c].pieces[kRuin];
  // Law 5.1.3: two players remove the dominance cards; each player draws 3.
  for (CardId id = 0; id < static_cast<CardId>(s.def_->deck.cards.size());
       ++id) {
    if (n == 2 && s.card(id).kind == kDominanceCard) {
      s.removed_.push_back(id);
    } else {
      s.deck_.push_back(id);
    }
  }
  // Issue 13: what setup changes in public is logged from a comparison.
  std::optional<PublicSnapshot> before;
  if (s.record_events_) before = TakePublicSnapshot(s);
  // Law 19.7: the advanced setup draws five (three are kept, 19.10).
  const bool advanced = setup.mode == GameSetup::kAdvancedSetup;
  for (int i = 0; i < n; ++i) s.DrawCards(i, advanced ? 5 : 3);
  s.current_ = static_cast<int8_t>(setup.first_seat >= 0
                                       ? setup.first_seat
                                       : s.chance_.Draw(kChanceSeat, n));
  // Law 5.1.7: factions set up in setup order (A, B, C...), which is the
  // order of the Faction enum.
  // Law 19.10 follows every faction's setup.
  if (advanced) PushKeepHands(s);
  // Law 19.6: the hirelings are set up once the factions are (pushed first,
  // they run last): faction setups count on open building slots, which a
  // vault could take (a rules decision for the standard setup, 5.1).
  PushHirelingSetup(s);
  if (draft) {
    PushDraft(s);  // Law 19.8.3
  } else {
    std::vector<int8_t> by_setup_order = order;
    std::sort(by_setup_order.begin(), by_setup_order.end(), std::greater<>());
    for (int f : by_setup_order) {
      GetFaction(f)->PushSetup(s, s.seat_of_[f]);
    }
  }
  // Law 19.5 comes before the factions (landmarks restrict homelands).
  PushLandmarksSetup(s);
  if (before) LogPublicChanges(s, *before, 0);  // the hands drawn
  s.Advance();
  return s;
}

void State::SeatFaction(int seat, int faction) {
  SeatFactionOnly(seat, faction);
  UpdateAllRule();  // a faction that rules ties changes rule (Law 7.2.2)
}

void State::SeatFactionOnly(int seat, int faction) {
  seats_[seat].faction = static_cast<int8_t>(faction);
  seat_of_[faction] = static_cast<int8_t>(seat);
  // A seated faction's boxed board is set up now (boxed.h).
  if (faction == kCult) cult_.mut();
  if (faction == kDuchy) duchy_.mut();
  if (faction == kKeepers) keepers_.mut();
  if (faction == kVagabond2) vagabond2_.mut();
  all_seated_ = std::none_of(seats_.begin(), seats_.end(), [](const auto& st) {
    return st.faction == kNoFaction;
  });
  const FactionModule* m = GetFaction(faction);
  warrior_supply_[faction] = static_cast<int8_t>(m->warriors());
  outright_rule_ |= m->HasOutrightRule();
  if (m->RulesTies()) tie_rulers_ |= uint16_t{1} << faction;
  if (m->HasPawn()) pawn_factions_ |= uint16_t{1} << faction;
  if (m->MayBlockPlacement()) placement_blockers_ |= uint16_t{1} << faction;
  if (m->MayBlockMoves()) move_blockers_ |= uint16_t{1} << faction;
  auto pieces = m->pieces();
  for (int p = 0; p < kNumPieces; ++p) piece_supply_[p] += pieces[p];
}

void State::Ask(uint16_t kind, int seat, std::vector<Option> options, int a,
                int b) {
  CHECK(!options.empty()) << "empty decision " << kind;
  CHECK(seat >= 0 && seat < num_seats());
  prompt_ = Prompt{kind, static_cast<int8_t>(seat), static_cast<int8_t>(a),
                   static_cast<int8_t>(b)};
  options_.swap(options);
  RecycleOptionList(std::move(options));
  counters_.largest_option_list = std::max<int32_t>(
      counters_.largest_option_list, static_cast<int32_t>(options_.size()));
}

void State::AskWithDoneOrPop(uint16_t kind, int seat,
                             std::vector<Option> options, int a, int b) {
  if (options.empty()) {
    RecycleOptionList(std::move(options));
    Pop();
    return;
  }
  options.push_back({.kind = kOptDone});
  Ask(kind, seat, std::move(options), a, b);
}

void State::Advance() {
  // Issue 13, Law 1.2.1: public changes no rule logs are logged from a
  // comparison after each step (public_events.h), when events are recorded.
  std::optional<PublicSnapshot> shown;
  size_t first_event = events_.size();
  if (record_events_) shown = TakePublicSnapshot(*this);
  const auto log_changes = [&] {
    if (!shown) return;
    *shown = LogPublicChanges(*this, *shown, first_event);
    first_event = events_.size();
  };
  while (end_reason_ == kNotOver) {
    // Law 1.2.1: a discard names the hand a card just left within one step
    // (Discard), never across steps: whether a decision came between (a
    // foil declined, 4.3.1.I) would show in the source.
    last_from_hand_ = kNoCard;
    if (!options_.empty()) {
      if (options_.size() > 1) return;
      // A choice with one legal option is no choice: take it.
      Option o = options_[0];
      options_.clear();
      GetTaskHandler(stack_.back().kind).choose(*this, o);
      CheckScoreVictory();
      log_changes();
      continue;
    }
    if (stack_.empty()) {
      StartTurn();
      log_changes();
      continue;
    }
    GetTaskHandler(stack_.back().kind).step(*this);
    CheckScoreVictory();
    log_changes();
  }
  options_.clear();
  prompt_ = Prompt{};
}

absl::Status State::Apply(int seat, int index) {
  if (IsTerminal()) return absl::FailedPreconditionError("the game is over");
  if (seat != prompt_.seat) {
    return absl::PermissionDeniedError(absl::StrCat(
        "seat ", seat, " acted out of turn; seat ", prompt_.seat, " decides"));
  }
  if (index < 0 || index >= static_cast<int>(options_.size())) {
    return absl::OutOfRangeError(absl::StrCat(
        "option ", index, " is not offered; there are ", options_.size()));
  }
  ++counters_.decisions;
  Option o = options_[index];
  options_.clear();
  last_from_hand_ = kNoCard;
  if (record_events_) {
    ResolveLogged(o);
  } else {
    Resolve(o);
  }
  return absl::OkStatus();
}

void State::Resolve(const Option& o) {
  GetTaskHandler(stack_.back().kind).choose(*this, o);
  CheckScoreVictory();
  Advance();
}

// Issue 13: public changes no rule logs are logged from a comparison, the
// chosen option's before the steps that follow (each logs its own, Advance).
void State::ResolveLogged(const Option& o) {
  const size_t first_event = events_.size();
  const PublicSnapshot before = TakePublicSnapshot(*this);
  GetTaskHandler(stack_.back().kind).choose(*this, o);
  CheckScoreVictory();
  LogPublicChanges(*this, before, first_event);
  Advance();
}

void State::StartTurn() {
  if (phase_ != kPhaseSetup) current_ = (current_ + 1) % num_seats();
  const int max_turns = def_->setup.max_turns;
  if (max_turns > 0 && counters_.turns >= max_turns) {
    EndGame(kReasonTurnLimit, {});
    return;
  }
  ++turn_;
  ++counters_.turns;
  Log({.kind = kEvTurn,
       .seat = current_,
       .faction = seats_[current_].faction,
       .d = turn_});
  craft_used_.fill(0);
  daylight_closed_ = false;
  ferry_used_ = false;         // Law 25.3.5, 25.4.3: once per turn
  landmarks_.market_used = 0;  // the Black Market: once per turn
  path_opened_this_turn_ = false;
  for (SeatState& st : seats_) st.used_effects = 0;
  phase_ = kPhaseBirdsong;
  Task t;
  t.kind = kTaskTurn;
  t.seat = current_;
  Push(t);
}

std::vector<int8_t> State::WinnersWith(int seat) const {
  std::vector<int8_t> w = {static_cast<int8_t>(seat)};
  for (int f : {kVagabond, kVagabond2}) {  // either Vagabond (9.2.8, 9.7)
    const int vb = seat_of_[f];
    if (vb >= 0 && vagabond(f).coalition == seat)
      w.push_back(static_cast<int8_t>(vb));
  }
  return w;
}

void State::EndGame(EndReason reason, std::vector<int8_t> winners) {
  if (end_reason_ != kNotOver) return;
  end_reason_ = reason;
  winners_ = std::move(winners);
  Log({.kind = kEvGameOver, .a = static_cast<int8_t>(reason)});
  stack_.clear();
  options_.clear();
}

// Law 3.1, 3.1.1: the first to 30 wins at once; if several reach it together,
// the one closest clockwise to the current player (the current player first).
void State::CheckScoreVictoryNow() {
  vp_changed_ = false;
  const int n = num_seats();
  for (int i = 0; i < n; ++i) {
    const int st = (current_ + i) % n;
    if (seats_[st].dominance == kNoCard && seats_[st].vp >= kWinningScore) {
      EndGame(kReason30Vp, WinnersWith(st));
      return;
    }
  }
}

// --- Rule (Law 2.5) ---------------------------------------------------------

int State::Presence(int faction, int c) const {
  const ClearingState& cl = board_[c];
  int n = OwnPresence(faction, cl);
  // Law 11.2.7.III: mercenaries rule for their buyer, not the Riverfolk.
  n += riverfolk_.MercPresence(faction, cl.warriors[kRiverfolk], turn_,
                               phase_ != kPhaseBirdsong);
  if (soup_faction_ == faction) n += ExilesExtraPresence(*this, faction, c);
  n += hirelings_.ControlledPresence(faction, c);  // Law 22.3.1
  return n;
}

// Law 2.5, 7.2.2: the faction with the most warriors and buildings, the
// Eyrie among those tied, else nobody.
int State::RuleByPieces(int c, uint16_t present) const {
  const ClearingState& cl = board_[c];
  // Law 10.2.4 Pilgrims: the Lizard Cult rules where it has a garden (the
  // only RulesOutright; CheckInvariants compares with RulerWithHooks).
  if ((present >> kCult & 1) && cl.pieces[kGardenFox] +
                                        cl.pieces[kGardenRabbit] +
                                        cl.pieces[kGardenMouse] >
                                    0) {
    return kCult;
  }
  int best = 0, best_faction = kNoFaction, breaker = kNoFaction;
  bool tie = false;
  for (const SeatState& st : seats_) {
    // Absent factions have no presence (issue 12: most clearings hold one
    // or two of the seated factions).
    if (st.faction == kNoFaction || !(present >> st.faction & 1)) continue;
    int p = OwnPresence(st.faction, cl);
    // Soup Kitchens (Exiles and Partisans deck): tokens count as two more.
    if (st.faction == soup_faction_) p += 2 * OwnTokens(st.faction, cl);
    if (p == 0 || p < best) continue;
    const bool ties = tie_rulers_ >> st.faction & 1;  // Law 7.2.2
    if (p > best) {
      best = p;
      best_faction = st.faction;
      tie = false;
      breaker = ties ? st.faction : kNoFaction;
    } else {
      tie = true;
      if (ties) breaker = st.faction;
    }
  }
  return tie ? breaker : best_faction;
}

State::DerivedClearing State::Derive(int c) const {
  const ClearingState& cl = board_[c];
  uint16_t present = 0;
  for (int f = 0; f < kNumFactions; ++f) {
    if (cl.warriors[f] > 0) present |= uint16_t{1} << f;
  }
  int built = cl.pieces[kRuin];
  for (int p = 1; p < kNumPieces; ++p) {
    const PieceInfo& info = kPieceInfo[p];
    if (info.owner < 0) continue;
    if (cl.pieces[p] > 0) present |= uint16_t{1} << info.owner;
    if (info.building) built += cl.pieces[p];
  }
  return {static_cast<int8_t>(RuleByPieces(c, present)), present,
          static_cast<int8_t>(built)};
}

bool State::PieceChanged(int c, int piece, int delta) {
  const PieceInfo& info = kPieceInfo[piece];
  if (info.building && (info.owner >= 0 || piece == kRuin)) {
    built_[c] = static_cast<int8_t>(built_[c] + delta);
  }
  if (info.owner < 0) return false;
  const uint16_t bit = uint16_t{1} << info.owner;
  if (delta > 0 || board_[c].warriors[info.owner] > 0 ||
      OwnsPiecesIn(info.owner, c)) {
    present_[c] |= bit;
  } else {
    present_[c] &= static_cast<uint16_t>(~bit);
  }
  // A building changes rule; so do the Soup Kitchens' owner's tokens.
  return info.building || info.owner == soup_faction_;
}

void State::UpdateAllRule() {
  for (int c = 0; c < kMaxClearings; ++c) UpdateRule(c);
}

int State::RulerWithHooks(int c) const {
  int best = 0, best_faction = kNoFaction;
  bool tie = false, tie_breaker_in_tie = false;
  int breaker = kNoFaction;
  // Law 7.2.2 (and Bluebird Nobles' controller): who rules ties. Lords of
  // the Forest need an Eyrie piece there: mercenaries and hirelings count
  // for rule but stay Riverfolk or hireling pieces (1.5.2, 11.2.7.III,
  // 22.3.3).
  auto ties = [&](int f) {
    return (GetFaction(f)->RulesTies() && (present_[c] >> f & 1)) ||
           (hirelings_.InPlay() && HirelingRulesTies(*this, f));
  };
  for (const SeatState& st : seats_) {
    const int p = Presence(st.faction, c);
    if (p == 0) continue;
    // Law 10.2.4 Pilgrims: the Cult rules where it has a garden.
    if (outright_rule_ && GetFaction(st.faction)->RulesOutright(*this, c))
      return st.faction;
    if (p > best) {
      best = p;
      best_faction = st.faction;
      tie = false;
      breaker = ties(st.faction) ? st.faction : kNoFaction;
      tie_breaker_in_tie = breaker != kNoFaction;
    } else if (p == best) {
      tie = true;
      if (ties(st.faction)) {
        breaker = st.faction;
        tie_breaker_in_tie = true;
      }
    }
  }
  // Law 22.3.1: an uncontrolled hireling rules as if it were a player.
  if (hirelings_.on_map >> c & 1) {
    const int u = hirelings_.UncontrolledPresence(c);
    if (u > best) return kNoFaction;
    if (u > 0 && u == best) tie = true;
  }
  if (!tie) return best_faction;
  // Law 7.2.2: Lords of the Forest rule ties they are part of.
  return tie_breaker_in_tie ? breaker : kNoFaction;
}

bool State::CanPlace(int faction, int c) const {
  for (uint16_t m = placement_blockers_; m != 0; m &= m - 1) {
    if (GetFaction(std::countr_zero(m))->BlocksPlacement(*this, faction, c)) {
      return false;
    }
  }
  return true;
}

void State::MoveBlocks(int mover, uint32_t& to, uint32_t& from) const {
  to = from = 0;
  for (uint16_t m = move_blockers_; m != 0; m &= m - 1) {
    const FactionModule* other = GetFaction(std::countr_zero(m));
    to |= other->BlockedClearings(*this);
    from |= other->MoveBlockedFrom(*this, mover);
  }
}

bool State::AreEnemiesInCoalition(int faction_a, int faction_b) const {
  for (int f : {kVagabond, kVagabond2}) {  // either Vagabond (9.2.8, 9.7)
    if (seat_of_[f] < 0 || vagabond(f).coalition < 0) continue;
    const int partner = seats_[vagabond(f).coalition].faction;
    if ((faction_a == f && faction_b == partner) ||
        (faction_b == f && faction_a == partner)) {
      return false;
    }
  }
  return true;
}

void State::MoveFerry(int to) {
  Log({.kind = kEvFerry, .b = ferry_, .c = static_cast<int8_t>(to)});
  ferry_ = static_cast<int8_t>(to);
  ferry_used_ = true;
  if (landmarks_.at[kLandmarkFerry] >= 0) {
    landmarks_.at[kLandmarkFerry] = static_cast<int8_t>(to);
  }
}

void State::OpenPath(int index) {
  opened_paths_ |= static_cast<uint8_t>(1u << index);
  const auto [a, b] = def_->map.closed_paths[index];  // Law 25.4.3
  opened_adj_[a] |= static_cast<ClearingMask>(ClearingMask{1} << b);
  opened_adj_[b] |= static_cast<ClearingMask>(ClearingMask{1} << a);
  path_opened_this_turn_ = true;
}

bool State::GetPawnIn(int faction, int c) const {
  return GetFaction(faction)->PawnIn(*this, c);
}

int State::SoupKitchensInPlay() const {
  if (!exiles_deck_) return kNoFaction;
  for (int i = 0; i < num_seats(); ++i) {
    if (seats_[i].faction != kNoFaction &&
        (ScanEffects(i) >> kSoupKitchens & 1)) {
      return seats_[i].faction;
    }
  }
  return kNoFaction;
}

uint32_t State::ScanEffects(int seat) const {
  uint32_t mask = 0;
  for (CardId id : seats_[seat].play_area) mask |= 1u << card(id).effect;
  return mask & ~1u;  // kNoEffect is no effect
}

void State::RefreshPlayAreas() {
  int soup = kNoFaction;  // as SoupKitchensInPlay, from the new masks
  for (int i = 0; i < num_seats(); ++i) {
    effects_in_play_[i] = ScanEffects(i);
    if (soup == kNoFaction && exiles_deck_ && seats_[i].faction != kNoFaction &&
        (effects_in_play_[i] >> kSoupKitchens & 1)) {
      soup = seats_[i].faction;
    }
  }
  if (soup == soup_faction_) return;
  soup_faction_ = static_cast<int8_t>(soup);
  // The kept rule counts the Soup Kitchens' tokens; what is present and
  // built does not change.
  for (int c = 0; c < def_->map.num_clearings; ++c) {
    rule_[c] = static_cast<int8_t>(RuleByPieces(c));
  }
}

// --- Pieces (Law 1.5) -------------------------------------------------------

int State::PlaceWarriors(int faction, int c, int n) {
  n = std::min<int>(n, warrior_supply_[faction] -
                           GetFaction(faction)->ReservedWarriors(*this));
  if (n <= 0) return 0;
  if (!CanPlace(faction, c)) return 0;  // e.g. a face-up snare (13.7.2)
  warrior_supply_[faction] -= n;
  board_[c].warriors[faction] += n;
  UpdateWarriors(c, faction);
  Log({.kind = kEvPlace,
       .faction = static_cast<int8_t>(faction),
       .a = static_cast<int8_t>(n),
       .c = static_cast<int8_t>(c)});
  return n;
}

bool State::PlacePiece(int piece, int c) {
  if (piece_supply_[piece] <= 0) return false;
  if (GetPieceInfo(piece).building && OpenSlots(c) <= 0) return false;
  const int owner = GetPieceInfo(piece).owner;
  if (owner != kNoFaction && !CanPlace(owner, c)) return false;
  --piece_supply_[piece];
  ++board_[c].pieces[piece];
  if (PieceChanged(c, piece, 1))
    rule_[c] = static_cast<int8_t>(RuleByPieces(c));
  Log({.kind = kEvPlace,
       .faction = static_cast<int8_t>(owner),
       .a = 1,
       .b = static_cast<int8_t>(PublicPiece(piece, c)),
       .c = static_cast<int8_t>(c)});
  return true;
}

void State::MoveWarriors(int faction, int from, int to, int n, int moved_by) {
  if (moved_by == kNoFaction) moved_by = faction;
  CHECK_LE(n, board_[from].warriors[faction]);
  board_[from].warriors[faction] -= n;
  board_[to].warriors[faction] += n;
  UpdateWarriors(from, faction);
  UpdateWarriors(to, faction);
  Log({.kind = kEvMove,
       .faction = static_cast<int8_t>(faction),
       .a = static_cast<int8_t>(n),
       .b = static_cast<int8_t>(from),
       .c = static_cast<int8_t>(to)});
  for (const SeatState& st : seats_) {
    GetFaction(st.faction)
        ->OnWarriorsMoved(*this, faction, from, to, n, moved_by);
  }
  if (hirelings_.InPlay()) HirelingsOnWarriorsMoved(*this, faction, to);
}

void State::RemovePieces(int faction, int c, int warriors,
                         const std::array<int8_t, kNumPieces>& pieces,
                         int remover) {
  // The Elder Treetop's slot holds a building when every slot is filled.
  const bool treetop = TreetopSlotFilled(*this, c);
  ClearingState& cl = board_[c];
  CHECK_LE(warriors, cl.warriors[faction]);
  cl.warriors[faction] -= warriors;
  if (warriors > 0) UpdateWarriors(c, faction);
  // Coffin Makers may take them instead of the supply (exiles.cc).
  int to_supply = 0;
  if (!exiles_deck_ || !ExilesTakeWarriors(*this, faction, warriors)) {
    warrior_supply_[faction] += warriors;
    to_supply = warriors;
  }
  if (warriors > 0) {
    Log({.kind = kEvRemove,
         .faction = static_cast<int8_t>(faction),
         .a = static_cast<int8_t>(warriors),
         .c = static_cast<int8_t>(c)});
  }
  int scored = 0, buildings = 0;
  for (int p = 0; p < kNumPieces; ++p) {
    if (pieces[p] == 0) continue;
    CHECK_LE(pieces[p], cl.pieces[p]);
    cl.pieces[p] -= pieces[p];
    piece_supply_[p] += pieces[p];
    scored += pieces[p];
    if (GetPieceInfo(p).building) buildings += pieces[p];
    Log({.kind = kEvRemove,
         .faction = static_cast<int8_t>(faction),
         .a = pieces[p],
         .b = static_cast<int8_t>(PublicPiece(p, c)),
         .c = static_cast<int8_t>(c)});
  }
  if (scored > 0) {
    bool rule = false;
    for (int p = 0; p < kNumPieces; ++p) {
      if (pieces[p] != 0) rule |= PieceChanged(c, p, -pieces[p]);
    }
    if (rule) rule_[c] = static_cast<int8_t>(RuleByPieces(c));
  }
  // Law 3.2.1: one VP per enemy building or token removed; a coalition
  // partner is no enemy (Law 21.8, 9.2.8).
  if (remover != kNoFaction && AreEnemies(remover, faction) && scored > 0) {
    // Law 24 (the Elder Treetop's card): one more for its slot's building.
    AddVp(seat_of_[remover], scored + (treetop && buildings > 0), kVpRemoval);
  }
  // All pieces removed together go before any effect triggers (published
  // Law 1.5.4; the seeds are silent).
  const FactionModule* m = GetFaction(faction);
  for (int p = 0; p < kNumPieces; ++p) {
    for (int i = 0; i < pieces[p]; ++i) m->OnPieceRemoved(*this, p, c, remover);
  }
  const int supply = warrior_supply_[faction];
  if (warriors > 0) m->OnWarriorsRemoved(*this, c, warriors, remover);
  // Law 10.2.3 (rules decision): the faction's own rule (Revenge takes them
  // to the Acolytes box) comes first; the Feline Physicians, a "may", save
  // only the warriors that reached the supply and are still there.
  to_supply -= std::max(0, supply - warrior_supply_[faction]);
  if (to_supply > 0 && hirelings_.InPlay())  // Feline Physicians
    HirelingsOnWarriorsRemoved(*this, faction, c, to_supply);
  if (remover != kNoFaction && remover != faction) {
    GetFaction(remover)->OnRemovedEnemy(*this, faction, c, warriors, scored);
  }
}

int State::PublicPiece(int piece, int c) const {
  const int owner = GetPieceInfo(piece).owner;
  const FactionModule* m = owner == kNoFaction ? nullptr : GetFaction(owner);
  return m ? m->PublicPiece(*this, piece, c) : piece;
}

void State::EndSimultaneous(size_t mark, int chooser) {
  const size_t triggered = stack_.size() - mark;
  if (triggered < 2) return;
  Task t{.kind = kTaskOrderEffects,
         .seat = static_cast<int8_t>(chooser >= 0 ? chooser : current_)};
  t.a = static_cast<int8_t>(triggered);
  Push(t);
}

void State::RemoveWarriors(int faction, int c, int n, int remover) {
  RemovePieces(faction, c, n, {}, remover);
}

// --- Cards (Law 2.1) --------------------------------------------------------

// Law 2.1: "If the deck is ever empty, shuffle the discard pile immediately
// to form a new deck." The deck is kept unordered and each draw picks
// uniformly, which is the same as shuffling and drawing from the top.
void State::ReshuffleIfEmpty() {
  if (!deck_.empty() || discard_.empty()) return;
  deck_.swap(discard_);
  std::sort(deck_.begin(), deck_.end());
  Log({.kind = kEvReshuffle, .d = static_cast<int16_t>(deck_.size())});
}

CardId State::DrawCard() {
  ReshuffleIfEmpty();
  if (deck_.empty()) return kNoCard;
  const int i = chance_.Draw(kChanceDraw, static_cast<int>(deck_.size()));
  const CardId id = deck_[i];
  deck_[i] = deck_.back();
  deck_.pop_back();
  ReshuffleIfEmpty();  // the last card drawn: reshuffle at once
  return id;
}

void State::DrawCards(int seat, int n) {
  if (exiles_deck_ && phase_ == kPhaseEvening && seat == current_ &&
      ExilesDeferDraw(*this, seat, n)) {
    return;  // Informants: the player decides first
  }
  DrawCardsNow(seat, n);
}

void State::DrawCardsNow(int seat, int n) {
  int drawn = 0;
  for (; drawn < n; ++drawn) {
    const CardId id = DrawCard();
    if (id == kNoCard) break;
    seats_[seat].hand.push_back(id);
  }
  if (drawn > 0) {
    Log({.kind = kEvDraw,
         .seat = static_cast<int8_t>(seat),
         .faction = seats_[seat].faction,
         .a = static_cast<int8_t>(drawn)});
  }
}

void State::Discard(CardId id) {
  // Issue 13: a card just taken from a hand names that hand's seat.
  const bool from_hand = id == last_from_hand_;
  Log({.kind = kEvDiscard,
       .seat = from_hand ? last_from_hand_seat_ : int8_t{-1},
       .faction = from_hand ? seats_[last_from_hand_seat_].faction
                            : int8_t{kNoFaction},
       .b = from_hand ? int8_t{kDiscardHand} : int8_t{kDiscardOther},
       .card = id});
  last_from_hand_ = kNoCard;
  // Law 10.2.6: the Lizard Cult's Lost Souls pile takes every discard.
  for (const SeatState& st : seats_) {
    if (GetFaction(st.faction)->CatchesDiscard(*this, id)) return;
  }
  DiscardToPile(id);
}

void State::DiscardToPile(CardId id) {
  // Law 3.3.3: a spent dominance card becomes available instead.
  if (card(id).kind == kDominanceCard) {
    available_.push_back(id);
  } else {
    discard_.push_back(id);
    ReshuffleIfEmpty();  // onto an empty deck
  }
}

void State::RemoveFromHand(int seat, CardId id) {
  auto& h = seats_[seat].hand;
  auto it = std::find(h.begin(), h.end(), id);
  CHECK(it != h.end()) << "card " << id << " not in hand of seat " << seat;
  h.erase(it);
  last_from_hand_ = id;
  last_from_hand_seat_ = static_cast<int8_t>(seat);
}

void State::AddVp(int seat, int n, VpReason reason) {
  SeatState& st = seats_[seat];
  if (st.dominance != kNoCard) return;  // Law 3.3.1: no more scoring
  const int before = st.vp;
  // The Law does not say a score can go below zero; the score track has no
  // negative spaces, so a loss stops at 0 (published Law, 7.7.1 silent).
  st.vp = static_cast<int16_t>(std::max(0, st.vp + n));
  vp_changed_ = true;
  // Law 22.1.1: the score marker entered a hireling marker's space.
  if (st.vp > before && hirelings_.InPlay()) {
    HirelingsOnScore(*this, seat, before, st.vp);
  }
  if (st.vp != before) {
    Log({.kind = kEvVp,
         .seat = static_cast<int8_t>(seat),
         .faction = st.faction,
         .a = reason,
         .d = static_cast<int16_t>(st.vp - before)});
  }
}

// --- Hash and invariants ----------------------------------------------------

namespace {

void HashBattle(const BattleState& b, Hasher& h) {
  for (int v :
       {int{b.clearing}, int{b.attacker}, int{b.defender}, int{b.step},
        int{b.ambush}, int{b.roll_hi}, int{b.roll_lo}, int{b.att_hits},
        int{b.def_hits}, int{b.att_armorers}, int{b.def_armorers},
        int{b.brutal}, int{b.sappers}, int{b.enemy_pieces_removed_by_attacker},
        int{b.instigator}, int{b.partisans}}) {
    h.Add(v);
  }
  for (int side = 0; side < 2; ++side) {
    h.Add(b.hits_left[side]);
    h.Add(b.remove_warriors[side]);
    h.Add(b.remove_mercs[side]);
    h.Add(b.extra_hits[side]);
    for (int8_t v : b.remove_pieces[side]) h.Add(v);
  }
}

}  // namespace

uint64_t State::Hash() const {
  Hasher h;
  for (int c = 0; c < def_->map.num_clearings; ++c) {
    for (int8_t v : board_[c].warriors) h.Add(v);
    for (int8_t v : board_[c].pieces) h.Add(v);
  }
  for (const SeatState& st : seats_) {
    h.Add(st.faction);
    h.Add(st.vp);
    h.Add(st.dominance);
    h.AddAll(st.hand);
    h.AddAll(st.play_area);
    for (int8_t v : st.items) h.Add(v);
    h.Add(st.used_effects);
  }
  for (int8_t v : warrior_supply_) h.Add(v);
  for (int8_t v : piece_supply_) h.Add(v);
  for (int8_t v : items_) h.Add(v);
  h.AddAll(deck_);
  h.AddAll(discard_);
  h.AddAll(available_);
  h.AddAll(removed_);
  for (const Reveal& r : reveals_) {
    h.Add(r.viewer);
    h.Add(r.target);
    h.AddAll(r.cards);
  }
  h.Add(marquise_.keep);
  h.Add(marquise_.keep_removed);
  for (int8_t v : marquise_.placed) h.Add(v);
  h.Add(marquise_.actions);
  h.Add(marquise_.recruited);
  h.Add(eyrie_.leader);
  h.Add(eyrie_.deposed);
  for (const auto& col : eyrie_.decree) h.AddAll(col);
  for (int8_t v : eyrie_.viziers) h.Add(v);
  for (uint32_t v : eyrie_.resolved) h.Add(v);
  h.Add(eyrie_.roosts);
  h.AddAll(alliance_.supporters);
  for (const VagabondBoard* b : {&vagabond_, &vagabond2_.get()}) {
    const VagabondBoard& vb = *b;
    h.Add(vb.character);
    h.Add(vb.clearing);
    h.Add(vb.forest);
    for (const VItem& it : vb.items)
      h.Add(it.kind * 4 + it.exhausted * 2 + it.damaged + it.ruin * 64);
    for (int8_t v : vb.relation) h.Add(v);
    for (int8_t v : vb.aids) h.Add(v);
    h.AddAll(vb.quests);
    h.AddAll(vb.quest_deck);
    h.AddAll(vb.quests_done);
    for (int8_t v : vb.ruin_item) h.Add(v);
    h.Add(vb.battle_ally);
    h.Add(vb.coalition);
    // Characters' marks (Law 26), hashed once set (older hashes unchanged).
    if (vb.scorched >= 0 || vb.improvised || vb.protecting) {
      h.Add(vb.scorched);
      h.Add(vb.improvised);
      h.Add(vb.protecting);
    }
  }
  cult_.get().HashInto(h);
  riverfolk_.HashInto(h);
  duchy_.get().HashInto(h);
  corvid_.HashInto(h);
  hundreds_.HashInto(h);
  keepers_.get().HashInto(h);
  exiles_.HashInto(h);
  landmarks_.HashInto(h);
  hirelings_.HashInto(h);
  h.Add(alliance_.officers);
  h.Add(alliance_.ops_used);
  if (def_->map.ferry >= 0 || !def_->map.closed_paths.empty() ||
      !def_->setup.landmarks.empty()) {
    h.Add(ferry_);
    h.Add(ferry_used_);
    h.Add(opened_paths_);
    h.Add(path_opened_this_turn_);
  }
  for (const Task& t : stack_) {
    h.Add(t.kind);
    h.Add(t.seat);
    h.Add(t.step);
    h.Add(t.a);
    h.Add(t.b);
    h.Add(t.c);
    h.Add(t.x);
    h.Add(t.y);
    h.Add(t.d);
  }
  h.Add(prompt_.kind);
  h.Add(prompt_.seat);
  for (const Option& o : options_) {
    h.Add(o.kind);
    h.Add(o.a);
    h.Add(o.b);
    h.Add(o.card);
  }
  // A battle in progress (hashed only then: hashes outside battles stay as
  // they were). Without it, assigning one hit after another would look
  // like standing still.
  if (battle_.clearing >= 0) HashBattle(battle_, h);
  // Crafting pieces used this turn (hashed only when some are).
  if (std::any_of(craft_used_.begin(), craft_used_.end(),
                  [](int8_t v) { return v != 0; })) {
    for (int8_t v : craft_used_) h.Add(v);
  }
  h.Add(static_cast<int64_t>(chance_.Fingerprint()));
  h.Add(current_);
  h.Add(phase_);
  h.Add(turn_);
  h.Add(end_reason_);
  h.AddAll(winners_);
  return h.h;
}

absl::Status State::CheckInvariants() const {
  // The Soup Kitchens cache agrees with the play areas.
  if (SoupKitchensInPlay() != soup_faction_) {
    return absl::InternalError("the Soup Kitchens flag is stale");
  }
  for (int i = 0; i < kMaxSeats; ++i) {
    if (effects_in_play_[i] != (i < num_seats() ? ScanEffects(i) : 0u)) {
      return absl::InternalError(
          absl::StrCat("seat ", i, "'s effects in play are stale"));
    }
  }
  // Every card is in exactly one place.
  const int num_cards = static_cast<int>(def_->deck.cards.size());
  std::vector<int> where(num_cards, 0);
  auto count = [&](const auto& v) {
    for (CardId id : v) {
      if (id < 0 || id >= num_cards) return false;
      ++where[id];
    }
    return true;
  };
  bool ok =
      count(deck_) && count(discard_) && count(available_) && count(removed_);
  for (const SeatState& st : seats_) {
    ok = ok && count(st.hand) && count(st.play_area);
    if (st.dominance != kNoCard) ++where[st.dominance];
  }
  for (const auto& col : eyrie_.decree) ok = ok && count(col);
  ok = ok && count(alliance_.supporters);
  ForEachExpansionBoard([&](const auto& b) {
    b.ForEachCard([&](CardId id) {
      if (id < 0 || id >= num_cards) {
        ok = false;
      } else {
        ++where[id];
      }
    });
  });
  if (battle_.ambush != kNoCard) ++where[battle_.ambush];  // being played
  if (!ok) return absl::InternalError("a card id is out of range");
  for (int id = 0; id < num_cards; ++id) {
    if (where[id] != 1) {
      return absl::InternalError(absl::StrCat(
          "card ", id, " (", card(id).name, ") is in ", where[id], " places"));
    }
  }
  // Pieces are conserved against the box (Law 1.5.1).
  if (absl::Status st = hirelings_.Check(); !st.ok()) return st;
  for (const SeatState& st : seats_) {
    if (st.faction == kNoFaction) continue;  // not drafted yet (19.8.3)
    const FactionModule* m = GetFaction(st.faction);
    int on_map = 0;
    for (int c = 0; c < def_->map.num_clearings; ++c) {
      on_map += board_[c].warriors[st.faction];
    }
    if (st.faction == kAlliance) on_map += alliance_.officers;  // off the map
    ForEachExpansionBoard(
        [&](const auto& b) { on_map += b.OffMapWarriors(st.faction); });
    if (on_map + warrior_supply_[st.faction] != m->warriors()) {
      return absl::InternalError(absl::StrCat(
          FactionKey(st.faction), " warriors: ", on_map, " on the map + ",
          warrior_supply_[st.faction], " in supply != ", m->warriors()));
    }
    auto box = m->pieces();
    for (int p = 1; p < kNumPieces; ++p) {
      if (GetPieceInfo(p).owner != st.faction) continue;
      int n = piece_supply_[p];
      for (int c = 0; c < def_->map.num_clearings; ++c) {
        n += board_[c].pieces[p];
        if (board_[c].pieces[p] < 0) {
          return absl::InternalError("negative piece count");
        }
      }
      int removed_from_game = (p == kKeep && marquise_.keep_removed) ? 1 : 0;
      ForEachExpansionBoard(
          [&](const auto& b) { removed_from_game += b.OffMapPieces(p); });
      if (n + removed_from_game != box[p]) {
        return absl::InternalError(absl::StrCat(GetPieceInfo(p).name, ": ", n,
                                                " in play != ", box[p]));
      }
    }
  }
  for (int c = 0; c < def_->map.num_clearings; ++c) {
    if (OpenSlots(c) < 0) {
      return absl::InternalError(
          absl::StrCat("clearing ", c + 1, " has more buildings than slots"));
    }
  }
  for (int i = 0; i < kNumItems; ++i) {
    int n = items_[i], box = kItemSupply[i];
    for (const SeatState& st : seats_) n += st.items[i];
    for (const VagabondBoard* b : {&vagabond_, &vagabond2_.get()}) {
      const VagabondBoard& vb = *b;
      n += vb.removed[i];
      for (const VItem& it : vb.items) n += it.kind == i;
      for (int8_t r : vb.ruin_item) n += r - 1 == i;
      box += vb.box[i];
    }
    ForEachExpansionBoard([&](const auto& b) { n += b.HeldItems(i); });
    if (n != box) {
      return absl::InternalError(
          absl::StrCat("item ", ItemName(i), " count changed"));
    }
  }
  // The kept rule matches the board (a change that skipped UpdateRule).
  for (int c = 0; c < kMaxClearings; ++c) {
    const DerivedClearing d = Derive(c);
    if (rule_[c] != d.rule || present_[c] != d.present ||
        built_[c] != d.built) {
      return absl::InternalError(absl::StrCat("stale rule in clearing ", c));
    }
    // The kept rule (Soup Kitchens included) agrees with the hooks' rule.
    if (!RuleNeedsHooks() && c < def_->map.num_clearings &&
        rule_[c] != RulerWithHooks(c)) {
      return absl::InternalError(absl::StrCat("kept rule differs in ", c));
    }
  }
  // Factions left out of the blocker masks block nothing (a module that
  // blocks must say so: MayBlockPlacement, MayBlockMoves).
  for (const SeatState& st : seats_) {
    if (st.faction == kNoFaction) continue;
    const FactionModule* m = GetFaction(st.faction);
    const bool moves = move_blockers_ >> st.faction & 1;
    const bool places = placement_blockers_ >> st.faction & 1;
    if (!moves && m->BlockedClearings(*this) != 0) {
      return absl::InternalError("an undeclared move blocker");
    }
    for (const SeatState& other : seats_) {
      if (other.faction == kNoFaction) continue;
      if (!moves && m->MoveBlockedFrom(*this, other.faction) != 0) {
        return absl::InternalError("an undeclared move blocker");
      }
      for (int c = 0; !places && c < def_->map.num_clearings; ++c) {
        if (m->BlocksPlacement(*this, other.faction, c)) {
          return absl::InternalError("an undeclared placement blocker");
        }
      }
    }
  }
  // Law 14.2.2: the warlord on the map is one of its clearing's warriors.
  if (hundreds_.warlord >= 0 &&
      board_[hundreds_.warlord].warriors[kHundreds] < 1) {
    return absl::InternalError(absl::StrCat("the warlord's clearing ",
                                            int{hundreds_.warlord},
                                            " holds no Hundreds warrior"));
  }
  // ... and off the map on Coffin Makers, one of the warriors there.
  if (hundreds_.warlord_on_coffins &&
      (hundreds_.warlord >= 0 || exiles_.coffins[kHundreds] < 1)) {
    return absl::InternalError("the warlord on Coffin Makers is not there");
  }
  // Law 9.7.3: the Hoard's "R" items are among its items.
  for (int i = 0; i < kNumItems; ++i) {
    if (hundreds_.ruin_hoard[i] < 0 ||
        hundreds_.ruin_hoard[i] > hundreds_.hoard[i]) {
      return absl::InternalError("the Hoard's R items are not in the Hoard");
    }
  }
  return absl::OkStatus();
}

// --- Scenario support --------------------------------------------------------

void State::ClearForScenario() {
  for (int c = 0; c < def_->map.num_clearings; ++c) {
    for (const SeatState& st : seats_) {
      if (st.faction == kNoFaction) continue;
      warrior_supply_[st.faction] += board_[c].warriors[st.faction];
      board_[c].warriors[st.faction] = 0;
    }
    for (int p = 1; p < kNumPieces; ++p) {
      piece_supply_[p] += board_[c].pieces[p];
      board_[c].pieces[p] = 0;
    }
  }
  for (SeatState& st : seats_) {
    for (CardId id : st.hand) deck_.push_back(id);
    for (CardId id : st.play_area) deck_.push_back(id);
    if (st.dominance != kNoCard) deck_.push_back(st.dominance);
    st.hand.clear();
    st.play_area.clear();
    st.dominance = kNoCard;
    st.vp = 0;
  }
  soup_faction_ = kNoFaction;
  effects_in_play_ = {};
  for (auto& col : eyrie_.decree) {
    for (CardId id : col) deck_.push_back(id);
    col.clear();
  }
  for (CardId id : discard_) deck_.push_back(id);
  for (CardId id : available_) deck_.push_back(id);
  for (CardId id : alliance_.supporters) deck_.push_back(id);
  alliance_.supporters.clear();
  ForEachExpansionBoard([&](const auto& b) {
    b.ForEachCard([&](CardId id) { deck_.push_back(id); });
    for (const SeatState& st : seats_)
      if (st.faction != kNoFaction)
        warrior_supply_[st.faction] += b.OffMapWarriors(st.faction);
    for (int p = 1; p < kNumPieces; ++p) piece_supply_[p] += b.OffMapPieces(p);
    for (int i = 0; i < kNumItems; ++i) items_[i] += b.HeldItems(i);
  });
  cult_.Reset(seat_of_[kCult] >= 0);
  riverfolk_ = {};
  duchy_.Reset(seat_of_[kDuchy] >= 0);
  corvid_ = {};
  hundreds_ = {};
  keepers_.Reset(seat_of_[kKeepers] >= 0);
  exiles_ = {};
  landmarks_ = {};           // tests set landmarks up again (SetUpLandmark)
  hirelings_.ClearPieces();  // the cards stay in play
  for (HirelingCard& h : hirelings_.cards) {
    h.items = {};  // returned to the supply above (HeldItems)
    h.items_exhausted = {};
  }
  warrior_supply_[kAlliance] += alliance_.officers;
  alliance_.officers = 0;
  discard_.clear();
  available_.clear();
  std::sort(deck_.begin(), deck_.end());
  marquise_.placed = {};
  if (marquise_.keep_removed) {
    marquise_.keep_removed = false;
    piece_supply_[kKeep] = 1;
  }
  marquise_.keep = -1;
  eyrie_.roosts = 0;
  stack_.clear();
  options_.clear();
  prompt_ = Prompt{};
  UpdateAllRule();
}

void State::SetWarriors(int faction, int c, int n) {
  warrior_supply_[faction] += board_[c].warriors[faction] - n;
  board_[c].warriors[faction] = static_cast<int8_t>(n);
  UpdateWarriors(c, faction);
}

void State::SetPieces(int piece, int c, int n) {
  const int delta = n - board_[c].pieces[piece];
  piece_supply_[piece] -= delta;
  board_[c].pieces[piece] = static_cast<int8_t>(n);
  UpdateRule(c);
  if (piece == kKeep && n > 0) marquise_.keep = static_cast<int8_t>(c);
  if (piece >= kSawmill && piece <= kRecruiter) {
    marquise_.placed[piece - kSawmill] += delta;
  }
  if (piece == kRoost) eyrie_.roosts += delta;
}

void State::GiveCard(int seat, CardId id) {
  auto take = [id](auto& v) {
    auto it = std::find(v.begin(), v.end(), id);
    if (it == v.end()) return false;
    v.erase(it);
    return true;
  };
  bool found =
      take(deck_) || take(discard_) || take(available_) || take(removed_);
  for (SeatState& st : seats_) found = found || take(st.hand);
  found = found || take(alliance_.supporters);
  CHECK(found) << "card " << id;
  seats_[seat].hand.push_back(id);
}

void State::SetCurrent(int seat, Phase phase) {
  current_ = static_cast<int8_t>(seat);
  phase_ = phase;
}

}  // namespace woodland::rules
