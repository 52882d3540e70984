#include "referee/rules/chance.h"

#include "referee/rules/check.h"

namespace woodland::rules {
namespace {

uint64_t SplitMix(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Chance::Chance(uint64_t seed) {
  for (uint64_t& v : s_) v = SplitMix(seed);
}

uint64_t Chance::Next() {
  const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = Rotl(s_[3], 45);
  return result;
}

int Chance::Draw(ChanceKind kind, int n) {
  CHECK_GT(n, 0);
  ++draws_;
  if (recorded_ && recorded_pos_ < recorded_->size()) {
    const ChanceOutcome& o = (*recorded_)[recorded_pos_++];
    if (o.kind == kind && o.value < n) return o.value;
  }
  // Lemire's multiply-shift with rejection: unbiased in [0, n).
  const uint64_t range = static_cast<uint64_t>(n);
  for (;;) {
    const uint64_t x = Next() >> 32;
    const uint64_t m = x * range;
    if ((m & 0xffffffffULL) >= (0x100000000ULL % range)) {
      return static_cast<int>(m >> 32);
    }
  }
}

void Chance::Substitute(
    std::shared_ptr<const std::vector<ChanceOutcome>> outcomes) {
  recorded_ = std::move(outcomes);
  recorded_pos_ = 0;
}

uint64_t Chance::Fingerprint() const {
  return s_[0] ^ Rotl(s_[1], 13) ^ Rotl(s_[2], 29) ^ Rotl(s_[3], 41) ^
         recorded_pos_;
}

}  // namespace woodland::rules
