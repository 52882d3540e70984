// Small JSON writing helpers for the HTTP layer (protobuf messages go
// through protobuf's own JSON mapping, see ProtoJson).
#ifndef WOODLAND_ARENA_HTTP_JSON_H_
#define WOODLAND_ARENA_HTTP_JSON_H_

#include <string>

#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace woodland::arena::http {

// A quoted, escaped JSON string.
std::string JsonQuote(absl::string_view s);
// protobuf's JSON mapping with proto field names and default values.
std::string ProtoJson(const google::protobuf::Message& m);

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_JSON_H_
