// Conversions of the expansion factions' boards (Law 10-15) to the public
// proto contract; each faction owns its function in convert_factions.cc.
#ifndef WOODLAND_REFEREE_CONVERT_FACTIONS_H_
#define WOODLAND_REFEREE_CONVERT_FACTIONS_H_

#include "referee/rules/observation.h"
#include "referee/rules/state.h"
#include "woodland/v1/game.pb.h"

namespace woodland::referee {

void CultViewToProto(const rules::State& s, const rules::Observation& o,
                     v1::CultView* out);
void RiverfolkViewToProto(const rules::State& s, const rules::Observation& o,
                          v1::RiverfolkView* out);
void DuchyViewToProto(const rules::State& s, const rules::Observation& o,
                      v1::DuchyView* out);
void CorvidViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::CorvidView* out);
void HundredsViewToProto(const rules::State& s, const rules::Observation& o,
                         v1::HundredsView* out);
void ExilesViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::ExilesView* out);
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out);
// The hirelings in play (Law 22): Observation fields 24 and 25, and (with
// `clearing_pieces`) their pieces added to the clearing views.
void HirelingsToProto(const rules::State& s, const rules::Observation& o,
                      v1::Observation* out, bool clearing_pieces = true);
// The hirelings' pieces in clearing `c`, added to its view (after the
// factions' pieces, card by card: warriors, then vaults).
void HirelingClearingPiecesToProto(const rules::HirelingsBoard& b, int c,
                                   v1::ClearingView* cv);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_CONVERT_FACTIONS_H_
