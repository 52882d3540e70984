#include "referee/board_event.h"

#include <array>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "referee/convert.h"

namespace woodland::referee {
namespace {

constexpr int kMaxField = 63;

// The bytes of each top-level field (tags included; a repeated field's
// elements are consecutive, fields in number order, as protobuf writes
// them). False if the bytes are not such a message.
bool SplitFields(absl::string_view b,
                 std::array<absl::string_view, kMaxField + 1>& out) {
  out.fill(absl::string_view());
  auto varint = [&](size_t& i, uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64 && i < b.size(); shift += 7) {
      const uint8_t c = static_cast<uint8_t>(b[i++]);
      v |= uint64_t{c & 0x7fu} << shift;
      if (!(c & 0x80)) return true;
    }
    return false;
  };
  size_t i = 0;
  while (i < b.size()) {
    const size_t start = i;
    uint64_t tag, n;
    if (!varint(i, tag)) return false;
    const uint64_t field = tag >> 3;
    switch (tag & 7) {
      case 0:
        if (!varint(i, n)) return false;
        break;
      case 1:
        i += 8;
        break;
      case 2:
        if (!varint(i, n) || n > b.size() - i) return false;
        i += n;
        break;
      case 5:
        i += 4;
        break;
      default:
        return false;
    }
    if (i > b.size() || field == 0 || field > kMaxField) return false;
    absl::string_view& r = out[field];
    if (r.data() == nullptr) {
      r = b.substr(start, i - start);
    } else if (r.data() + r.size() == b.data() + start) {
      r = absl::string_view(r.data(), r.size() + (i - start));
    } else {
      return false;  // not contiguous: not written by protobuf
    }
  }
  return true;
}

// The fields the board event covers, in declaration order (its order of
// names).
const std::vector<const google::protobuf::FieldDescriptor*>& Covered() {
  static const auto* fields = [] {
    auto* v = new std::vector<const google::protobuf::FieldDescriptor*>();
    const auto* d = v1::Observation::descriptor();
    for (int i = 0; i < d->field_count(); ++i) {
      if (BoardEventCovers(std::string(d->field(i)->name())))
        v->push_back(d->field(i));
    }
    return v;
  }();
  return *fields;
}

}  // namespace

bool BoardEventFromBytes(const rules::State& s, int seat, absl::string_view was,
                         absl::string_view now, v1::Event* out, bool raw_view) {
  std::array<absl::string_view, kMaxField + 1> a, b;
  if (!SplitFields(was, a) || !SplitFields(now, b)) {
    // Not expected: the slow way, from the parsed views.
    v1::Observation shown, cur;
    if (!shown.ParseFromString(std::string(was)) ||
        !cur.ParseFromString(std::string(now))) {
      return false;
    }
    return BoardEventToProto(s, seat, cur, &shown, out);
  }
  std::vector<absl::string_view> names;
  std::string changed;
  for (const auto* f : Covered()) {
    const int n = f->number();
    if (n > kMaxField) {  // cannot be split: compare whole views
      v1::Observation shown, cur;
      if (!shown.ParseFromString(std::string(was)) ||
          !cur.ParseFromString(std::string(now))) {
        return false;
      }
      return BoardEventToProto(s, seat, cur, &shown, out);
    }
    if (a[n] == b[n]) continue;
    names.push_back(f->name());
    absl::StrAppend(&changed, b[n]);
  }
  if (names.empty()) return false;
  out->set_kind("board");
  out->set_text(absl::StrCat("changed: ", absl::StrJoin(names, ", ")));
  out->set_seat(seat);
  out->set_faction(seat >= 0 ? FactionToProto(s.seat(seat).faction)
                             : v1::FACTION_UNSPECIFIED);
  v1::BoardEvent* board = out->mutable_board();
  for (absl::string_view n : names) board->add_fields(std::string(n));
  if (raw_view) {
    static_assert(v1::BoardEvent::kViewFieldNumber == 2);
    board->GetReflection()->MutableUnknownFields(board)->AddLengthDelimited(
        v1::BoardEvent::kViewFieldNumber, changed);
    return true;
  }
  // The changed fields' own bytes parse back to exactly those fields.
  return board->mutable_view()->ParseFromString(changed);
}

}  // namespace woodland::referee
