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

// The Corvid Conspiracy (Law 13). Plots come from the observation's
// clearings, where ObserveCorvid already hid face-down kinds from others.
void CorvidViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::CorvidView* out) {
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    for (int p = rules::kPlotBomb; p <= rules::kPlotHidden; ++p) {
      if (o.clearings[c].pieces[p] == 0) continue;
      v1::CorvidPlot* plot = out->add_plots();
      plot->set_clearing(static_cast<int32_t>(c) + 1);
      plot->set_plot(std::string(rules::GetPieceInfo(p).name));
      plot->set_face_up(o.corvid.FaceUp(static_cast<int>(c)));
      if (p == rules::kPlotExtortion && plot->face_up())
        out->set_face_up_extortions(out->face_up_extortions() + 1);
    }
  }
  const bool own = o.seat >= 0 && o.seat == s.SeatOf(rules::kCorvid);
  int supply = 0;
  for (int p = rules::kPlotBomb; p <= rules::kPlotRaid; ++p) {
    supply += s.piece_supply(p);
    if (own && s.piece_supply(p) > 0) {
      v1::PieceCount* pc = out->add_own_supply();
      pc->set_piece(std::string(rules::GetPieceInfo(p).name));
      pc->set_owner(FactionToProto(rules::kCorvid));
      pc->set_count(s.piece_supply(p));
    }
  }
  out->set_plots_in_supply(supply);
  out->set_plotted_this_turn(o.corvid.plotted);
}

// The Lord of the Hundreds (Law 14).
void HundredsViewToProto(const rules::State& s, const rules::Observation& o,
                         v1::HundredsView* out) {}

// The Keepers in Iron (Law 15).
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {}

}  // namespace woodland::referee
