#include "arena/rating.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace woodland::arena {

std::vector<std::vector<Rating>> RatePlackettLuce(
    const std::vector<std::vector<Rating>>& teams,
    const std::vector<int>& ranks, const RatingModel& model) {
  if (model.tau > 0) {  // skills drift between matches
    std::vector<std::vector<Rating>> drifted = teams;
    for (auto& team : drifted) {
      for (Rating& r : team)
        r.sigma = std::sqrt(r.sigma * r.sigma + model.tau * model.tau);
    }
    RatingModel plain = model;
    plain.tau = 0;
    return RatePlackettLuce(drifted, ranks, plain);
  }
  const size_t k = teams.size();
  const double beta_sq = model.beta * model.beta;
  std::vector<double> mu(k, 0), sigma_sq(k, 0);
  for (size_t i = 0; i < k; ++i) {
    for (const Rating& r : teams[i]) {
      mu[i] += r.mu;
      sigma_sq[i] += r.sigma * r.sigma;
    }
  }
  // c: the collective standard deviation of all teams' performances.
  double c = 0;
  for (size_t i = 0; i < k; ++i) c += sigma_sq[i] + beta_sq;
  c = std::sqrt(c);
  // sum_q[q] = sum of exp(mu_s / c) over teams s finishing at or after q;
  // a[q] = number of teams tied with q.
  std::vector<double> sum_q(k, 0);
  std::vector<int> a(k, 0);
  for (size_t q = 0; q < k; ++q) {
    for (size_t s = 0; s < k; ++s) {
      if (ranks[s] >= ranks[q]) sum_q[q] += std::exp(mu[s] / c);
      if (ranks[s] == ranks[q]) ++a[q];
    }
  }
  std::vector<std::vector<Rating>> out(k);
  for (size_t i = 0; i < k; ++i) {
    const double e = std::exp(mu[i] / c);
    double omega = 0, delta = 0;
    for (size_t q = 0; q < k; ++q) {
      if (ranks[q] > ranks[i]) continue;  // only teams at or above i
      const double quotient = e / sum_q[q];
      omega += (i == q ? 1 - quotient : -quotient) / a[q];
      delta += quotient * (1 - quotient) / a[q];
    }
    const double gamma = std::sqrt(sigma_sq[i]) / c;
    const double team_omega = omega * sigma_sq[i] / c;
    const double team_delta = gamma * delta * sigma_sq[i] / (c * c);
    for (const Rating& r : teams[i]) {
      const double share = r.sigma * r.sigma / sigma_sq[i];
      Rating updated;
      updated.mu = r.mu + share * team_omega;
      updated.sigma =
          r.sigma * std::sqrt(std::max(1 - share * team_delta, model.kappa));
      out[i].push_back(updated);
    }
  }
  return out;
}

}  // namespace woodland::arena
