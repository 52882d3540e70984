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

// The Keepers in Iron (Law 15).
void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {}

}  // namespace woodland::referee
