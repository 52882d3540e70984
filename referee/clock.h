// Injected time, so services and tests agree on "now" (Envoy style).
#ifndef WOODLAND_REFEREE_CLOCK_H_
#define WOODLAND_REFEREE_CLOCK_H_

#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace woodland::referee {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual absl::Time Now() = 0;
};

class RealClock : public Clock {
 public:
  absl::Time Now() override { return absl::Now(); }
  static RealClock* Get() {
    static RealClock clock;
    return &clock;
  }
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_CLOCK_H_
