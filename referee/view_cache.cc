#include "referee/view_cache.h"

#include <cstring>
#include <type_traits>

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/wire_format_lite.h"
#include "referee/convert.h"

namespace woodland::referee {
using rules::State;

namespace {

using google::protobuf::internal::WireFormatLite;

// Appends `m` serialized deterministically (as the match runner compares
// views).
void AppendDeterministic(const google::protobuf::Message& m, std::string* out) {
  google::protobuf::io::StringOutputStream stream(out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  m.SerializeToCodedStream(&coded);
}

// Appends a varint.
void Varint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// Appends an int32 (or enum) field of a proto3 message as its serialization
// writes it: nothing when zero, else the tag and the value's varint (a
// negative value sign-extended to 64 bits).
void Int32Field(int number, int32_t v, std::string* out) {
  if (v == 0) return;
  Varint(WireFormatLite::MakeTag(number, WireFormatLite::WIRETYPE_VARINT), out);
  Varint(static_cast<uint64_t>(static_cast<int64_t>(v)), out);
}

// Appends a length-delimited field: its tag, the size of `m` and `m`.
void MessageField(int number, const google::protobuf::Message& m,
                  std::string* out) {
  Varint(WireFormatLite::MakeTag(number,
                                 WireFormatLite::WIRETYPE_LENGTH_DELIMITED),
         out);
  Varint(m.ByteSizeLong(), out);
  AppendDeterministic(m, out);
}

// Records where each top-level field of `bytes` (a message protobuf has just
// written: varint and length-delimited fields only, numbers up to
// kMaxField) lies, at `at` on in the view. False for anything else.
bool RecordFields(absl::string_view bytes, size_t at, ViewFields& f) {
  size_t p = 0;
  const auto varint = [&](uint64_t* v) {
    *v = 0;
    for (int shift = 0; p < bytes.size() && shift < 64; shift += 7) {
      const uint8_t b = static_cast<uint8_t>(bytes[p++]);
      *v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if (b < 0x80) return true;
    }
    return false;
  };
  while (p < bytes.size()) {
    const size_t start = p;
    uint64_t tag, v;
    if (!varint(&tag)) return false;
    const uint64_t number = tag >> 3;
    if (number == 0 || number > ViewFields::kMaxField) return false;
    switch (tag & 7) {
      case WireFormatLite::WIRETYPE_VARINT:
        if (!varint(&v)) return false;
        break;
      case WireFormatLite::WIRETYPE_LENGTH_DELIMITED:
        if (!varint(&v) || v > bytes.size() - p) return false;
        p += v;
        break;
      default:
        return false;
    }
    if (f.end[number] == 0) f.begin[number] = static_cast<uint32_t>(at + start);
    f.end[number] = static_cast<uint32_t>(at + p);
  }
  return true;
}

bool SameSeat(const rules::SeatView& a, const rules::SeatView& b) {
  return a.faction == b.faction && a.vp == b.vp && a.dominance == b.dominance &&
         a.hand_size == b.hand_size && a.items == b.items &&
         a.play_area == b.play_area;
}

}  // namespace

void ViewCache::CardsField(const State& s, const rules::Observation& o,
                           int number, const std::vector<rules::CardId>& cards,
                           Cards& kept) {
  if (kept.made && kept.key == cards) {
    ++stats_.kept;
    return;
  }
  ++stats_.made;
  fields_.Clear();
  ObservationToProto(s, o, &fields_, uint64_t{1} << number);
  kept.bytes.clear();
  AppendDeterministic(fields_, &kept.bytes);
  kept.key = cards;
  kept.made = true;
}

void ViewCache::Serialize(const State& s, int seat, std::string* out,
                          ViewFields* fields) {
  const rules::Observation o = rules::Observe(s, seat);
  out->clear();
  ViewFields unused;
  ViewFields& f = fields ? *fields : unused;
  f.Clear();
  const auto section = [&](int number, auto&& write) {
    f.begin[number] = static_cast<uint32_t>(out->size());
    write();
    f.end[number] = static_cast<uint32_t>(out->size());
  };
  // Fields 1-4, before the clearings, as ObservationToProto sets them (the
  // field numbers 1-9 are checked there).
  section(1, [&] { Int32Field(1, o.seat, out); });
  section(2, [&] { Int32Field(2, o.current_seat, out); });
  section(3, [&] { Int32Field(3, o.phase + 1, out); });
  section(4, [&] { Int32Field(4, o.turn, out); });
  // Field 5: each clearing's entry, kept or made again.
  section(5, [&] {
    const int corvid = s.SeatOf(rules::kCorvid);
    const int form = corvid >= 0 && seat == corvid ? 1 : 0;
    ClearingKey key;  // compared as bytes: it has no padding
    static_assert(std::has_unique_object_representations_v<ClearingKey>);
    for (int i = 0; i < s.num_seats(); ++i) key.factions[i] = s.seat(i).faction;
    key.opened_paths = s.opened_paths();
    const int treetop = s.landmarks().at[rules::kLandmarkElderTreetop];
    const auto& hirelings = o.hirelings.cards;
    const bool keyed = hirelings.size() <= key.hirelings.size();
    for (int c = 0; c < s.map().num_clearings; ++c) {
      key.pieces = o.clearings[c];
      key.adjacent = static_cast<uint16_t>(s.AdjacentMask(c));
      key.ruler = static_cast<int8_t>(s.Ruler(c));
      key.ferry = s.ferry() == c;
      key.pass = s.tower() == c;
      key.treetop = treetop == c;
      key.face_up = s.corvid().FaceUp(c);
      for (size_t h = 0; keyed && h < hirelings.size(); ++h) {
        key.hirelings[h] = {hirelings[h].hireling, hirelings[h].demoted,
                            hirelings[h].warriors[c], hirelings[h].vaults[c]};
      }
      Clearing& kept = clearings_[c][form];
      if (!keyed || !kept.made ||
          std::memcmp(&kept.key, &key, sizeof key) != 0) {
        ++stats_.made;
        clearing_.Clear();
        ClearingViewToProto(s, o, c, &clearing_);
        kept.bytes.clear();
        MessageField(5, clearing_, &kept.bytes);
        kept.key = key;
        kept.made = true;
      } else {
        ++stats_.kept;
      }
      out->append(kept.bytes);
    }
  });
  // Field 6: each seat's public view.
  section(6, [&] {
    for (size_t i = 0; i < o.seats.size(); ++i) {
      Seat& kept = seats_[i];
      if (!kept.made || !SameSeat(kept.key, o.seats[i])) {
        ++stats_.made;
        seat_.Clear();
        SeatViewToProto(s, o, static_cast<int>(i), &seat_);
        kept.bytes.clear();
        MessageField(6, seat_, &kept.bytes);
        kept.key = o.seats[i];
        kept.made = true;
      } else {
        ++stats_.kept;
      }
      out->append(kept.bytes);
    }
  });
  // Fields 7-9: the seat's hand, the discard pile, the dominance cards.
  Cards& hand = hands_[seat + 1];
  CardsField(s, o, 7, o.hand, hand);
  CardsField(s, o, 8, o.discard, discard_);
  CardsField(s, o, 9, o.available_dominance, dominance_);
  section(7, [&] { out->append(hand.bytes); });
  section(8, [&] { out->append(discard_.bytes); });
  section(9, [&] { out->append(dominance_.bytes); });
  // Fields 10 on.
  rest_.Clear();
  ObservationToProto(s, o, &rest_, uint64_t{1} << 10);  // 10 on
  rest_bytes_.clear();
  AppendDeterministic(rest_, &rest_bytes_);
  if (!RecordFields(rest_bytes_, out->size(), f)) f.ok = false;
  out->append(rest_bytes_);
}

}  // namespace woodland::referee
