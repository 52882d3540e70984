// The one source of randomness in a match (shuffles, dice, random picks).
//
// A match is a pure function of (setup, seed, decisions): every random
// outcome is drawn here, either from our own seeded PRNG (xoshiro256**, with
// Lemire's unbiased bounded draw; never std:: distributions, whose output
// differs between standard libraries) or from a recorded list of outcomes
// (e.g. the dice and draws of a game humans played). The stream is a value
// inside State, so copying a State copies its future randomness too.
#ifndef WOODLAND_REFEREE_RULES_CHANCE_H_
#define WOODLAND_REFEREE_RULES_CHANCE_H_

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace woodland::rules {

// What a chance outcome decides; recorded outcomes are checked against it.
enum ChanceKind : uint8_t {
  kChanceDraw = 0,  // which card of the deck is drawn (index into deck)
  kChanceDie = 1,   // one battle die, 0..3 (Law 4.3.3)
  kChancePick = 2,  // a random card from a hand (e.g. Stand and Deliver!)
  kChanceSeat = 3,  // seat order / first player at setup (Law 5.1.1)
  kChanceSuit = 4,  // which suit marker lands on a clearing (Law 19.1)
  // Advanced setup deals (Law 19.5.2 landmark cards, 19.6.1 hireling cards,
  // 19.8.2 faction setup cards and Vagabond characters).
  kChanceSetup = 5,
  // The hirelings' dice (Law 22.1.2 control die, face 0..5; the Spring
  // Uprising's die, suit 0..2).
  kChanceHirelingDie = 6,
};

struct ChanceOutcome {
  uint8_t kind;
  uint16_t value;
};

class Chance {
 public:
  explicit Chance(uint64_t seed = 0);

  // Returns an outcome in [0, n). n must be positive.
  int Draw(ChanceKind kind, int n);

  // From now on outcomes are taken from `outcomes` in order (falling back to
  // the PRNG once they run out, or when one is out of range for its draw).
  void Substitute(std::shared_ptr<const std::vector<ChanceOutcome>> outcomes);
  int draws() const { return draws_; }
  uint64_t Fingerprint() const;

 private:
  uint64_t Next();
  std::array<uint64_t, 4> s_;
  std::shared_ptr<const std::vector<ChanceOutcome>> recorded_;
  uint32_t recorded_pos_ = 0;
  int draws_ = 0;
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_CHANCE_H_
