#include "referee/shared_events.h"

#include "referee/convert.h"
#include "referee/view_cache.h"

namespace woodland::referee {

bool SharedEvents::Shareable(const rules::State& s, const rules::Event& e) {
  if (!all_seated_) {
    all_seated_ = true;  // once seated, a seat keeps its faction
    for (int i = 0; i < s.num_seats(); ++i)
      all_seated_ &= s.seat(i).faction >= 0;
  }
  return all_seated_ && e.kind != rules::kEvHireling;
}

void SharedEvents::Convert(const rules::State& s, const rules::Event& e,
                           int seat, std::string* out) {
  // Issue 19.3: in an arena (a cleared event drops its payload there, not
  // to the heap), made anew once it holds kArenaLimit bytes.
  if (arena_ == nullptr || arena_->SpaceAllocated() > kArenaLimit) {
    RenewScratchArena(&arena_, kArenaBlock);
    scratch_ = google::protobuf::Arena::CreateMessage<v1::Event>(arena_.get());
  }
  out->clear();
  AppendEventBytes(s, e, seat, out, scratch_);
}

void SharedEvents::Reserve(size_t n) {
  if (n <= made_.size()) return;
  made_.resize(n, 0);
  forms_.resize(n);
}

std::string* SharedEvents::KeptForm(const rules::State& s, size_t e, int seat) {
  const rules::Event& ev = s.events()[e];
  if (!Shareable(s, ev)) return nullptr;
  Reserve(s.events().size());
  const int shown = rules::State::EventCardVisible(ev, seat) ? 1 : 0;
  std::string& form = forms_[e][shown];
  if (!(made_[e] >> shown & 1)) {
    Convert(s, ev, seat, &form);
    made_[e] |= 1 << shown;
  }
  return &form;
}

const std::string& SharedEvents::Bytes(const rules::State& s, size_t e,
                                       int seat) {
  if (std::string* form = KeptForm(s, e, seat)) return *form;
  Convert(s, s.events()[e], seat, &one_);
  return one_;
}

}  // namespace woodland::referee
