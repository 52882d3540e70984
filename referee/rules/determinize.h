// Determinization: a full State built from what one seat knows.
//
// A search bot sees only its Observation (Law 1.2) and the public events.
// An InfoState holds exactly that (the public match setup, the seat's
// observation and the cards it has seen enter other hands); Determinizer
// turns it into rules States that agree with everything the seat knows and
// fill in the rest at random: other hands, the Alliance's supporters, the
// deck's order, the quest deck, the items under the ruins and the chance
// stream. Nothing here reads a referee's State: the input is the InfoState
// only, so two referee states that differ only in hidden information give
// the same determinizations for the same seed.
//
// The pending decision is rebuilt at the start of the current phase of the
// current player's turn (the task stack is not public): callers compare the
// rebuilt options with the ones they were offered (RootMatches) and search
// only when they agree. A decision later in the turn is resumed from a
// control state the seat built itself (Resume): its own earlier root with
// its own choice applied, whose task stack and turn scratch go onto a fresh
// deal of the current observation. Supported tables: every faction
// (Determinizable), without hirelings, landmarks or the Exiles and Partisans
// deck. Hidden parts of the expansion boards are dealt too: the kinds of
// face-down Corvid plots (Law 13.2.2) and face-down relic values (Law 15.3.1).
#ifndef WOODLAND_REFEREE_RULES_DETERMINIZE_H_
#define WOODLAND_REFEREE_RULES_DETERMINIZE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/rules/observation.h"
#include "referee/rules/state.h"

namespace woodland::rules {

struct InfoState {
  // Public setup: seat order, map, deck, first seat, clearing suits and
  // Vagabond characters. `max_turns` bounds playouts from the rebuilt state
  // (faction turns counted from the start of the match).
  GameSetup setup;
  Observation obs;
  // Per seat: cards this seat saw enter that hand (given to it, taken by
  // it) and not seen leave it since.
  std::vector<std::vector<CardId>> known;
};

// Whether every seated faction's board can be rebuilt.
bool Determinizable(const InfoState& info);

class Determinizer {
 public:
  // Builds the public part once (map, pieces, scores, known cards, boards);
  // fails on an unsupported table or an inconsistent observation. With
  // `record_events` its states keep the public event log (slower; for
  // following a turn, not for playouts).
  static absl::StatusOr<Determinizer> Create(const InfoState& info,
                                             bool record_events = false);

  // One determinization: hidden cards dealt from the unseen ones, the rest
  // shuffled into the deck, a fresh chance stream, the current phase
  // resumed and run to its first decision.
  State Sample(uint64_t seed) const;
  // The same before resuming: the state as the seat sees it now, hidden
  // parts dealt (what Sample resumes from).
  State Deal(uint64_t seed) const;
  // The same, resumed where `control` stands instead of at the phase's
  // start: Deal(seed) with control's task stack and the turn's scratch
  // (CopyTurnControl), run to its first decision. `control` must be built
  // from this seat's information only (its own earlier root, its own
  // choices, public events): it is the seat's memory of the turn.
  State Resume(uint64_t seed, const State& control) const;

  const State& base() const { return base_; }

 private:
  Determinizer(const InfoState& info, State base)
      : info_(info), base_(std::move(base)) {}
  InfoState info_;
  State base_;  // public part; every hidden card still in the deck
};

// Copies what a turn in progress keeps besides the board (the task stack,
// the current seat and phase, the battle, crafting pieces used, the
// factions' per-turn counters and flags, cards' once-per-turn uses) from
// `from` to `to`, leaving `to`'s board, cards and supplies as they are.
void CopyTurnControl(const State& from, State& to);

// Whether the rebuilt state asks `seat` the same question with the same
// option labels, in the same order, as `labels`.
bool RootMatches(const State& s, int seat,
                 const std::vector<std::string>& labels);

// Resuming a phase asks its optional steps again (crafting, a card's
// Birdsong effect...) that the seat already passed: declines the seat's own
// questions ("done") up to `max_skips` times until the decision matches.
// Returns whether it does.
bool AlignRoot(State& s, int seat, const std::vector<std::string>& labels,
               int max_skips = 3);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_DETERMINIZE_H_
