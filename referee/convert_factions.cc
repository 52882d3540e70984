#include "referee/convert_factions.h"

#include <string>

#include "absl/strings/ascii.h"
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
                         v1::HundredsView* out) {
  const rules::HundredsBoard& hb = o.hundreds;
  out->set_warlord_clearing(hb.warlord + 1);
  out->set_mood(absl::AsciiStrToLower(rules::HundredsMoodName(hb.mood)));
  for (int i = 0; i < rules::kNumItems; ++i) {
    const int track = rules::HundredsBoard::TrackOf(i);
    if (hb.hoard[i] > 0 && track >= 0) {
      v1::ItemCount* c =
          track == 0 ? out->add_command_track() : out->add_prowess_track();
      c->set_item(std::string(rules::ItemName(i)));
      c->set_count(hb.hoard[i]);
    }
    if (hb.removed[i] > 0) {
      v1::ItemCount* c = out->add_removed_items();
      c->set_item(std::string(rules::ItemName(i)));
      c->set_count(hb.removed[i]);
    }
  }
  out->set_command(hb.Command());
  out->set_prowess(hb.Prowess());
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    if (o.clearings[c].pieces[rules::kMob] > 0)
      out->add_mob_clearings(static_cast<int32_t>(c) + 1);
  }
}

// The Keepers in Iron (Law 15).
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {}

}  // namespace woodland::referee
