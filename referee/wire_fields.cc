#include "referee/wire_fields.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace woodland::wire {

namespace internal {
absl::Status BadField(int number, int at) {
  return absl::InvalidArgumentError(absl::StrCat(
      "not a protobuf message: bad field ", number, " at byte ", at));
}
}  // namespace internal

absl::Status AppendWithoutFields(absl::string_view message,
                                 absl::Span<const int> skip, std::string* out) {
  size_t kept = 0;  // message[kept, field start) is still to be appended
  absl::Status st = ForEachField(message, [&](const Field& f) {
    if (std::find(skip.begin(), skip.end(), f.number) == skip.end()) return;
    const size_t start = f.bytes.data() - message.data();
    out->append(message.data() + kept, start - kept);
    kept = start + f.bytes.size();
  });
  if (!st.ok()) return st;
  out->append(message.data() + kept, message.size() - kept);
  return absl::OkStatus();
}

}  // namespace woodland::wire
