#include "referee/rules/determinize.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"

namespace woodland::rules {
namespace {

// Law 9.3.3: the quest deck holds 15 quest cards (vagabond.cc kQuests).
constexpr int kNumQuests = 15;
// Law 9.3.4: the "R" items under the ruins, one set per Vagabond.
constexpr int8_t kRuinItemKinds[] = {kSack, kBoot, kHammer, kSword};

// Law 15.2.1: four relics of each type, valued 1, 2, 3 and 3 (keepers.cc).
constexpr int8_t kRelicValues[] = {1, 2, 3, 3};

bool Supported(int f) { return f >= 0 && f < kNumFactions; }

// A small deterministic stream (splitmix64) for dealing and shuffling.
struct Rng {
  uint64_t x;
  uint64_t Next() {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int Below(int n) {
    return static_cast<int>(Next() % static_cast<uint64_t>(n));
  }
  template <typename T>
  void Shuffle(std::vector<T>& v) {
    for (int i = static_cast<int>(v.size()) - 1; i > 0; --i)
      std::swap(v[i], v[Below(i + 1)]);
  }
};

// Moves a public card out of the deck (where ClearForScenario left every
// card) and returns it to the caller, who puts it where it lies.
absl::StatusOr<CardId> TakePublic(State& s, CardId id) {
  if (id < 0 || id >= static_cast<CardId>(s.def().deck.cards.size()))
    return absl::InvalidArgumentError(absl::StrCat("no card ", id));
  if (std::find(s.deck().begin(), s.deck().end(), id) == s.deck().end())
    return absl::InvalidArgumentError(absl::StrCat("card ", id, " seen twice"));
  s.GiveCard(0, id);
  s.RemoveFromHand(0, id);
  return id;
}

template <class Cards>  // CardList, CardPile or std::vector
absl::Status TakeAll(State& s, const std::vector<CardId>& ids, Cards& into) {
  for (CardId id : ids) {
    absl::StatusOr<CardId> c = TakePublic(s, id);
    if (!c.ok()) return c.status();
    into.push_back(*c);
  }
  return absl::OkStatus();
}

void PlacePieces(State& s, const Observation& o) {
  for (int c = 0; c < s.map().num_clearings; ++c) {
    for (int i = 0; i < s.num_seats(); ++i) {
      const int f = s.seat(i).faction;
      s.SetWarriors(f, c, o.clearings[c].warriors[f]);
    }
    for (int p = 0; p < kNumPieces; ++p)
      s.SetPieces(p, c, o.clearings[c].pieces[p]);
  }
  if (s.SeatOf(kMarquise) >= 0 && o.keep < 0) {
    s.mutable_marquise().keep_removed = true;  // Law 6.2.2
    s.set_piece_supply(kKeep, 0);
  }
}

absl::Status PlaceCards(State& s, const Observation& o) {
  for (int i = 0; i < s.num_seats(); ++i) {
    SeatState& st = s.mutable_seat(i);
    st.vp = o.seats[i].vp;
    st.items = o.seats[i].items;
    if (absl::Status e = TakeAll(s, o.seats[i].play_area, st.play_area);
        !e.ok())
      return e;
    s.RefreshPlayAreas();
    if (o.seats[i].dominance != kNoCard) {
      absl::StatusOr<CardId> d = TakePublic(s, o.seats[i].dominance);
      if (!d.ok()) return d.status();
      st.dominance = *d;
    }
  }
  std::vector<CardId> hand;
  if (absl::Status e = TakeAll(s, o.hand, hand); !e.ok()) return e;
  for (CardId id : hand) s.mutable_seat(o.seat).hand.push_back(id);
  if (absl::Status e = TakeAll(s, o.discard, s.mutable_discard()); !e.ok())
    return e;
  if (absl::Status e =
          TakeAll(s, o.available_dominance, s.mutable_available_dominance());
      !e.ok())
    return e;
  EyrieBoard& eb = s.mutable_eyrie();
  eb.leader = o.eyrie_leader;
  eb.deposed = o.eyrie_deposed;
  eb.viziers = o.viziers;
  for (int col = 0; col < 4; ++col) {
    if (absl::Status e = TakeAll(s, o.decree[col], eb.decree[col]); !e.ok())
      return e;
  }
  if (!o.supporter_cards.empty()) {
    return TakeAll(s, o.supporter_cards, s.mutable_alliance().supporters);
  }
  return absl::OkStatus();
}

// The expansion boards (Law 10-15) as observed: their cards leave the deck,
// the warriors and pieces they hold leave the supplies (items: the observed
// supply already counts them). Face-down plots and relic values are dealt
// per determinization (DealHidden).
absl::Status PlaceExpansionBoards(State& s, const Observation& o) {
  if (s.SeatOf(kCult) >= 0) s.mutable_cult() = o.cult;
  if (s.SeatOf(kRiverfolk) >= 0) {
    // Services bought this turn (Law 11.2.7) last until the rebuilt turn
    // counter moves on.
    RiverfolkBoard& rb = s.mutable_riverfolk();
    rb = o.riverfolk;
    if (rb.boats_for != kNoFaction) rb.boats_turn = s.turn();
    if (rb.mercs_for != kNoFaction) rb.mercs_turn = s.turn();
  }
  if (s.SeatOf(kDuchy) >= 0) s.mutable_duchy() = o.duchy;
  if (s.SeatOf(kCorvid) >= 0) s.mutable_corvid() = o.corvid;
  if (s.SeatOf(kHundreds) >= 0) s.mutable_hundreds() = o.hundreds;
  if (s.SeatOf(kKeepers) >= 0) s.mutable_keepers() = o.keepers;
  absl::Status st = absl::OkStatus();
  auto hold = [&](const auto& b) {
    b.ForEachCard([&](CardId id) {
      if (st.ok()) st = TakePublic(s, id).status();
    });
    for (int i = 0; i < s.num_seats(); ++i) {
      const int f = s.seat(i).faction;
      s.SetWarriorSupply(f, s.warrior_supply(f) - b.OffMapWarriors(f));
    }
    for (int p = 1; p < kNumPieces; ++p)
      s.set_piece_supply(p, s.piece_supply(p) - b.OffMapPieces(p));
  };
  hold(s.cult());
  hold(s.riverfolk());
  hold(s.duchy());
  hold(s.corvid());
  hold(s.hundreds());
  hold(s.keepers());
  // Law 11.2.3: the Riverfolk's hand is public.
  const int rf = s.SeatOf(kRiverfolk);
  if (st.ok() && rf >= 0 && rf != o.seat) {
    std::vector<CardId> hand;
    st = TakeAll(s, o.riverfolk_hand, hand);
    for (CardId id : hand) s.mutable_seat(rf).hand.push_back(id);
  }
  return st;
}

void PlaceBoards(State& s, const Observation& o) {
  s.mutable_item_supply() = o.item_supply;
  AllianceBoard& ab = s.mutable_alliance();
  if (s.SeatOf(kAlliance) >= 0) {
    ab.officers = static_cast<int8_t>(o.officers);
    s.SetWarriorSupply(kAlliance, s.warrior_supply(kAlliance) - o.officers);
  }
  for (const Observation::VagabondPublic& v : o.vagabonds) {
    VagabondBoard& vb = s.mutable_vagabond(v.faction);
    const auto box = vb.box;  // the character's items (Law 9.3.1), setup
    vb = v.board;
    vb.box = box;
    vb.ruin_item = {};
    vb.quest_deck.clear();
    if (v.faction != kVagabond) continue;
    // Law 9.3.3: the unseen quests are the face-down deck (unordered).
    for (int q = 0; q < kNumQuests; ++q) {
      bool seen = std::count(o.quests.begin(), o.quests.end(), q) > 0;
      for (const auto& w : o.vagabonds) {
        seen |= std::count(w.board.quests_done.begin(),
                           w.board.quests_done.end(), q) > 0;
      }
      if (!seen) vb.quest_deck.push_back(static_cast<int8_t>(q));
    }
  }
}

// Cards the seat knows to be in another hand, then random unseen cards, up
// to each hand's size; hidden supporters likewise; the rest stay in the
// deck, which the fresh chance stream draws from at random.
void DealHidden(State& s, const InfoState& info, Rng& rng) {
  const Observation& o = info.obs;
  std::vector<CardId> pool = s.deck();
  auto in_pool = [&](CardId id) {
    return std::find(pool.begin(), pool.end(), id) != pool.end();
  };
  auto deal = [&](int seat, CardId id) {
    s.GiveCard(seat, id);
    pool.erase(std::find(pool.begin(), pool.end(), id));
  };
  for (int i = 0; i < s.num_seats(); ++i) {
    if (i == o.seat || i >= static_cast<int>(info.known.size())) continue;
    for (CardId id : info.known[i]) {
      if (static_cast<int>(s.seat(i).hand.size()) < o.seats[i].hand_size &&
          in_pool(id))
        deal(i, id);
    }
  }
  rng.Shuffle(pool);
  for (int i = 0; i < s.num_seats(); ++i) {
    if (i == o.seat) continue;
    while (static_cast<int>(s.seat(i).hand.size()) < o.seats[i].hand_size &&
           !pool.empty())
      deal(i, pool.back());
  }
  if (s.SeatOf(kAlliance) >= 0 && o.supporter_cards.empty()) {
    CardList& sup = s.mutable_alliance().supporters;
    while (static_cast<int>(sup.size()) < o.supporters && !pool.empty()) {
      const CardId id = pool.back();
      deal(0, id);
      s.RemoveFromHand(0, id);
      sup.push_back(id);
    }
  }
}

// Law 13.2.2: a face-down plot is one of the plots not seen face up,
// drawn from the Corvids' unseen plots (on the map face down or in their
// supply), each kind as often as it remains.
void HidePlots(State& s, Rng& rng) {
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[kPlotHidden] == 0) continue;
    int total = 0;
    for (int p = kPlotBomb; p < kPlotHidden; ++p)
      total += std::max(0, s.piece_supply(p));
    s.SetPieces(kPlotHidden, c, 0);
    if (total == 0) continue;
    int k = rng.Below(total);
    for (int p = kPlotBomb; p < kPlotHidden; ++p) {
      k -= std::max(0, s.piece_supply(p));
      if (k < 0) {
        s.SetPieces(p, c, 1);
        break;
      }
    }
  }
}

// Law 15.3.1: a face-down relic's value is one of its type's values not
// seen (face up, recovered or awaiting a forest).
void HideRelicValues(State& s, Rng& rng) {
  KeepersBoard& kb = s.mutable_keepers();
  for (int type = 0; type < kRelicTypes; ++type) {
    std::vector<int8_t> pool(std::begin(kRelicValues), std::end(kRelicValues));
    auto seen = [&](int8_t v) {
      auto it = std::find(pool.begin(), pool.end(), v);
      if (it != pool.end()) pool.erase(it);
    };
    auto scan = [&](const std::vector<KeepersRelic>& rs) {
      for (const KeepersRelic& r : rs)
        if (r.type == type && r.value > 0) seen(r.value);
    };
    for (const auto& f : kb.forests) scan(f);
    for (const auto& c : kb.clearings) scan(c);
    scan(kb.pending);
    for (int8_t v : kb.recovered[type]) seen(v);
    rng.Shuffle(pool);
    for (auto& f : kb.forests) {
      for (KeepersRelic& r : f) {
        if (r.type != type || r.value > 0) continue;
        r.value = pool.empty() ? kRelicValues[0] : pool.back();
        if (!pool.empty()) pool.pop_back();
      }
    }
  }
}

// Law 9.3.4: an item under each ruin still holding one, drawn from the
// "R" item sets of the seated Vagabonds.
void HideRuinItems(State& s, const Observation& o, Rng& rng) {
  if (o.ruins_with_items.empty()) return;
  // One set per seated Vagabond (Law 9.7.1), one without (Law 14.3.3).
  std::vector<int8_t> pool;
  for (size_t set = 0; set < std::max<size_t>(1, o.vagabonds.size()); ++set) {
    for (int8_t item : kRuinItemKinds) pool.push_back(item);
  }
  rng.Shuffle(pool);
  VagabondBoard& vb = s.mutable_vagabond(kVagabond);
  for (int8_t c : o.ruins_with_items) {
    if (pool.empty()) break;
    vb.ruin_item[c] = static_cast<int8_t>(pool.back() + 1);
    pool.pop_back();
  }
}

// The items each Vagabond brought into play (its box) and removed from
// the game are not all public: they are set so that every item is
// accounted for (State::CheckInvariants), the surplus counted as brought
// in by the first Vagabond, a shortfall as removed from the game.
void BalanceItems(State& s) {
  // The item supply of a new game whose setup takes no item: the box.
  static const std::array<int8_t, kNumItems> kItemSupply = [] {
    GameSetup g;
    g.factions = {kMarquise, kEyrie};
    return State::NewGame(g, 1)->item_supply();
  }();
  VagabondBoard& first = s.mutable_vagabond(kVagabond);
  for (int i = 0; i < kNumItems; ++i) {
    int n = s.item_supply()[i] + s.hundreds().HeldItems(i);
    int box = kItemSupply[i];
    for (int seat = 0; seat < s.num_seats(); ++seat) n += s.seat(seat).items[i];
    for (int f : {kVagabond, kVagabond2}) {
      const VagabondBoard& vb = s.vagabond(f);
      for (const VItem& it : vb.items) n += it.kind == i;
      for (int8_t r : vb.ruin_item) n += r - 1 == i;
      if (f != kVagabond) box += vb.box[i] - vb.removed[i];
    }
    first.box[i] = static_cast<int8_t>(std::max(0, n - box));
    first.removed[i] = static_cast<int8_t>(std::max(0, box - n));
  }
}

}  // namespace

bool Determinizable(const InfoState& info) {
  if (info.obs.phase == kPhaseSetup || info.obs.turn <= 0) return false;
  if (info.obs.seats.size() != info.setup.factions.size()) return false;
  if (info.obs.current_seat < 0 ||
      info.obs.current_seat >= static_cast<int>(info.obs.seats.size()))
    return false;
  for (int8_t f : info.setup.factions) {
    if (!Supported(f)) return false;
  }
  return info.setup.hirelings.empty() && info.setup.landmarks.empty();
}

absl::StatusOr<Determinizer> Determinizer::Create(const InfoState& info,
                                                  bool record_events) {
  if (!Determinizable(info))
    return absl::UnimplementedError("table or phase not supported");
  GameSetup setup = info.setup;
  setup.record_events = record_events;
  absl::StatusOr<State> s = State::NewGame(setup, 1);
  if (!s.ok()) return s.status();
  // Law 20.8: the Exiles and Partisans deck's card state is not rebuilt.
  if (s->exiles_deck()) return absl::UnimplementedError("exiles deck");
  if (static_cast<int>(info.obs.clearings.size()) != s->map().num_clearings)
    return absl::InvalidArgumentError("observation does not fit the map");
  s->ClearForScenario();
  PlacePieces(*s, info.obs);
  if (absl::Status e = PlaceCards(*s, info.obs); !e.ok()) return e;
  PlaceBoards(*s, info.obs);
  if (absl::Status e = PlaceExpansionBoards(*s, info.obs); !e.ok()) return e;
  return Determinizer(info, *std::move(s));
}

State Determinizer::Deal(uint64_t seed) const {
  State s = base_;
  Rng rng{seed * 0xD1B54A32D192ED03ULL + 0x632BE59BD9B4E019ULL};
  DealHidden(s, info_, rng);
  HideRuinItems(s, info_.obs, rng);
  if (s.SeatOf(kCorvid) >= 0) HidePlots(s, rng);
  if (s.SeatOf(kKeepers) >= 0) HideRelicValues(s, rng);
  BalanceItems(s);
  s.chance_stream() = Chance(rng.Next());
  return s;
}

State Determinizer::Sample(uint64_t seed) const {
  State s = Deal(seed);
  // The current phase of the current turn (Law 3), resumed at the faction's
  // own steps (core_tasks.cc TurnStep: 2 Birdsong, 5 Daylight, 8 Evening).
  const int8_t step = info_.obs.phase == kPhaseBirdsong   ? 2
                      : info_.obs.phase == kPhaseDaylight ? 5
                                                          : 8;
  s.SetCurrent(info_.obs.current_seat, info_.obs.phase);
  s.Push(Task{.kind = kTaskTurn,
              .seat = static_cast<int8_t>(info_.obs.current_seat),
              .step = step});
  s.Run();
  return s;
}

// The expansion factions' turn scratch (Law 10-15): what a turn in progress
// counts that no view shows.
void CopyExpansionControl(const State& from, State& to) {
  if (to.SeatOf(kCult) >= 0)
    to.mutable_cult().scored = from.cult().scored;  // Law 10.5.3
  if (to.SeatOf(kRiverfolk) >= 0)
    to.mutable_riverfolk().pending_commit = from.riverfolk().pending_commit;
  if (to.SeatOf(kDuchy) >= 0) {  // Law 12.5.1-12.5.2
    DuchyBoard& d = to.mutable_duchy();
    d.actions = from.duchy().actions;
    d.used = from.duchy().used;
    d.failure_pending = from.duchy().failure_pending;
  }
  if (to.SeatOf(kCorvid) >= 0) {  // Law 13.5.2, 13.7.4
    to.mutable_corvid().plotted = from.corvid().plotted;
    to.mutable_corvid().exposing = from.corvid().exposing;
  }
  if (to.SeatOf(kHundreds) >= 0) {  // Law 14.2.4-14.2.5, 14.4.2, 14.7.7
    HundredsBoard& h = to.mutable_hundreds();
    h.pending_item = from.hundreds().pending_item;
    h.pending_vp = from.hundreds().pending_vp;
    h.loot_clearing = from.hundreds().loot_clearing;
    h.loot_target = from.hundreds().loot_target;
    h.stubborn_used = from.hundreds().stubborn_used;
    h.quota = from.hundreds().quota;
  }
  if (to.SeatOf(kKeepers) >= 0) {  // Law 15.4, 15.5.2, 15.2.4
    KeepersBoard& k = to.mutable_keepers();
    k.encamped = from.keepers().encamped;
    k.decamped = from.keepers().decamped;
    k.to_act = from.keepers().to_act;
    k.devout_used = from.keepers().devout_used;
  }
}

void CopyTurnControl(const State& from, State& to) {
  to.ResetStack();
  to.mutable_stack() = from.stack();
  to.SetCurrent(from.current_seat(), from.phase());
  to.battle() = from.battle();
  to.craft_used() = from.craft_used();
  if (from.daylight_closed()) to.close_daylight();
  for (int i = 0; i < to.num_seats(); ++i)
    to.mutable_seat(i).used_effects = from.seat(i).used_effects;
  // Law 6.4-6.6: the Marquise's actions and a build or placement under way.
  const MarquiseBoard& fm = from.marquise();
  MarquiseBoard& tm = to.mutable_marquise();
  tm.actions = fm.actions;
  tm.recruited = fm.recruited;
  tm.build_type = fm.build_type;
  tm.build_clearing = fm.build_clearing;
  tm.wood_left = fm.wood_left;
  tm.quota = fm.quota;
  // Law 7.4-7.5: the Decree resolved so far, the cards added this Birdsong.
  EyrieBoard& te = to.mutable_eyrie();
  te.resolved = from.eyrie().resolved;
  te.added = from.eyrie().added;
  te.added_bird = from.eyrie().added_bird;
  to.mutable_alliance().ops_used = from.alliance().ops_used;  // Law 8.5
  for (int f : {kVagabond, kVagabond2}) {
    if (to.SeatOf(f) < 0) continue;
    const VagabondBoard& fv = from.vagabond(f);
    VagabondBoard& tv = to.mutable_vagabond(f);
    tv.aids = fv.aids;  // Law 9.2.9.I: aids this turn
    tv.battle_ally = fv.battle_ally;
    tv.ally_lost = fv.ally_lost;
    tv.damaged_in_battle = fv.damaged_in_battle;
    tv.improvised = fv.improvised;
    tv.protecting = fv.protecting;
  }
  CopyExpansionControl(from, to);
}

State Determinizer::Resume(uint64_t seed, const State& control) const {
  State s = Deal(seed);
  CopyTurnControl(control, s);
  s.Run();
  return s;
}

bool RootMatches(const State& s, int seat,
                 const std::vector<std::string>& labels) {
  if (s.IsTerminal() || s.deciding_seat() != seat ||
      s.options().size() != labels.size())
    return false;
  for (size_t i = 0; i < labels.size(); ++i) {
    if (s.OptionLabel(s.options()[i]) != labels[i]) return false;
  }
  return true;
}

bool AlignRoot(State& s, int seat, const std::vector<std::string>& labels,
               int max_skips) {
  for (int skip = 0;; ++skip) {
    if (RootMatches(s, seat, labels)) return true;
    if (skip == max_skips || s.IsTerminal() || s.deciding_seat() != seat)
      return false;
    const auto& opts = s.options();
    auto done = std::find_if(opts.begin(), opts.end(), [](const Option& o) {
      return o.kind == kOptDone;
    });
    if (done == opts.end() ||
        !s.Apply(static_cast<int>(done - opts.begin())).ok())
      return false;
  }
}

}  // namespace woodland::rules
