// Rootlog (V2), the Root community's game notation (docs/rootlog.md):
// writing a match as Rootlog text, and our own reader that parses it back.
//
// The writer turns the engine's public event log into one line per turn
// ("C:t->9/2w9->4/XE4(3,1)/(2Ew)4->/++2"), after the header (Map, Deck,
// Clearings, one "<F>: <bot>" line per seat) and the factions' setup
// lines. Events Rootlog cannot express go into a line's trailing comment.
//
// The board changes (pieces placed, moved, removed; pawns; rafts; scores)
// are what the round trip checks: BoardChanges(events) equals the changes
// ParseRootlog reads back from the text.
#ifndef WOODLAND_REFEREE_ROOTLOG_H_
#define WOODLAND_REFEREE_ROOTLOG_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "referee/rules/state.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::referee {

struct BoardChange {
  enum Kind { kPlace, kMove, kRemove, kPawn, kScore, kFlip, kSwap };
  Kind kind = kPlace;
  char faction = '?';    // Rootlog letter of the piece's owner / scorer
  std::string piece;     // "w", "b_s", "t_k", "p", "r", ...; kFlip: new kind
  int count = 1;         // kScore: points (negative when lost)
  std::string from, to;  // "5", "0" (Burrow), "1_2_5_10" (forest), "" supply
  bool operator==(const BoardChange&) const = default;
  std::string DebugString() const;
};

// Rootlog's faction letters (C E A V G L O D P; H and K are ours).
char RootlogFaction(int faction);
// A piece's Rootlog code ("w" for warriors (-1), "b_s", "t_k", ...).
std::string RootlogPiece(int piece);

// The board changes the events of `s` (recorded with record_events) imply,
// as Rootlog records them.
std::vector<BoardChange> BoardChanges(const rules::State& s);

// The match in `s` (played with record_events) as Rootlog; `players` names
// each seat (empty: "seat N").
std::string WriteRootlog(const rules::State& s,
                         const std::vector<std::string>& players);
// The whole match of a replay.
absl::StatusOr<std::string> RootlogFromReplay(const v1::Replay& replay);

struct RootlogGame {
  std::string map, deck;
  std::vector<std::string> clearings;                 // "F1", "M2", ...
  std::vector<std::pair<char, std::string>> players;  // letter, name
  std::vector<BoardChange> changes;
  int turns = 0;  // turn lines, setup lines included
  std::string winners;
};
// Parses Rootlog text (the grammar in docs/rootlog.md); errors name the
// line and the action.
absl::StatusOr<RootlogGame> ParseRootlog(absl::string_view text);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_ROOTLOG_H_
