// Golden signature: a hash over the final states of 300 seeded random games.
// It changes with any functional change to the engine. When a change is
// deliberate, update kSignature in the same commit and say why.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/playout.h"

namespace woodland::rules {
namespace {

// Last changed: the state hash now covers the Alliance board (no behaviour
// change for Marquise/Eyrie games).
constexpr char kSignature[] = "99535579422e7044";

TEST(Signature, MarquiseEyrieSeed1) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.max_turns = 1000;
  auto sum = Selfplay(setup, 1, 300);
  ASSERT_TRUE(sum.ok()) << sum.status();
  EXPECT_EQ(sum->finished, 300);
  EXPECT_EQ(absl::StrCat(absl::Hex(sum->signature, absl::kZeroPad16)),
            kSignature)
      << "engine behaviour changed; if deliberate, update kSignature";
}

}  // namespace
}  // namespace woodland::rules
