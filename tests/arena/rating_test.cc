// The Plackett-Luce update against published reference values of the
// OpenSkill model (the openskill.ex README example: two teams of two).
#include "arena/rating.h"

#include "gtest/gtest.h"

namespace woodland::arena {
namespace {

TEST(Rating, MatchesOpenSkillReferenceValues) {
  const Rating a1{25, 25.0 / 3.0}, a2{32.444, 5.123}, b1{43.381, 2.421},
      b2{25.188, 6.211};
  RatingModel no_dynamics;  // the reference values have tau off
  no_dynamics.tau = 0;
  const auto out = RatePlackettLuce({{a1, a2}, {b1, b2}}, {1, 2}, no_dynamics);
  EXPECT_NEAR(out[0][0].mu, 28.669648436582808, 1e-9);
  EXPECT_NEAR(out[0][0].sigma, 8.071520788025197, 1e-9);
  EXPECT_NEAR(out[0][1].mu, 33.83086971107981, 1e-9);
  EXPECT_NEAR(out[0][1].sigma, 5.062772998705765, 1e-9);
  EXPECT_NEAR(out[1][0].mu, 43.071274808241974, 1e-9);
  EXPECT_NEAR(out[1][0].sigma, 2.4166900452721256, 1e-9);
  EXPECT_NEAR(out[1][1].mu, 23.149503312339064, 1e-9);
  EXPECT_NEAR(out[1][1].sigma, 6.1378606973362135, 1e-9);
  EXPECT_NEAR(out[1][0].Ordinal(), 35.821204672425594, 1e-9);
}

TEST(Rating, FreeForAllOrderAndTies) {
  const Rating r;
  const auto out = RatePlackettLuce({{r}, {r}, {r}, {r}}, {1, 2, 3, 4});
  EXPECT_GT(out[0][0].mu, out[1][0].mu);
  EXPECT_GT(out[1][0].mu, out[2][0].mu);
  EXPECT_GT(out[2][0].mu, out[3][0].mu);
  for (const auto& t : out) EXPECT_LT(t[0].sigma, r.sigma);
  const auto tied = RatePlackettLuce({{r}, {r}}, {1, 1});
  EXPECT_NEAR(tied[0][0].mu, tied[1][0].mu, 1e-12);
}

}  // namespace
}  // namespace woodland::arena
