// Readable prompt texts and option labels.
#include "absl/strings/str_cat.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"

namespace woodland::rules {

absl::string_view EyrieLeaderName(int leader);
absl::string_view EyrieColumnName(int col);

std::string State::PromptText() const {
  const PromptInfo& info = GetPromptInfo(prompt_.kind);
  return info.text ? info.text(*this, prompt_) : std::string();
}

absl::string_view State::PromptLaw() const {
  return GetPromptInfo(prompt_.kind).law;
}

absl::string_view State::PromptKey() const {
  return GetPromptInfo(prompt_.kind).key;
}

std::string State::OptionLabel(const Option& o) const {
  switch (o.kind) {
    case kOptDone:
      return "Done";
    case kOptYes:
      return "Yes";
    case kOptCard:
      return CardName(*this, o.card);
    case kOptClearing:
      return ClearingName(*this, o.a);
    case kOptMove:
      return absl::StrCat("Move from ", ClearingName(*this, o.a), " to ",
                          ClearingName(*this, o.b));
    case kOptCount:
      if (prompt_.kind == kPromptMoveCount) {
        return absl::StrCat("Move ", int{o.a},
                            o.a == 1 ? " warrior" : " warriors", " from ",
                            ClearingName(*this, prompt_.a), " to ",
                            ClearingName(*this, prompt_.b));
      }
      return absl::StrCat(int{o.a});
    case kOptBattle:
      return absl::StrCat("Battle ", FactionName(o.b), " in ",
                          ClearingName(*this, o.a));
    case kOptFaction:
      if (o.card != kNoCard) {
        return absl::StrCat(card(o.card).name, ": ", FactionName(o.a));
      }
      return std::string(FactionName(o.a));
    case kOptPiece:
      return std::string(GetPieceInfo(o.a).name);
    case kOptAction: {
      const FactionModule* m = GetFaction(seats_[prompt_.seat].faction);
      return m->ActionLabel(*this, o);
    }
    case kOptSuit:
      if (o.b >= 0) {  // an Eyrie Decree card: a = suit, b = column
        return o.card == kNoCard ? absl::StrCat("Loyal Vizier (bird) in ",
                                                EyrieColumnName(o.b))
                                 : absl::StrCat(CardName(*this, o.card), " in ",
                                                EyrieColumnName(o.b));
      }
      return std::string(SuitName(o.a));
    case kOptDecree:
      return absl::StrCat("Add ", CardName(*this, o.card), " to the ",
                          EyrieColumnName(o.a), " column");
    case kOptLeader:
      return std::string(EyrieLeaderName(o.a));
    case kOptEffect: {
      const Task& t = stack_[stack_.size() - 1 - stack_.back().a + o.a];
      std::string name(GetTaskHandler(t.kind).name);
      return t.a >= 0 && t.a < def_->map.num_clearings
                 ? absl::StrCat(name, " in ", ClearingName(*this, t.a))
                 : name;
    }
    case kOptExtra:
      switch (o.a) {
        case kExtraActivateDominance:
          return absl::StrCat("Activate ", CardName(*this, o.card));
        case kExtraTakeDominance:
          return absl::StrCat("Take the available ", CardName(*this, o.card));
        case kExtraTaxCollector:
          return "Use Tax Collector";
        case kExtraCodebreakers:
          return "Use Codebreakers";
      }
  }
  return "?";
}

}  // namespace woodland::rules
