// Boxed<T>: a faction board that most matches do not use, held behind a
// pointer so that copying a State without that faction copies one null
// pointer instead of the whole (empty) board.
//
// Still a plain value: copying a Boxed copies the board it holds (a deep
// copy; two States never share a mutable board). Reading an unset box gives
// a shared default-constructed board, which is what the inline member held
// before; the first mutable access allocates it. State sets the box of every
// seated faction up front, so references a faction module keeps to its own
// board never go stale.
#ifndef WOODLAND_REFEREE_RULES_BOXED_H_
#define WOODLAND_REFEREE_RULES_BOXED_H_

#include <memory>

namespace woodland::rules {

template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed& operator=(const Boxed& o) {
    if (this == &o) return *this;
    if (!o.p_) {
      p_.reset();
    } else if (p_) {
      *p_ = *o.p_;
    } else {
      p_ = std::make_unique<T>(*o.p_);
    }
    return *this;
  }
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(Boxed&&) noexcept = default;

  const T& get() const { return p_ ? *p_ : Default(); }
  T& mut() {
    if (!p_) p_ = std::make_unique<T>();
    return *p_;
  }
  // A default board, allocated (`live`: its faction is seated) or not.
  void Reset(bool live) {
    if (live) {
      p_ = std::make_unique<T>();
    } else {
      p_.reset();
    }
  }

 private:
  static const T& Default() {
    static const T kDefault{};
    return kDefault;
  }
  std::unique_ptr<T> p_;
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_BOXED_H_
