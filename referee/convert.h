// Conversions from the rules engine's types to the public proto contract.
// Everything a seat receives is built here from rules::Observe(), so a
// seat never gets more than Law 1.2 allows.
#ifndef WOODLAND_REFEREE_CONVERT_H_
#define WOODLAND_REFEREE_CONVERT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "referee/rules/observation.h"
#include "referee/rules/state.h"
#include "woodland/v1/bot.pb.h"
#include "woodland/v1/game.pb.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::referee {

v1::Faction FactionToProto(int faction);
// -1 for FACTION_UNSPECIFIED or unknown values.
int FactionFromProto(v1::Faction f);
v1::Suit SuitToProto(int suit);
v1::EndReason EndReasonToProto(rules::EndReason r);

void CardToProto(const rules::State& s, rules::CardId id, v1::Card* out);
v1::Prompt PromptToProto(const rules::State& s);
// The same into `out` (a reused message keeps its strings' buffers).
void PromptToProto(const rules::State& s, v1::Prompt* out);
void OptionToProto(const rules::State& s, const rules::Option& o,
                   v1::Option* out);

// Issue 19.3: Observation fields 30 (the supplies) and 18 (the Riverfolk's
// board) of the view `o` of `s`, appended to `out` as the very bytes of
// their serialization (ObservationToProto with only that field), written
// by hand: no message built.
void AppendSupplyField(const rules::State& s, const rules::Observation& o,
                       std::string* out);
void AppendRiverfolkField(const rules::State& s, const rules::Observation& o,
                          std::string* out);
// One seated faction's entry of field 30 (its supply, Law 1.5.1), `own`
// when the view is its seat's (the Corvids' plots by kind, 13.2.2.I).
void AppendFactionSupplyEntry(const rules::State& s, int faction, bool own,
                              std::string* out);
// The same for field 16 (the first Vagabond's board) or 23 (every
// Vagabond's), `number`.
void AppendVagabondField(const rules::State& s, const rules::Observation& o,
                         int number, std::string* out);
// The same for field 31, the turn's progress (ProgressToProto's bytes).
void AppendProgressField(const rules::State& s, std::string* out);
// Issue 19.3: each card's serialized Card (CardToProto's bytes; "no card"
// is an empty Card), made once: one KeptCards per match (the deck is the
// match's).
class KeptCards {
 public:
  const std::string& Of(const rules::State& s, rules::CardId id);

 private:
  std::vector<std::string> bytes_;
  std::vector<bool> made_;
};
// The same as AppendSupplyField for field 13, 14 or 15 (`number`): the
// Marquise's, the Eyrie's or the Alliance's board (BaseBoardsToProto's),
// nothing when not seated; its cards from `cards`.
void AppendBaseBoardField(const rules::State& s, const rules::Observation& o,
                          int number, KeptCards& cards, std::string* out);
// The same for field 17, the Lizard Cult's board (CultViewToProto's),
// nothing when not seated.
void AppendCultField(const rules::State& s, const rules::Observation& o,
                     KeptCards& cards, std::string* out);
// The same for field 12, the hands shown to the viewer (the Codebreakers
// card's look at another hand), each card from `cards`.
void AppendRevealedHandsField(const rules::State& s,
                              const rules::Observation& o, KeptCards& cards,
                              std::string* out);
// Issue 19.3: seat `i`'s public view (SeatViewToProto's) as an entry of
// Observation field 6, its tag, size and bytes, written by hand.
void AppendSeatViewEntry(const rules::State& s, const rules::Observation& o,
                         int i, KeptCards& cards, std::string* out);

// Issue 19.3: the option labels of one match, each made once where the
// label depends only on the option and the match's map and deck (a card, a
// clearing, a move and whether it crosses by the Ferry, a suit, a Decree
// card, an item, a quest, a forest, a piece, a faction or a battle not
// against a hireling, Done, Yes, a count (with the prompt's clearings for
// a move's), a leader, a character, the extras but the Exiles deck's and
// the hirelings', and the actions of the Marquise, the Eyrie, the Alliance
// and the Corvids); every other label made anew. Of(s, o) is s.OptionLabel(o),
// valid until the next call. The labels, and the options' entries kept with
// them, are the match's own: one OptionLabels per match, never shared by
// the matches a thread runs in turn (their maps and decks differ).
class OptionLabels {
 public:
  const std::string& Of(const rules::State& s, const rules::Option& o);
  // Issue 19.3: appends OptionToProto(s, o, ..., this) to `out` as an entry
  // of the repeated field `number` (its tag, size and serialization); an
  // option whose label is kept has its entry kept with it (the option's
  // payload depends on nothing else), and one whose label is made anew
  // reuses the entry it last had if its label is the same (its payload
  // reads only the option and an action's module, but a hireling's).
  // Returns where the label lies in `out`.
  struct Span {
    size_t offset = 0, size = 0;
  };
  Span AppendEntry(const rules::State& s, const rules::Option& o, int number,
                   std::string* out);

 private:
  struct Kept {
    std::string label;
    std::string entry;  // made when first appended
    int entry_number = 0;
    size_t label_offset = 0;  // in `entry`
  };
  // The label of `o`, and its kept record if it is kept (else made_, and
  // made_key_ the option's key).
  Kept* Find(const rules::State& s, const rules::Option& o);
  // The entry `o` (whose label made_ was made anew) last had, with its
  // label; null when its payload reads the hirelings' state.
  Kept* LastMade(const rules::State& s, const rules::Option& o);
  // Appends OptionToProto(s, o, ..., this) as an entry of field `number`;
  // returns the label's offset in what it appended.
  size_t AppendMade(const rules::State& s, const rules::Option& o,
                    const std::string& label, int number, std::string* out);
  absl::flat_hash_map<uint64_t, Kept> kept_, last_made_;
  std::string made_;
  uint64_t made_key_ = 0;
  std::unique_ptr<v1::Option> scratch_;
};
// As OptionToProto, the label from `labels`.
void OptionToProto(const rules::State& s, const rules::Option& o,
                   v1::Option* out, OptionLabels* labels);
// All of it but the label (read from `out` where the payload repeats it).
void OptionPayloadToProto(const rules::State& s, const rules::Option& o,
                          v1::Option* out);
void QuestToProto(int quest, v1::QuestChoice* out);
// The observation for `seat` (Law 1.2).
void ObservationToProto(const rules::State& s, int seat, v1::Observation* out);
// The same from the seat's rules::Observe(s, seat) `o`. Issue 19.3: only
// some fields (the view cache, referee/view_cache.h, keeps the others' bytes):
// field n (every Observation field number is below 64) where bit n of
// `fields` is set.
inline constexpr uint64_t kAllObservationFields = ~uint64_t{0};
void ObservationToProto(const rules::State& s, const rules::Observation& o,
                        v1::Observation* out, uint64_t fields);
// Parts of that observation: clearing `c` (an entry of field 5, clearings)
// and seat `i` (an entry of field 6, seats).
void ClearingViewToProto(const rules::State& s, const rules::Observation& o,
                         int c, v1::ClearingView* out);
void SeatViewToProto(const rules::State& s, const rules::Observation& o, int i,
                     v1::SeatView* out);
// The Marquise's, Eyrie's and Alliance's boards of an observation (as
// ObservationToProto fills them; also the search's reduced playout request).
void BaseBoardsToProto(const rules::State& s, const rules::Observation& o,
                       v1::Observation* out);
// One seated Vagabond's public board (an entry of Observation.vagabonds),
// for the search's reduced playout request (bots/search/playout_policy.cc).
void VagabondViewToProto(const rules::State& s, const rules::Observation& o,
                         int faction, const rules::VagabondBoard& board,
                         v1::VagabondView* out);
// The static game for MatchStart (issue 13 item 3): map, cards, boxes.
void GameDefinitionToProto(const rules::State& s, v1::GameDefinition* out);
// The faction whose action codes a kOptAction option of the current prompt
// uses (ActionChoice.module), and the Decree column's key ("recruit", ...).
int ActionModule(const rules::State& s);
std::string ColumnKey(int column);
// An event as `seat` may see it (seat < 0: a spectator).
void EventToProto(const rules::State& s, const rules::Event& e, int seat,
                  v1::Event* out);
// Issue 19.3: appends the very bytes of EventToProto(s, e, seat)'s
// serialization to `out`, its fields 1-9 written by hand (only the payload
// is built, in `scratch`).
void AppendEventBytes(const rules::State& s, const rules::Event& e, int seat,
                      std::string* out, v1::Event* scratch);

// Issue 13 item 4: the "board" event of `seat`. `shown` holds what the seat
// was last shown of the fields the other events do not rebuild (every
// Observation field but seat, clearings, hand and item_supply; empty before
// its first request); `now` is its new view. Sets `out` and returns true
// when any of those fields differs, and updates `shown`.
bool BoardEventToProto(const rules::State& s, int seat,
                       const v1::Observation& now, v1::Observation* shown,
                       v1::Event* out);
// Whether the board event covers this Observation field (by name).
bool BoardEventCovers(const std::string& field);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_CONVERT_H_
