// CHECK macros for invariants (Debian 12's abseil predates absl/log).
// A failed CHECK is a bug in the engine: it prints and aborts. Input from
// outside never reaches a CHECK; it returns absl::Status instead.
#ifndef WOODLAND_REFEREE_RULES_CHECK_H_
#define WOODLAND_REFEREE_RULES_CHECK_H_

#include <cstdlib>
#include <iostream>
#include <sstream>

namespace woodland::internal {

class CheckFailure {
 public:
  CheckFailure(const char* file, int line, const char* cond) {
    stream_ << file << ":" << line << ": CHECK failed: " << cond << " ";
  }
  [[noreturn]] ~CheckFailure() {
    std::cerr << stream_.str() << std::endl;
    std::abort();
  }
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
};

// Lets `CHECK(x) << "message"` compile to nothing when x holds.
struct Voidify {
  void operator&(std::ostream&) {}
};

}  // namespace woodland::internal

#define CHECK(cond)                                                          \
  (cond) ? (void)0                                                           \
         : ::woodland::internal::Voidify() &                                 \
               ::woodland::internal::CheckFailure(__FILE__, __LINE__, #cond) \
                   .stream()
#define CHECK_LE(a, b) CHECK((a) <= (b))
#define CHECK_LT(a, b) CHECK((a) < (b))
#define CHECK_GT(a, b) CHECK((a) > (b))
#define CHECK_GE(a, b) CHECK((a) >= (b))
#define CHECK_EQ(a, b) CHECK((a) == (b))

#endif  // WOODLAND_REFEREE_RULES_CHECK_H_
