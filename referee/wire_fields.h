// Issue 19.3: a bounds-checked walk over the top-level fields of a protobuf
// message's wire form, without parsing it into a message. The referee splits
// a serialized view into its fields (referee/board_event.cc) and the bot
// server drops request fields a bot never reads before parsing
// (bots/common/serve.cc). Built on protobuf's own CodedInputStream and
// WireFormatLite::SkipField; bytes that are not a message's wire form (from
// the network: truncated, an invalid wire type or tag, a stray end-group)
// give an InvalidArgument status, never a read past the end.
#ifndef WOODLAND_REFEREE_WIRE_FIELDS_H_
#define WOODLAND_REFEREE_WIRE_FIELDS_H_

#include <climits>
#include <cstdint>
#include <cstring>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/message_lite.h"
#include "google/protobuf/wire_format_lite.h"

namespace woodland::wire {

// One occurrence of a top-level field: its number and its bytes, tag
// included (a view into the scanned message).
struct Field {
  int number = 0;
  absl::string_view bytes;
};

// Calls `visit(const Field&)` on each top-level field of `message` in order
// (a group is one field). OK if the bytes were all visited. Inline: the
// referee scans two views per decision.
template <typename Visit>
absl::Status ForEachField(absl::string_view message, Visit&& visit);

// Appends `message` without every occurrence of the fields numbered in
// `skip` to `out`. On error `out` may hold part of it.
absl::Status AppendWithoutFields(absl::string_view message,
                                 absl::Span<const int> skip, std::string* out);

namespace internal {
absl::Status BadField(int number, int at);
}  // namespace internal

// Issue 19.3: writing fields of a proto3 message by hand, byte for byte as
// protobuf serializes them (so a message can be written without building
// it), into a buffer the caller sized with the *Size functions: a varint;
// an int32 or enum field (nothing when zero; a negative value
// sign-extended to ten bytes); a length-delimited field (tag, size, bytes:
// a message field, always written); a string field (nothing when empty).
// Each returns the end of what it wrote.
inline size_t VarintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}
inline uint8_t* WriteVarint(uint64_t v, uint8_t* p) {
  while (v >= 0x80) {
    *p++ = static_cast<uint8_t>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<uint8_t>(v);
  return p;
}
inline uint32_t VarintTag(int number) {
  return static_cast<uint32_t>(number) << 3;  // WIRETYPE_VARINT
}
inline uint32_t LengthTag(int number) {
  return static_cast<uint32_t>(number) << 3 | 2;  // WIRETYPE_LENGTH_DELIMITED
}
inline size_t Int32FieldSize(int number, int32_t v) {
  if (v == 0) return 0;
  return VarintSize(VarintTag(number)) +
         VarintSize(static_cast<uint64_t>(static_cast<int64_t>(v)));
}
inline uint8_t* WriteInt32Field(int number, int32_t v, uint8_t* p) {
  if (v == 0) return p;
  p = WriteVarint(VarintTag(number), p);
  return WriteVarint(static_cast<uint64_t>(static_cast<int64_t>(v)), p);
}
inline size_t LengthFieldSize(int number, size_t size) {
  return VarintSize(LengthTag(number)) + VarintSize(size) + size;
}
inline uint8_t* WriteLengthField(int number, absl::string_view bytes,
                                 uint8_t* p) {
  p = WriteVarint(LengthTag(number), p);
  p = WriteVarint(bytes.size(), p);
  if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
  return p + bytes.size();
}
inline size_t StringFieldSize(int number, absl::string_view v) {
  return v.empty() ? 0 : LengthFieldSize(number, v.size());
}
inline uint8_t* WriteStringField(int number, absl::string_view v, uint8_t* p) {
  return v.empty() ? p : WriteLengthField(number, v, p);
}

// The same appended to a string: an int32 or enum field (nothing when
// zero), an int64 or bool field (nothing when zero), a length-delimited
// field (always) and a string field (nothing when empty).
inline void PutInt32(int number, int32_t v, std::string* out) {
  uint8_t buf[16];
  const uint8_t* end = WriteInt32Field(number, v, buf);
  out->append(reinterpret_cast<const char*>(buf), end - buf);
}
inline void PutInt64(int number, int64_t v, std::string* out) {
  if (v == 0) return;
  uint8_t buf[16];
  uint8_t* end = WriteVarint(VarintTag(number), buf);
  end = WriteVarint(static_cast<uint64_t>(v), end);
  out->append(reinterpret_cast<const char*>(buf), end - buf);
}
inline void PutBytes(int number, absl::string_view bytes, std::string* out) {
  uint8_t buf[16];
  uint8_t* end = WriteVarint(LengthTag(number), buf);
  end = WriteVarint(bytes.size(), end);
  out->append(reinterpret_cast<const char*>(buf), end - buf);
  out->append(bytes.data(), bytes.size());
}
inline void PutString(int number, absl::string_view v, std::string* out) {
  if (!v.empty()) PutBytes(number, v, out);
}
// A message field (always written): its tag, its size and `m` serialized,
// sized once. Plain serialization, deterministic for a message without map
// fields (the referee's views and options). Returns the size of the tag
// and size written before `m`'s bytes.
inline size_t PutMessage(int number, const google::protobuf::MessageLite& m,
                         std::string* out) {
  const size_t size = m.ByteSizeLong();
  uint8_t head[16];
  uint8_t* end = WriteVarint(LengthTag(number), head);
  end = WriteVarint(size, end);
  const size_t head_size = end - head, at = out->size();
  out->append(reinterpret_cast<const char*>(head), head_size);
  out->resize(at + head_size + size);
  m.SerializeWithCachedSizesToArray(
      reinterpret_cast<uint8_t*>(&(*out)[at + head_size]));
  return head_size;
}

template <typename Visit>
absl::Status ForEachField(absl::string_view message, Visit&& visit) {
  using google::protobuf::internal::WireFormatLite;
  // More than 2 GB cannot be a message (the transports bound them far lower).
  if (message.size() > static_cast<size_t>(INT32_MAX))
    return internal::BadField(0, 0);
  google::protobuf::io::CodedInputStream in(
      reinterpret_cast<const uint8_t*>(message.data()),
      static_cast<int>(message.size()));
  while (true) {
    const int start = in.CurrentPosition();
    const uint32_t tag = in.ReadTag();
    if (tag == 0) {  // the end, or no valid tag
      if (static_cast<size_t>(start) == message.size()) return absl::OkStatus();
      return internal::BadField(0, start);
    }
    const int number = static_cast<int>(WireFormatLite::GetTagFieldNumber(tag));
    bool ok = number != 0;
    switch (WireFormatLite::GetTagWireType(tag)) {
      case WireFormatLite::WIRETYPE_VARINT: {
        uint64_t v;
        ok = ok && in.ReadVarint64(&v);
        break;
      }
      case WireFormatLite::WIRETYPE_LENGTH_DELIMITED: {
        int n;
        ok = ok && in.ReadVarintSizeAsInt(&n) && in.Skip(n);
        break;
      }
      case WireFormatLite::WIRETYPE_FIXED64:
        ok = ok && in.Skip(8);
        break;
      case WireFormatLite::WIRETYPE_FIXED32:
        ok = ok && in.Skip(4);
        break;
      default:
        // A group (skipped whole, nested groups bounded by the recursion
        // limit); SkipField refuses an end-group, which may not stand at
        // the top level, and the invalid wire types 6 and 7.
        ok = ok && WireFormatLite::SkipField(&in, tag);
    }
    if (!ok) return internal::BadField(number, start);
    const int end = in.CurrentPosition();
    visit(Field{number, message.substr(start, end - start)});
  }
}

}  // namespace woodland::wire

#endif  // WOODLAND_REFEREE_WIRE_FIELDS_H_
