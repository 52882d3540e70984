#include "referee/board_event.h"

#include <array>
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

// From the parsed views: the slow way, for views not split.
bool FromMessages(const rules::State& s, int seat, absl::string_view was,
                  absl::string_view now, v1::Event* out) {
  v1::Observation shown, cur;
  if (!shown.ParseFromString(std::string(was)) ||
      !cur.ParseFromString(std::string(now))) {
    return false;
  }
  return BoardEventToProto(s, seat, cur, &shown, out);
}

using Split = std::array<absl::string_view, kMaxField + 1>;

bool FromSplit(const rules::State& s, int seat, absl::string_view was,
               absl::string_view now, const Split& a, const Split& b,
               v1::Event* out, bool raw_view);

void SplitFromFields(absl::string_view bytes, const ViewFields& f, Split& out) {
  static_assert(ViewFields::kMaxField == kMaxField);
  for (int n = 0; n <= kMaxField; ++n)
    out[n] = bytes.substr(f.begin[n], f.end[n] - f.begin[n]);
}

}  // namespace

bool BoardEventFromBytes(const rules::State& s, int seat, absl::string_view was,
                         absl::string_view now, v1::Event* out, bool raw_view) {
  Split a, b;
  if (!SplitFields(was, a) || !SplitFields(now, b)) {
    return FromMessages(s, seat, was, now, out);  // not expected
  }
  return FromSplit(s, seat, was, now, a, b, out, raw_view);
}

bool BoardEventFromFields(const rules::State& s, int seat,
                          absl::string_view was, const ViewFields& was_fields,
                          absl::string_view now, const ViewFields& now_fields,
                          v1::Event* out, bool raw_view) {
  Split a, b;
  SplitFromFields(was, was_fields, a);
  SplitFromFields(now, now_fields, b);
  return FromSplit(s, seat, was, now, a, b, out, raw_view);
}

namespace {

bool FromSplit(const rules::State& s, int seat, absl::string_view was,
               absl::string_view now, const Split& a, const Split& b,
               v1::Event* out, bool raw_view) {
  std::vector<absl::string_view> names;
  std::string changed;
  for (const auto* f : Covered()) {
    const int n = f->number();
    if (n > kMaxField) {  // cannot be split: compare whole views
      return FromMessages(s, seat, was, now, out);
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
    *board->GetReflection()->MutableUnknownFields(board)->AddLengthDelimited(
        v1::BoardEvent::kViewFieldNumber) = std::move(changed);
    return true;
  }
  // The changed fields' own bytes parse back to exactly those fields.
  return board->mutable_view()->ParseFromString(changed);
}

}  // namespace

}  // namespace woodland::referee
