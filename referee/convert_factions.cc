#include "referee/convert_factions.h"

#include "referee/convert.h"

namespace woodland::referee {

// The Lizard Cult (Law 10).
void CultViewToProto(const rules::State& s, const rules::Observation& o,
                     v1::CultView* out) {}

// The Riverfolk Company (Law 11).
void RiverfolkViewToProto(const rules::State& s, const rules::Observation& o,
                          v1::RiverfolkView* out) {}

// The Underground Duchy (Law 12).
void DuchyViewToProto(const rules::State& s, const rules::Observation& o,
                      v1::DuchyView* out) {}

// The Corvid Conspiracy (Law 13).
void CorvidViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::CorvidView* out) {}

// The Lord of the Hundreds (Law 14).
void HundredsViewToProto(const rules::State& s, const rules::Observation& o,
                         v1::HundredsView* out) {}

// The Keepers in Iron (Law 15), from the observation (face-down relic
// values already redacted to 0 by ObserveKeepers).
namespace {

constexpr const char* kRelicTypeNames[] = {"figure", "tablet", "jewelry"};
constexpr const char* kRetinueNames[] = {"move", "battle_then_delve",
                                         "move_or_recover"};

void KeepersRelicsToProto(const std::vector<rules::KeepersRelic>& relics,
                          v1::KeepersRelicPlace* out) {
  for (const rules::KeepersRelic& r : relics) {
    v1::KeepersRelic* p = out->add_relics();
    p->set_type(kRelicTypeNames[r.type]);
    p->set_value(r.value);
    p->set_face_up(r.face_up);
  }
}

}  // namespace

void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {
  const rules::KeepersBoard& kb = o.keepers;
  for (size_t f = 0; f < kb.forests.size(); ++f) {
    v1::KeepersRelicPlace* p = out->add_relics();
    p->set_forest(static_cast<int>(f) + 1);
    KeepersRelicsToProto(kb.forests[f], p);
  }
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (kb.clearings[c].empty()) continue;
    v1::KeepersRelicPlace* p = out->add_relics();
    p->set_clearing(c + 1);
    KeepersRelicsToProto(kb.clearings[c], p);
  }
  for (int t = 0; t < rules::kRelicTypes; ++t) {
    v1::KeepersRelicRow* row = out->add_recovered();
    row->set_type(kRelicTypeNames[t]);
    for (int8_t v : kb.recovered[t]) row->add_values(v);
  }
  for (int i = 0; i < 3; ++i) {  // Law 15.2.2: front i, back i + 1
    v1::KeepersWaystation* w = out->add_waystations();
    w->set_front(kRelicTypeNames[i]);
    w->set_back(kRelicTypeNames[(i + 1) % 3]);
    w->set_shown(kRelicTypeNames[kb.flipped[i] ? (i + 1) % 3 : i]);
    w->set_clearing(kb.waystation[i] + 1);
  }
  for (int col = 0; col < 3; ++col) {
    v1::KeepersRetinueColumn* c = out->add_retinue();
    c->set_column(kRetinueNames[col]);
    int retainers = 0;
    for (int16_t id : kb.retinue[col]) {
      if (id == rules::kFaithfulRetainer) {
        ++retainers;
      } else {
        CardToProto(s, id, c->add_cards());
      }
    }
    c->set_faithful_retainers(retainers);
  }
  out->set_retainers_removed(kb.retainers_removed);
  v1::KeepersRelicPlace pending;
  KeepersRelicsToProto(kb.pending, &pending);
  *out->mutable_awaiting_forest() = pending.relics();
}

}  // namespace woodland::referee
