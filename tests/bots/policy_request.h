// Helpers of the heuristic's policy tests: a hand-made DecisionRequest from
// protobuf text, and the option label the policy picks under every seed.
#ifndef WOODLAND_TESTS_BOTS_POLICY_REQUEST_H_
#define WOODLAND_TESTS_BOTS_POLICY_REQUEST_H_

#include <google/protobuf/text_format.h>

#include <string>

#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"

namespace woodland::bots {

inline v1::DecisionRequest Parse(const std::string& text) {
  v1::DecisionRequest r;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &r)) << text;
  return r;
}

// The label of the option the policy picks; the same under every seed (the
// jitter only breaks ties).
inline std::string Pick(const v1::DecisionRequest& r) {
  std::string first;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    HeuristicPolicy policy(seed);
    const std::string label = r.options(policy.Choose(r)).label();
    if (seed == 1) first = label;
    EXPECT_EQ(label, first) << "seed " << seed;
  }
  return first;
}

}  // namespace woodland::bots

#endif  // WOODLAND_TESTS_BOTS_POLICY_REQUEST_H_
