#include "referee/watch.h"

namespace woodland::referee {

void WatcherSet::Add(Wakeable* w) {
  std::lock_guard<std::mutex> lock(mu_);
  members_.insert(w);
  size_.store(members_.size(), std::memory_order_relaxed);
}

void WatcherSet::Remove(Wakeable* w) {
  std::lock_guard<std::mutex> lock(mu_);
  members_.erase(w);
  size_.store(members_.size(), std::memory_order_relaxed);
}

void WatcherSet::WakeAll() {
  std::vector<Wakeable*> woken;
  {
    std::lock_guard<std::mutex> lock(mu_);
    woken.reserve(members_.size());
    for (Wakeable* w : members_) {
      w->Ref();  // alive until woken, even if its stream ends meanwhile
      woken.push_back(w);
    }
  }
  for (Wakeable* w : woken) {
    w->Wake();
    w->Unref();
  }
}

bool StreamLimiter::Acquire(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  int& mine = per_client_[client];
  if (total_ >= max_total_ || mine >= max_per_client_) {
    if (mine == 0) per_client_.erase(client);
    return false;
  }
  ++total_;
  ++mine;
  return true;
}

void StreamLimiter::Release(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  --total_;
  if (--per_client_[client] <= 0) per_client_.erase(client);
}

std::string StreamLimiter::ClientOf(const std::string& peer) {
  if (peer.rfind("unix:", 0) == 0) return "unix";
  const size_t colon = peer.rfind(':');
  const size_t bracket = peer.rfind(']');
  if (colon == std::string::npos ||
      (bracket != std::string::npos && colon < bracket)) {
    return peer;
  }
  return peer.substr(0, colon);
}

}  // namespace woodland::referee
