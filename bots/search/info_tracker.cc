#include "bots/search/info_tracker.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "bots/search/info_expansion.h"

namespace woodland::bots {
namespace {

using rules::CardId;

int Faction(v1::Faction f) {
  const int v = static_cast<int>(f) - 1;
  return v >= 0 && v < rules::kNumFactions ? v : -1;
}

int PieceByName(const std::string& name) {
  for (int p = 0; p < rules::kNumPieces; ++p) {
    if (rules::GetPieceInfo(p).name == name) return p;
  }
  return -1;
}

void Cards(const google::protobuf::RepeatedPtrField<v1::Card>& in,
           std::vector<CardId>& out) {
  for (const v1::Card& c : in) out.push_back(static_cast<CardId>(c.id()));
}

void Erase(std::vector<CardId>& v, CardId id) {
  auto it = std::find(v.begin(), v.end(), id);
  if (it != v.end()) v.erase(it);
}

int Relation(const std::string& level) {
  if (level == "hostile") return rules::kHostile;
  if (level == "allied") return rules::kAllied;
  if (level == "1") return 1;
  if (level == "2") return 2;
  return 0;
}

// The board as the observation shows it: each clearing's warriors and
// pieces by faction and kind.
absl::Status ClearingsOf(const v1::Observation& p, rules::Observation& o) {
  o.clearings.assign(p.clearings_size(), rules::ClearingState{});
  for (const v1::ClearingView& c : p.clearings()) {
    if (c.id() < 1 || c.id() > p.clearings_size())
      return absl::InvalidArgumentError("bad clearing id");
    rules::ClearingState& cs = o.clearings[c.id() - 1];
    for (const auto& w : c.warriors()) {
      const int f = Faction(w.faction());
      if (f >= 0) cs.warriors[f] = static_cast<int8_t>(w.count());
    }
    for (const auto& pc : c.pieces()) {
      const int piece = PieceByName(pc.piece());
      if (piece < 0) return absl::InvalidArgumentError(pc.piece());
      cs.pieces[piece] = static_cast<int8_t>(pc.count());
    }
  }
  return absl::OkStatus();
}

// Every seat's public view: faction, points, hand size, dominance card,
// play area and items.
absl::Status SeatsOf(const v1::Observation& p, rules::Observation& o) {
  o.seats.resize(p.seats_size());
  for (const v1::SeatView& sv : p.seats()) {
    if (sv.seat() < 0 || sv.seat() >= p.seats_size())
      return absl::InvalidArgumentError("bad seat");
    rules::SeatView& v = o.seats[sv.seat()];
    v.faction = static_cast<int8_t>(Faction(sv.faction()));
    v.vp = static_cast<int16_t>(sv.victory_points());
    v.hand_size = sv.hand_size();
    if (sv.has_dominance())
      v.dominance = static_cast<CardId>(sv.dominance().id());
    Cards(sv.play_area(), v.play_area);
    for (const auto& it : sv.items()) {
      const int item = rules::ParseItem(it.item());
      if (item >= 0) v.items[item] = static_cast<int8_t>(it.count());
    }
  }
  return absl::OkStatus();
}

// What the seat sees of the cards and items: its hand, the discard pile,
// the dominance cards on offer, the deck's size and the item supply.
void CardsAndItemsOf(const v1::Observation& p, rules::Observation& o) {
  Cards(p.hand(), o.hand);
  Cards(p.discard_pile(), o.discard);
  Cards(p.available_dominance(), o.available_dominance);
  o.deck_size = p.deck_size();
  for (const auto& it : p.item_supply()) {
    const int item = rules::ParseItem(it.item());
    if (item >= 0) o.item_supply[item] = static_cast<int8_t>(it.count());
  }
}

// A Vagabond's public board (Law 9.2): character, position, items,
// relationships, quests and coalition (`coalition`: the partner's seat).
absl::Status VagabondOf(const v1::VagabondView& v, int coalition,
                        rules::Observation::VagabondPublic& vp) {
  vp.faction = static_cast<int8_t>(Faction(v.faction()));
  if (vp.faction != rules::kVagabond && vp.faction != rules::kVagabond2)
    return absl::InvalidArgumentError("bad Vagabond view");
  rules::VagabondBoard& b = vp.board;
  b.character =
      static_cast<int8_t>(rules::ParseVagabondCharacter(v.character()));
  b.clearing = static_cast<int8_t>(v.clearing() - 1);
  b.forest = static_cast<int8_t>(v.forest() - 1);
  for (const auto& it : v.items()) {
    const int item = rules::ParseItem(it.item());
    if (item < 0) return absl::InvalidArgumentError(it.item());
    b.items.push_back(
        rules::VItem{static_cast<int8_t>(item), it.exhausted(), it.damaged()});
  }
  for (const auto& rel : v.relationships()) {
    const int f = Faction(rel.faction());
    if (f >= 0) b.relation[f] = static_cast<int8_t>(Relation(rel.level()));
  }
  for (const auto& q : v.quests())
    b.quests.push_back(static_cast<int8_t>(q.quest()));
  for (const auto& q : v.quests_done())
    b.quests_done.push_back(static_cast<int8_t>(q.quest()));
  b.coalition = static_cast<int8_t>(coalition);
  b.scorched = static_cast<int8_t>(v.scorched_clearing() - 1);
  return absl::OkStatus();
}

}  // namespace

InfoTracker::InfoTracker(const v1::MatchStart& start) {
  for (int f : start.seats())
    setup_.factions.push_back(
        static_cast<int8_t>(Faction(static_cast<v1::Faction>(f))));
  if (!start.map().empty()) setup_.map = start.map();
  if (!start.deck().empty()) setup_.deck = start.deck();
  setup_.first_seat = start.first_seat();
  known_.resize(setup_.factions.size());
}

std::vector<std::string> InfoTracker::Labels(const v1::DecisionRequest& r) {
  std::vector<std::string> out;
  for (const v1::Option& o : r.options()) out.push_back(o.label());
  return out;
}

void InfoTracker::Observe(const v1::Event& e) {
  if (!e.has_card()) return;
  const CardId id = static_cast<CardId>(e.card().id());
  for (auto& hand : known_) Erase(hand, id);
  // Law 1.2: a card passed between two hands is seen by both players.
  if (e.kind() == "take_card" && e.seat() >= 0 &&
      e.seat() < static_cast<int>(known_.size()))
    known_[e.seat()].push_back(id);
}

int InfoTracker::LeaderOf(const std::string& name) const {
  if (name.empty() || names_ == nullptr) return -1;
  for (int l = 0; l < 4; ++l) {
    rules::Option o{.kind = rules::kOptLeader, .a = static_cast<int8_t>(l)};
    if (names_->OptionLabel(o) == name) return l;
  }
  return -1;
}

absl::StatusOr<rules::InfoState> InfoTracker::Update(
    const v1::DecisionRequest& r) {
  for (const v1::Event& e : r.events()) Observe(e);
  rules::InfoState info;
  if (absl::Status st = Convert(r, info); !st.ok()) return st;
  return info;
}

absl::Status InfoTracker::Convert(const v1::DecisionRequest& r,
                                  rules::InfoState& info) {
  const v1::Observation& p = r.observation();
  if (p.seats_size() != static_cast<int>(setup_.factions.size()))
    return absl::InvalidArgumentError("seats differ from MatchStart");
  // Clearing suits as the observation shows them (Law 19.1).
  setup_.suits.clear();
  for (const auto& c : p.clearings())
    setup_.suits.push_back(static_cast<int8_t>(c.suit() - 1));
  // Vagabond characters are public (Law 9.3.1).
  setup_.characters.clear();
  for (const v1::VagabondView& v : p.vagabonds()) {
    const int ch = rules::ParseVagabondCharacter(v.character());
    if (ch >= 0)
      setup_.characters.push_back(
          {static_cast<int8_t>(Faction(v.faction())), static_cast<int8_t>(ch)});
  }
  if (names_ == nullptr) {
    absl::StatusOr<rules::State> s = rules::State::NewGame(setup_, 0);
    if (!s.ok()) return s.status();
    names_ = std::make_shared<const rules::State>(*std::move(s));
  }
  info.setup = setup_;
  info.known = known_;
  rules::Observation& o = info.obs;
  o.seat = p.seat();
  o.current_seat = p.current_seat();
  o.phase = static_cast<rules::Phase>(std::max(0, p.phase() - 1));
  o.turn = p.turn();
  if (absl::Status st = ClearingsOf(p, o); !st.ok()) return st;
  if (absl::Status st = SeatsOf(p, o); !st.ok()) return st;
  CardsAndItemsOf(p, o);
  o.keep = static_cast<int8_t>(p.marquise().keep_clearing() - 1);
  o.eyrie_leader = static_cast<int8_t>(LeaderOf(p.eyrie().leader()));
  for (const std::string& d : p.eyrie().deposed_leaders()) {
    const int l = LeaderOf(d);
    if (l >= 0) o.eyrie_deposed |= 1 << l;
  }
  for (int col = 0; col < 4 && col < p.eyrie().decree_size(); ++col) {
    Cards(p.eyrie().decree(col).cards(), o.decree[col]);
    o.viziers[col] = static_cast<int8_t>(p.eyrie().decree(col).viziers());
  }
  o.supporters = p.alliance().supporters();
  Cards(p.alliance().supporter_cards(), o.supporter_cards);
  o.officers = p.alliance().officers();
  auto seat_of = [&](int faction) {
    for (int i = 0; i < static_cast<int>(setup_.factions.size()); ++i) {
      if (setup_.factions[i] == faction) return i;
    }
    return -1;
  };
  for (const v1::VagabondView& v : p.vagabonds()) {
    rules::Observation::VagabondPublic vp;
    if (absl::Status st = VagabondOf(v, seat_of(Faction(v.coalition())), vp);
        !st.ok()) {
      return st;
    }
    if (o.vagabonds.empty()) {
      o.quests = vp.board.quests;
      for (int c : v.ruins_with_items())
        o.ruins_with_items.push_back(static_cast<int8_t>(c - 1));
    }
    o.vagabonds.push_back(std::move(vp));
  }
  // Without a Vagabond the protocol shows no ruin items: with the Hundreds
  // a ruin still on the map still holds its item (Law 14.3.3).
  if (o.vagabonds.empty() && seat_of(rules::kHundreds) >= 0) {
    for (size_t c = 0; c < o.clearings.size(); ++c) {
      if (o.clearings[c].pieces[rules::kRuin] > 0)
        o.ruins_with_items.push_back(static_cast<int8_t>(c));
    }
  }
  return DecodeExpansionBoards(
      p, static_cast<int>(names_->map().forests.size()), o);
}

}  // namespace woodland::bots
