// SmallVector<T, N>: absl::InlinedVector (the first N elements live inside
// the object, more spill to the heap) that also reads and compares as the
// std::vector it replaced in State (issue 19: a State copy without ~20 heap
// allocations for hands, piles, the Decree, items and the task stack).
//
// Still a plain value: copying copies the elements (a memcpy of the inline
// buffer for trivially copyable T). It converts implicitly to std::vector<T>
// and compares equal to a std::vector<T> with the same elements, so code
// that copies a hand into a std::vector or tests it against a literal list
// reads as before.
#ifndef WOODLAND_REFEREE_RULES_SMALL_VECTOR_H_
#define WOODLAND_REFEREE_RULES_SMALL_VECTOR_H_

#include <algorithm>
#include <cstddef>
#include <vector>

#include "absl/container/inlined_vector.h"

namespace woodland::rules {

template <class T, size_t N>
class SmallVector : public absl::InlinedVector<T, N> {
  using Base = absl::InlinedVector<T, N>;

 public:
  using Base::Base;
  SmallVector() = default;
  SmallVector(const std::vector<T>& v)  // NOLINT: implicit, as a vector
      : Base(v.begin(), v.end()) {}

  operator std::vector<T>() const {  // NOLINT: implicit, as a vector
    return std::vector<T>(this->begin(), this->end());
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator==(const SmallVector& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_SMALL_VECTOR_H_
