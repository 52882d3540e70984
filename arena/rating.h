// Weng-Lin Bayesian rating with the Plackett-Luce model (the OpenSkill
// default), for free-for-all and team games with ties.
//
// Each player's skill is a Gaussian (mu, sigma); a match updates every
// participant from the finishing order. Defaults: mu 25, sigma 25/3,
// beta = sigma / 2, kappa (minimum variance factor) 1e-4, gamma = sigma_i / c.
// The conservative score used for rankings is mu - 3 sigma (ordinal).
#ifndef WOODLAND_ARENA_RATING_H_
#define WOODLAND_ARENA_RATING_H_

#include <vector>

namespace woodland::arena {

struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  double Ordinal() const { return mu - 3.0 * sigma; }
};

struct RatingModel {
  double beta = 25.0 / 6.0;
  double kappa = 1e-4;
  // Additive dynamics factor: sigma^2 += tau^2 before every update.
  double tau = 25.0 / 300.0;
};

// teams[i] = the ratings of team i's members; ranks[i] = team i's finishing
// place (lower is better; equal ranks are ties). Returns updated ratings in
// the same shape. Precondition: teams and ranks have the same size >= 2.
std::vector<std::vector<Rating>> RatePlackettLuce(
    const std::vector<std::vector<Rating>>& teams,
    const std::vector<int>& ranks, const RatingModel& model = {});

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_RATING_H_
