#include "referee/wire_fields.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"

namespace woodland::wire {

using google::protobuf::internal::WireFormatLite;

absl::Status ForEachField(absl::string_view message,
                          absl::FunctionRef<void(const Field&)> visit) {
  google::protobuf::io::CodedInputStream in(
      reinterpret_cast<const uint8_t*>(message.data()),
      static_cast<int>(message.size()));
  // A message from the network is bounded by the transport; more than 2 GB
  // cannot be a message.
  if (message.size() > static_cast<size_t>(INT32_MAX))
    return absl::InvalidArgumentError("message longer than 2 GB");
  while (true) {
    const int start = in.CurrentPosition();
    const uint32_t tag = in.ReadTag();
    if (tag == 0) {
      if (static_cast<size_t>(start) == message.size()) return absl::OkStatus();
      return absl::InvalidArgumentError(
          absl::StrCat("bad tag at byte ", start));
    }
    const int number = static_cast<int>(WireFormatLite::GetTagFieldNumber(tag));
    // SkipField refuses an end-group tag (none may stand at the top level)
    // and any field that runs past the end.
    if (number == 0 || !WireFormatLite::SkipField(&in, tag)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad field ", number, " at byte ", start));
    }
    const int end = in.CurrentPosition();
    visit(Field{number, message.substr(start, end - start)});
  }
}

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
