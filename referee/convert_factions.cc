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
                      v1::DuchyView* out) {
  static constexpr const char* kRanks[] = {"squire", "noble", "lord"};
  const rules::DuchyBoard& b = o.duchy;
  out->set_burrow_warriors(b.burrow);
  for (int m = 0; m < rules::kNumMinisters; ++m) {
    v1::DuchyView::Minister* mv = out->add_ministers();
    mv->set_name(std::string(rules::DuchyMinisterName(m)));
    mv->set_rank(kRanks[rules::MinisterRank(m)]);
    mv->set_swayed(b.Swayed(m));
    mv->set_acted(b.used >> m & 1);
  }
  for (int r = 0; r < rules::kNumRanks; ++r) {
    out->add_crowns_on_board(b.CrownsLeft(r));
    out->add_crowns_lost(b.crowns_lost[r]);
  }
  for (rules::CardId id : b.revealed) CardToProto(s, id, out->add_revealed());
  out->set_assembly_actions_taken(b.actions);
}

// The Corvid Conspiracy (Law 13).
void CorvidViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::CorvidView* out) {}

// The Lord of the Hundreds (Law 14).
void HundredsViewToProto(const rules::State& s, const rules::Observation& o,
                         v1::HundredsView* out) {}

// The Keepers in Iron (Law 15).
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {}

}  // namespace woodland::referee
