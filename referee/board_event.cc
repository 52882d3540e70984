#include "referee/board_event.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "referee/convert.h"
#include "referee/wire_fields.h"

namespace woodland::referee {
namespace {

constexpr int kMaxField = 63;

// The bytes of each top-level field (tags included; a repeated field's
// elements are consecutive, fields in number order, as protobuf writes
// them). False if the bytes are not such a message.
bool SplitFields(absl::string_view b,
                 std::array<absl::string_view, kMaxField + 1>& out) {
  out.fill(absl::string_view());
  bool ok = true;
  const absl::Status st = wire::ForEachField(b, [&](const wire::Field& f) {
    if (f.number > kMaxField) {
      ok = false;
      return;
    }
    absl::string_view& r = out[f.number];
    if (r.data() == nullptr) {
      r = f.bytes;
    } else if (r.data() + r.size() == f.bytes.data()) {
      r = absl::string_view(r.data(), r.size() + f.bytes.size());
    } else {
      ok = false;  // not contiguous: not written by protobuf
    }
  });
  return st.ok() && ok;
}

// The fields the board event covers, in declaration order (its order of
// names): number and name.
struct CoveredField {
  int number;
  std::string name;
};
const std::vector<CoveredField>& Covered() {
  static const auto* fields = [] {
    auto* v = new std::vector<CoveredField>();
    const auto* d = v1::Observation::descriptor();
    for (int i = 0; i < d->field_count(); ++i) {
      if (BoardEventCovers(std::string(d->field(i)->name())))
        v->push_back({d->field(i)->number(), std::string(d->field(i)->name())});
    }
    return v;
  }();
  return *fields;
}

// Sets `out` to the board event of `seat` whose changed fields are
// Covered()[changed[0..count)], `bytes(n)` giving field n's bytes in the
// new view. Reuses what `out` holds (issue 19.3: a kept event's strings).
template <typename Bytes>
bool Emit(const rules::State& s, int seat, const uint8_t* changed, int count,
          Bytes bytes, v1::Event* out, bool raw_view) {
  const auto& covered = Covered();
  out->set_kind("board");
  std::string* text = out->mutable_text();
  text->assign("changed: ");
  for (int i = 0; i < count; ++i) {
    if (i > 0) text->append(", ");
    text->append(covered[changed[i]].name);
  }
  out->set_seat(seat);
  out->set_faction(seat >= 0 ? FactionToProto(s.seat(seat).faction)
                             : v1::FACTION_UNSPECIFIED);
  v1::BoardEvent* board = out->mutable_board();
  board->Clear();
  for (int i = 0; i < count; ++i)
    board->add_fields()->assign(covered[changed[i]].name);
  // The changed fields' own bytes parse back to exactly those fields.
  std::string parsed;
  std::string* view = &parsed;
  if (raw_view) {
    static_assert(v1::BoardEvent::kViewFieldNumber == 2);
    view =
        board->GetReflection()->MutableUnknownFields(board)->AddLengthDelimited(
            v1::BoardEvent::kViewFieldNumber);
  }
  for (int i = 0; i < count; ++i) {
    const absl::string_view b = bytes(covered[changed[i]].number);
    view->append(b.data(), b.size());
  }
  return raw_view || board->mutable_view()->ParseFromString(parsed);
}

// From the parsed views: the slow way, for views not split.
bool FromMessages(const rules::State& s, int seat, absl::string_view was,
                  absl::string_view now, v1::Event* out) {
  v1::Observation shown, cur;
  if (!shown.ParseFromString(std::string(was)) ||
      !cur.ParseFromString(std::string(now))) {
    return false;
  }
  out->Clear();
  return BoardEventToProto(s, seat, cur, &shown, out);
}

using Split = std::array<absl::string_view, kMaxField + 1>;

// The covered fields (indexes into Covered()) whose bytes differ in the
// views, `was_field(n)` and `now_field(n)` giving field n's bytes in each
// (no allocation, issue 19.3): how many, or -1 when a field cannot be told
// apart by its bytes.
template <typename Was, typename Now>
int ChangedFields(Was was_field, Now now_field,
                  std::array<uint8_t, kMaxField + 1>& changed) {
  const auto& covered = Covered();
  if (covered.size() > changed.size()) return -1;
  int count = 0;
  for (size_t i = 0; i < covered.size(); ++i) {
    const int n = covered[i].number;
    if (n > kMaxField) return -1;  // cannot be split: compare whole views
    if (was_field(n) != now_field(n))
      changed[count++] = static_cast<uint8_t>(i);
  }
  return count;
}

// The board event from each covered field's bytes in the views `was` and
// `now`; the parsed views when a field cannot be told apart by its bytes.
template <typename Was, typename Now>
bool FromFieldBytes(const rules::State& s, int seat, absl::string_view was,
                    absl::string_view now, Was was_field, Now now_field,
                    v1::Event* out, bool raw_view) {
  std::array<uint8_t, kMaxField + 1> changed;
  const int count = ChangedFields(was_field, now_field, changed);
  if (count < 0) return FromMessages(s, seat, was, now, out);
  if (count == 0) return false;
  return Emit(s, seat, changed.data(), count, now_field, out, raw_view);
}

// Appends the serialization of the event Emit makes with `raw_view` (issue
// 19.3: written by hand, no message built): Event fields kind (1), text
// (2), seat (3), faction (4) and board (60), the BoardEvent's names (1)
// and view (2, the changed fields' bytes).
template <typename Bytes>
void EmitBytes(const rules::State& s, int seat, const uint8_t* changed,
               int count, Bytes bytes, std::string* out) {
  static_assert(
      v1::Event::kKindFieldNumber == 1 && v1::Event::kTextFieldNumber == 2 &&
      v1::Event::kSeatFieldNumber == 3 && v1::Event::kFactionFieldNumber == 4 &&
      v1::Event::kBoardFieldNumber == 60 &&
      v1::BoardEvent::kFieldsFieldNumber == 1 &&
      v1::BoardEvent::kViewFieldNumber == 2);
  const auto& covered = Covered();
  constexpr absl::string_view kKind = "board",
                              kChanged = "changed: ", kComma = ", ";
  size_t text = kChanged.size(), names = 0, view = 0;
  for (int i = 0; i < count; ++i) {
    const std::string& name = covered[changed[i]].name;
    text += name.size() + (i > 0 ? kComma.size() : 0);
    names += wire::LengthFieldSize(1, name.size());
    view += bytes(covered[changed[i]].number).size();
  }
  const size_t board = names + wire::LengthFieldSize(2, view);
  const int32_t faction = seat >= 0 ? FactionToProto(s.seat(seat).faction) : 0;
  const size_t size =
      wire::StringFieldSize(1, kKind) + wire::LengthFieldSize(2, text) +
      wire::Int32FieldSize(3, seat) + wire::Int32FieldSize(4, faction) +
      wire::LengthFieldSize(60, board);
  const size_t at = out->size();
  out->resize(at + size);
  uint8_t* p = reinterpret_cast<uint8_t*>(&(*out)[at]);
  const auto put = [&p](absl::string_view b) {
    std::memcpy(p, b.data(), b.size());
    p += b.size();
  };
  p = wire::WriteStringField(1, kKind, p);
  p = wire::WriteVarint(wire::LengthTag(2), p);
  p = wire::WriteVarint(text, p);
  put(kChanged);
  for (int i = 0; i < count; ++i) {
    if (i > 0) put(kComma);
    put(covered[changed[i]].name);
  }
  p = wire::WriteInt32Field(3, seat, p);
  p = wire::WriteInt32Field(4, faction, p);
  p = wire::WriteVarint(wire::LengthTag(60), p);
  p = wire::WriteVarint(board, p);
  for (int i = 0; i < count; ++i)
    p = wire::WriteLengthField(1, covered[changed[i]].name, p);
  p = wire::WriteVarint(wire::LengthTag(2), p);
  p = wire::WriteVarint(view, p);
  for (int i = 0; i < count; ++i) put(bytes(covered[changed[i]].number));
}

}  // namespace

bool BoardEventFromBytes(const rules::State& s, int seat, absl::string_view was,
                         absl::string_view now, v1::Event* out, bool raw_view) {
  Split a, b;
  if (!SplitFields(was, a) || !SplitFields(now, b)) {
    return FromMessages(s, seat, was, now, out);  // not expected
  }
  return FromFieldBytes(
      s, seat, was, now, [&](int n) { return a[n]; },
      [&](int n) { return b[n]; }, out, raw_view);
}

bool AppendBoardEventFromFields(const rules::State& s, int seat,
                                absl::string_view was,
                                const ViewFields& was_fields,
                                absl::string_view now,
                                const ViewFields& now_fields,
                                std::string* out) {
  const auto field = [](absl::string_view view, const ViewFields& f, int n) {
    return view.substr(f.begin[n], f.end[n] - f.begin[n]);
  };
  const auto was_field = [&](int n) { return field(was, was_fields, n); };
  const auto now_field = [&](int n) { return field(now, now_fields, n); };
  std::array<uint8_t, kMaxField + 1> changed;
  const int count = ChangedFields(was_field, now_field, changed);
  if (count < 0) {  // not expected
    v1::Event event;
    if (!FromMessages(s, seat, was, now, &event)) return false;
    event.AppendToString(out);
    return true;
  }
  if (count == 0) return false;
  EmitBytes(s, seat, changed.data(), count, now_field, out);
  return true;
}

bool BoardEventFromFields(const rules::State& s, int seat,
                          absl::string_view was, const ViewFields& was_fields,
                          absl::string_view now, const ViewFields& now_fields,
                          v1::Event* out, bool raw_view) {
  const auto field = [](absl::string_view view, const ViewFields& f, int n) {
    return view.substr(f.begin[n], f.end[n] - f.begin[n]);
  };
  return FromFieldBytes(
      s, seat, was, now, [&](int n) { return field(was, was_fields, n); },
      [&](int n) { return field(now, now_fields, n); }, out, raw_view);
}

}  // namespace woodland::referee
