// Issue 19.3: a hash of what a request shows its bot (the observation, the
// prompt, the options and the events, each serialized deterministically),
// computed by faulty_bot's `viewhash` mode on what it received and by a
// test on what the referee built.
#ifndef WOODLAND_TESTS_REFEREE_VIEW_HASH_H_
#define WOODLAND_TESTS_REFEREE_VIEW_HASH_H_

#include <cstdio>
#include <functional>
#include <string>

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::test_util {

inline void AppendDeterministic(const google::protobuf::Message& m,
                                std::string* out) {
  google::protobuf::io::StringOutputStream stream(out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  m.SerializeToCodedStream(&coded);
}

inline std::string ViewHash(const v1::DecisionRequest& r) {
  std::string bytes;
  AppendDeterministic(r.observation(), &bytes);
  AppendDeterministic(r.prompt(), &bytes);
  for (const auto& o : r.options()) AppendDeterministic(o, &bytes);
  for (const auto& e : r.events()) AppendDeterministic(e, &bytes);
  char hex[32];
  std::snprintf(hex, sizeof hex, "%zx/%zu", std::hash<std::string>()(bytes),
                bytes.size());
  return hex;
}

}  // namespace woodland::test_util

#endif  // WOODLAND_TESTS_REFEREE_VIEW_HASH_H_
