// The expansion factions' boards (Law 10-15) as a seat sees them, decoded
// from the Observation's views (game.proto CultView ... KeepersView) into
// the rules boards of a rules::Observation: the inverse of
// referee/convert_factions.cc for what the determinizer needs. Hidden parts
// stay hidden: face-down plots are kPlotHidden pieces in the clearings
// (decoded with the clearings), face-down relics have value 0.
#ifndef WOODLAND_BOTS_SEARCH_INFO_EXPANSION_H_
#define WOODLAND_BOTS_SEARCH_INFO_EXPANSION_H_

#include "absl/status/status.h"
#include "referee/rules/observation.h"
#include "woodland/v1/game.pb.h"

namespace woodland::bots {

// Fills o.cult, o.riverfolk, o.riverfolk_hand, o.duchy, o.corvid,
// o.hundreds and o.keepers from `p` (empty views leave empty boards).
// `num_forests` sizes the Keepers' forests.
absl::Status DecodeExpansionBoards(const v1::Observation& p, int num_forests,
                                   rules::Observation& o);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_INFO_EXPANSION_H_
