#include "bots/search/info_expansion.h"

#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "referee/rules/state.h"

namespace woodland::bots {
namespace {

using rules::CardId;

int Faction(v1::Faction f) {
  const int v = static_cast<int>(f) - 1;
  return v >= 0 && v < rules::kNumFactions ? v : -1;
}

int Suit(v1::Suit s) { return static_cast<int>(s) - 1; }

template <typename Out>
void Cards(const google::protobuf::RepeatedPtrField<v1::Card>& in, Out& out) {
  for (const v1::Card& c : in) out.push_back(static_cast<CardId>(c.id()));
}

void Counts(const google::protobuf::RepeatedPtrField<v1::FactionCount>& in,
            std::array<int8_t, rules::kNumFactions>& out) {
  for (const v1::FactionCount& fc : in) {
    const int f = Faction(fc.faction());
    if (f >= 0) out[f] = static_cast<int8_t>(fc.count());
  }
}

// Law 10: the Lizard Cult's board is public.
void DecodeCult(const v1::CultView& v, rules::CultBoard& b) {
  b.outcast = static_cast<int8_t>(Suit(v.outcast()));
  b.hated = v.hated();
  b.acolytes = static_cast<int8_t>(v.acolytes());
  Cards(v.lost_souls(), b.lost_souls);
  Cards(v.revealed(), b.revealed);
  for (int s : v.scored_this_turn()) {
    const int suit = s - 1;
    if (suit >= 0 && suit < 8) b.scored |= 1 << suit;
  }
}

// Law 11: everything about the Riverfolk is public, their hand too (11.2.3).
void DecodeRiverfolk(const v1::RiverfolkView& v, int turn,
                     rules::RiverfolkBoard& b, std::vector<CardId>& hand) {
  Counts(v.payments(), b.payments);
  Counts(v.funds(), b.funds);
  Counts(v.committed(), b.committed);
  b.prices[rules::kServiceHandCard] = static_cast<int8_t>(v.price_hand_card());
  b.prices[rules::kServiceRiverboats] =
      static_cast<int8_t>(v.price_riverboats());
  b.prices[rules::kServiceMercenaries] =
      static_cast<int8_t>(v.price_mercenaries());
  for (const v1::PieceCount& pc : v.trade_posts_removed()) {
    for (int suit = 0; suit < 3; ++suit) {
      if (rules::GetPieceInfo(rules::kTradePostFox + suit).name == pc.piece())
        b.posts_gone[suit] = static_cast<int8_t>(pc.count());
    }
  }
  Cards(v.hand(), hand);
  if (const int f = Faction(v.riverboats_for()); f >= 0) {
    b.boats_for = static_cast<int8_t>(f);
    b.boats_turn = static_cast<int16_t>(turn);
  }
  if (const int f = Faction(v.mercenaries_for()); f >= 0) {
    b.mercs_for = static_cast<int8_t>(f);
    b.mercs_turn = static_cast<int16_t>(turn);
  }
}

// Law 12: the Duchy's board is public.
absl::Status DecodeDuchy(const v1::DuchyView& v, rules::DuchyBoard& b) {
  b.burrow = static_cast<int8_t>(v.burrow_warriors());
  for (const v1::DuchyView::Minister& m : v.ministers()) {
    int id = -1;
    for (int k = 0; k < rules::kNumMinisters; ++k) {
      if (rules::DuchyMinisterName(k) == m.name()) id = k;
    }
    if (id < 0) return absl::InvalidArgumentError(m.name());
    if (m.swayed()) b.swayed |= 1 << id;
    if (m.acted()) b.used |= 1 << id;
  }
  for (int r = 0; r < rules::kNumRanks && r < v.crowns_lost_size(); ++r)
    b.crowns_lost[r] = static_cast<int8_t>(v.crowns_lost(r));
  Cards(v.revealed(), b.revealed);
  b.actions = static_cast<int8_t>(v.assembly_actions_taken());
  return absl::OkStatus();
}

// Law 13: which plots are face up; their kinds are pieces in the clearings.
void DecodeCorvid(const v1::CorvidView& v, rules::CorvidBoard& b) {
  for (const v1::CorvidPlot& plot : v.plots()) {
    if (plot.face_up() && plot.clearing() >= 1 && plot.clearing() <= 16)
      b.face_up |= 1 << (plot.clearing() - 1);
  }
  b.plotted = static_cast<int8_t>(v.plotted_this_turn());
}

// Law 14: the Hundreds' board is public.
absl::Status DecodeHundreds(const v1::HundredsView& v,
                            rules::HundredsBoard& b) {
  b.warlord = static_cast<int8_t>(v.warlord_clearing() - 1);
  b.warlord_on_coffins = b.warlord < 0 && v.warlord_on_coffin_makers();
  b.mood = -1;
  for (int m = 0; m < rules::kNumMoods; ++m) {
    if (absl::AsciiStrToLower(rules::HundredsMoodName(m)) == v.mood())
      b.mood = static_cast<int8_t>(m);
  }
  if (b.mood < 0) return absl::InvalidArgumentError(v.mood());
  auto items = [](const auto& in, std::array<int8_t, rules::kNumItems>& out) {
    for (const v1::ItemCount& c : in) {
      const int item = rules::ParseItem(c.item());
      if (item < 0) return absl::InvalidArgumentError(c.item());
      out[item] = static_cast<int8_t>(out[item] + c.count());
    }
    return absl::OkStatus();
  };
  if (auto e = items(v.command_track(), b.hoard); !e.ok()) return e;
  if (auto e = items(v.prowess_track(), b.hoard); !e.ok()) return e;
  return items(v.removed_items(), b.removed);
}

int RelicType(const std::string& name) {
  static constexpr const char* kNames[] = {"figure", "tablet", "jewelry"};
  for (int t = 0; t < rules::kRelicTypes; ++t) {
    if (name == kNames[t]) return t;
  }
  return -1;
}

absl::Status Relics(
    const google::protobuf::RepeatedPtrField<v1::KeepersRelic>& in,
    std::vector<rules::KeepersRelic>& out) {
  for (const v1::KeepersRelic& r : in) {
    const int type = RelicType(r.type());
    if (type < 0) return absl::InvalidArgumentError(r.type());
    out.push_back({static_cast<int8_t>(type), static_cast<int8_t>(r.value()),
                   r.face_up()});
  }
  return absl::OkStatus();
}

// Law 15: the Keepers' board; face-down relic values stay 0 (15.3.1).
absl::Status DecodeKeepers(const v1::KeepersView& v, int num_forests,
                           rules::KeepersBoard& b) {
  b.forests.assign(num_forests, {});
  for (const v1::KeepersRelicPlace& place : v.relics()) {
    std::vector<rules::KeepersRelic>* into = nullptr;
    if (place.forest() >= 1 && place.forest() <= num_forests)
      into = &b.forests[place.forest() - 1];
    if (place.clearing() >= 1 && place.clearing() <= rules::kMaxClearings)
      into = &b.clearings[place.clearing() - 1];
    if (into == nullptr) return absl::InvalidArgumentError("relic place");
    if (auto e = Relics(place.relics(), *into); !e.ok()) return e;
  }
  for (const v1::KeepersRelicRow& row : v.recovered()) {
    const int type = RelicType(row.type());
    if (type < 0) return absl::InvalidArgumentError(row.type());
    for (int val : row.values())
      b.recovered[type].push_back(static_cast<int8_t>(val));
  }
  for (int i = 0; i < 3 && i < v.waystations_size(); ++i) {
    const v1::KeepersWaystation& w = v.waystations(i);
    b.waystation[i] = static_cast<int8_t>(w.clearing() - 1);
    b.flipped[i] = w.shown() != w.front();
  }
  for (int col = 0; col < 3 && col < v.retinue_size(); ++col) {
    Cards(v.retinue(col).cards(), b.retinue[col]);
    for (int r = 0; r < v.retinue(col).faithful_retainers(); ++r)
      b.retinue[col].push_back(rules::kFaithfulRetainer);
  }
  b.retainers_removed = static_cast<int8_t>(v.retainers_removed());
  return Relics(v.awaiting_forest(), b.pending);
}

}  // namespace

absl::Status DecodeExpansionBoards(const v1::Observation& p, int num_forests,
                                   rules::Observation& o) {
  if (p.has_cult()) DecodeCult(p.cult(), o.cult);
  if (p.has_riverfolk())
    DecodeRiverfolk(p.riverfolk(), p.turn(), o.riverfolk, o.riverfolk_hand);
  if (p.has_duchy()) {
    if (auto e = DecodeDuchy(p.duchy(), o.duchy); !e.ok()) return e;
  }
  if (p.has_corvid()) DecodeCorvid(p.corvid(), o.corvid);
  if (p.has_hundreds()) {
    if (auto e = DecodeHundreds(p.hundreds(), o.hundreds); !e.ok()) return e;
  }
  if (p.has_keepers())
    return DecodeKeepers(p.keepers(), num_forests, o.keepers);
  return absl::OkStatus();
}

}  // namespace woodland::bots
