#ifndef WOODLAND_REFEREE_VIEW_CACHE_H_
#define WOODLAND_REFEREE_VIEW_CACHE_H_

#include <array>
#include <string>

#include "referee/board_event.h"
#include "referee/rules/observation.h"
#include "referee/rules/state.h"
#include "woodland/v1/game.pb.h"

namespace woodland::referee {

// Issue 19.3: a sectioned view. Serialize writes the very bytes of the
// deterministic serialization of ObservationToProto(s, seat), made of
// sections in field-number order: the fields before the clearings (seat,
// current_seat, phase, turn), one section per clearing (an entry of the
// repeated field 5), one per seat (field 6), the seat's hand (7), the
// discard pile (8), the available dominance cards (9), and the rest (fields
// 10 on, built and serialized each time). The protobuf wire form of a
// message is its fields in field-number order, concatenated, a repeated
// field's entries in order, each entry of a message field a whole
// length-delimited field: so the concatenation of the sections is the
// message's serialization.
//
// A section's bytes are kept with a key of everything they are made of and
// made again only when that key changes:
//  - a clearing: its pieces, its ruler, its open paths (and so the closed
//    paths left), the Ferry, the Tower, the Elder Treetop, the hirelings'
//    pieces in it, the seats' factions and whether its Corvid plot is face
//    up. It depends on the seat only through whether the seat is the
//    Corvids' (Law 13.2.2.I: only they know a face-down plot's kind), so
//    each clearing keeps two forms, the Corvids' and everyone else's;
//  - a seat's public view (the same for every viewer): its rules::SeatView;
//  - the hand: the seat's own cards, kept per seat (Law 1.2.1);
//  - the discard pile and the available dominance cards: their cards.
// One ViewCache per match (the map and the deck are the match's).
class ViewCache {
 public:
  // Replaces `out` with the serialized ObservationToProto(s, seat) and, if
  // `fields` is set, says where each of its top-level fields lies.
  void Serialize(const rules::State& s, int seat, std::string* out,
                 ViewFields* fields = nullptr);

  // How many sections were made, and kept from an earlier view.
  struct Stats {
    int64_t made = 0, kept = 0;
  };
  const Stats& stats() const { return stats_; }

 private:
  struct HirelingPieces {
    int8_t hireling = -1;
    bool demoted = false;
    int8_t warriors = 0, vaults = 0;
  };
  struct ClearingKey {
    rules::ClearingState pieces;
    uint16_t adjacent = 0;
    uint8_t opened_paths = 0;
    int8_t ruler = 0;
    bool ferry = false, pass = false, treetop = false, face_up = false;
    std::array<int8_t, rules::kMaxSeats> factions{};
    std::array<HirelingPieces, 3> hirelings{};
  };
  struct Clearing {
    bool made = false;
    ClearingKey key;
    std::string bytes;  // the whole field-5 entry: tag, length, view
  };
  struct Seat {
    bool made = false;
    rules::SeatView key;
    std::string bytes;  // the whole field-6 entry
  };
  struct Cards {
    bool made = false;
    std::vector<rules::CardId> key;
    std::string bytes;  // the field's entries
  };
  // Makes `kept` the field `number` (7, 8 or 9) of `o` unless its cards are
  // the kept ones.
  void CardsField(const rules::State& s, const rules::Observation& o,
                  int number, const std::vector<rules::CardId>& cards,
                  Cards& kept);

  // [clearing][form]: form 1 is the Corvids' own view.
  std::array<std::array<Clearing, 2>, rules::kMaxClearings> clearings_;
  std::array<Seat, rules::kMaxSeats> seats_;
  std::array<Cards, rules::kMaxSeats + 1> hands_;  // by seat + 1
  Cards discard_, dominance_;
  v1::ClearingView clearing_;
  v1::SeatView seat_;
  v1::Observation fields_;  // one field made again
  v1::Observation rest_;
  std::string rest_bytes_;
  Stats stats_;
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_VIEW_CACHE_H_
