#include "referee/convert_factions.h"

#include "referee/convert.h"

namespace woodland::referee {

// The Lizard Cult (Law 10).
void CultViewToProto(const rules::State& s, const rules::Observation& o,
                     v1::CultView* out) {
  const rules::CultBoard& cb = o.cult;
  if (cb.outcast >= 0) out->set_outcast(SuitToProto(cb.outcast));
  out->set_hated(cb.hated);
  out->set_acolytes(cb.acolytes);
  for (rules::CardId id : cb.lost_souls)
    CardToProto(s, id, out->add_lost_souls());
  for (rules::CardId id : cb.revealed) CardToProto(s, id, out->add_revealed());
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    out->add_gardens_on_tracks(s.piece_supply(rules::kGardenFox + suit));
    if (cb.scored >> suit & 1) out->add_scored_this_turn(SuitToProto(suit));
  }
}

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

// The Keepers in Iron (Law 15).
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {}

}  // namespace woodland::referee
