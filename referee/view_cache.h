#ifndef WOODLAND_REFEREE_VIEW_CACHE_H_
#define WOODLAND_REFEREE_VIEW_CACHE_H_

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "google/protobuf/arena.h"
#include "referee/board_event.h"
#include "referee/convert.h"
#include "referee/rules/observation.h"
#include "referee/rules/state.h"
#include "woodland/v1/game.pb.h"

namespace woodland::referee {

// Issue 19.3: scratch messages live in an arena whose blocks are `block`
// bytes: makes `*arena` the first time, resets it afterwards (the messages
// made in it are gone; the caller makes its scratch messages anew).
void RenewScratchArena(std::unique_ptr<google::protobuf::Arena>* arena,
                       size_t block);

// What a section of the view is made of, written into a fixed buffer (no
// allocation per view); a key that does not fit is not kept.
struct SectionKey {
  static constexpr size_t kMax = 1024;
  char bytes[kMax];
  size_t size = 0;
  bool fits = true;
};

// Issue 19.3: a sectioned view. Serialize writes the very bytes of the
// deterministic serialization of ObservationToProto(s, seat), made of
// sections in field-number order: the fields before the clearings (seat,
// current_seat, phase, turn), one section per clearing (an entry of the
// repeated field 5), one per seat (field 6), the seat's hand (7), the
// discard pile (8), the available dominance cards (9), and one section per
// field numbered 10 or more. The protobuf wire form of a
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
//  - the discard pile and the available dominance cards: their cards;
//  - a field numbered 10 or more: the parts of the seat's rules::Observation
//    and of the public state its conversion reads (view_cache.cc RestKey):
//    item supply, the hands shown to the seat (its own view's), the
//    Marquise's, Eyrie's and Alliance's boards (the
//    supporters' cards as the seat's view holds them, Law 8.2.5), every
//    Vagabond's (fields 16 and 23), the supplies (the Corvids' plots by
//    kind in their own view only, Law 13.2.2.I), the Lizard Cult's and the
//    Riverfolk's boards, the turn's progress, the battle, the homelands and
//    the Exiles and Partisans cards; the deck size is written directly. The
//    other expansion factions' boards, hirelings and landmarks are made for
//    every view while in play.
// One ViewCache per match (the map and the deck are the match's).
class ViewCache {
 public:
  // The Observation fields numbered 10 or more, in field-number order (a
  // test checks this is every one).
  static constexpr std::array<int, 22> kRestFields = {
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
      21, 22, 23, 24, 25, 26, 30, 31, 32, 33, 50};

  ViewCache();

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
  // Makes `kept` the field `number` (7, 8 or 9) holding `cards` unless they
  // are the kept ones.
  void CardsField(const rules::State& s, int number,
                  const std::vector<rules::CardId>& cards, Cards& kept);
  KeptCards cards_;  // each card's serialized Card
  // Field 30 (made when its section key changes): each faction's entry,
  // kept with its warriors and pieces in supply, in two forms (1: the
  // Corvids' own, Law 13.2.2.I; every other faction's is the same for all).
  struct SupplyEntry {
    bool made = false;
    std::array<int16_t, 1 + 16> key{};  // warriors, then rules::kPiecesOf
    std::string bytes;
  };
  void SupplyField(const rules::State& s, int seat, std::string* out);
  std::array<std::array<SupplyEntry, 2>, rules::kNumFactions> supply_;

  // [clearing][form]: form 1 is the Corvids' own view.
  std::array<std::array<Clearing, 2>, rules::kMaxClearings> clearings_;
  std::array<Seat, rules::kMaxSeats> seats_;
  std::array<Cards, rules::kMaxSeats + 1> hands_;  // by seat + 1
  Cards discard_, dominance_;
  // Issue 19.3: the messages a section is made in live in an arena (a
  // cleared message drops its submessages there, not to the heap), made
  // anew once it holds kArenaLimit bytes.
  static constexpr size_t kArenaBlock = 64 * 1024, kArenaLimit = 512 * 1024;
  void NewScratch();
  std::unique_ptr<google::protobuf::Arena> arena_;
  v1::ClearingView* clearing_ = nullptr;
  // A field numbered 10 or more, kept with its key (view_cache.cc RestKey),
  // in each of its forms (view_cache.cc RestForm: a field that differs by
  // seat keeps one per viewer, so views of seats in turn reuse theirs).
  struct Rest {
    bool made = false;
    std::string key;
    std::string bytes;  // the field's entries
  };
  std::array<std::array<Rest, rules::kMaxSeats + 1>, ViewFields::kMaxField + 1>
      rest_;
  // Serialize's parts, each reading obs_ (the view being made): fields 5
  // (clearings, kept per clearing and form) and 6 (seats); a field numbered
  // 10 or more in its form `form`, kept or made again (MakeRestField).
  void ClearingsField(const rules::State& s, int seat, std::string* out);
  void SeatsField(const rules::State& s, std::string* out);
  const std::string& RestField(const rules::State& s, int seat, int number,
                               int form);
  void MakeRestField(const rules::State& s, int seat, int number,
                     absl::string_view key, std::string* bytes);
  SectionKey key_;
  v1::Observation* fields_ = nullptr;  // one field made again
  rules::Observation obs_;  // the view being made (its capacity kept)
  Stats stats_;
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_VIEW_CACHE_H_
