#include "referee/history.h"

#include "absl/strings/str_cat.h"
#include "referee/bot_catalog.h"
#include "referee/convert.h"

namespace woodland::referee {

MatchHistory::MatchHistory(const rules::State& start,
                           std::vector<std::string> tokens)
    : start_(start), tokens_(std::move(tokens)) {}

void MatchHistory::Update(const rules::State& s) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto& all = s.events();
  events_.insert(events_.end(), all.begin() + events_.size(), all.end());
}

void MatchHistory::AddSeatEvent(int seat, size_t position, v1::Event e) {
  std::lock_guard<std::mutex> lock(mu_);
  seat_events_[seat].emplace_back(position, std::move(e));
}

void MatchHistory::Finish() {
  std::lock_guard<std::mutex> lock(mu_);
  over_ = true;
}

absl::StatusOr<v1::History> MatchHistory::Get(int seat,
                                              const std::string& token) const {
  if (seat < 0 || seat >= static_cast<int>(tokens_.size())) {
    return absl::PermissionDeniedError("no such seat or a wrong token");
  }
  // Compared in constant time: the answer must not leak a prefix.
  const std::string& want = tokens_[seat];
  unsigned diff = want.size() ^ token.size();
  for (size_t i = 0; i < want.size(); ++i)
    diff |= static_cast<unsigned char>(want[i]) ^
            static_cast<unsigned char>(i < token.size() ? token[i] : 0);
  if (diff != 0 || want.empty()) {
    return absl::PermissionDeniedError("no such seat or a wrong token");
  }
  v1::History h;
  std::lock_guard<std::mutex> lock(mu_);
  static const std::vector<std::pair<size_t, v1::Event>> kNone;
  auto it = seat_events_.find(seat);
  const auto& extra = it == seat_events_.end() ? kNone : it->second;
  size_t next = 0;  // the seat's referee-made events, at their positions
  for (size_t i = 0; i <= events_.size(); ++i) {
    for (; next < extra.size() && extra[next].first == i; ++next)
      *h.add_events() = extra[next].second;
    if (i < events_.size())
      EventToProto(start_, events_[i], seat, h.add_events());
  }
  h.set_match_over(over_);
  return h;
}

std::string NewHistoryToken() {
  return absl::StrCat(absl::Hex(SecureRandom64(), absl::kZeroPad16),
                      absl::Hex(SecureRandom64(), absl::kZeroPad16));
}

void HistoryRegistry::Add(const std::string& match_id,
                          std::shared_ptr<MatchHistory> h) {
  std::lock_guard<std::mutex> lock(mu_);
  if (by_id_.emplace(match_id, std::move(h)).second) order_.push_back(match_id);
  while (order_.size() > max_kept_) {
    by_id_.erase(order_.front());
    order_.pop_front();
  }
}

std::shared_ptr<MatchHistory> HistoryRegistry::Find(
    const std::string& match_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = by_id_.find(match_id);
  return it == by_id_.end() ? nullptr : it->second;
}

}  // namespace woodland::referee
