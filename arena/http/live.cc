#include "arena/http/live.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arena/http/frames.h"
#include "arena/http/json.h"
#include "referee/convert.h"

namespace woodland::arena::http {

class LiveMatches::Listener : public referee::MatchListener {
 public:
  Listener(LiveMatches* owner, std::shared_ptr<Entry> entry)
      : owner_(owner), entry_(std::move(entry)) {}
  ~Listener() override { owner_->Finish(entry_->match); }

  // Issue 12: the view goes to the bot as the referee's bytes; nothing is
  // converted while no one watches, but the first snapshot (the map and the
  // factions the list shows).
  bool ReadsRequests() const override { return false; }
  bool Watched() const override {
    return absl::ToUnixMillis(absl::Now()) <
           entry_->watched_until_ms.load(std::memory_order_relaxed);
  }

  void OnRequest(const rules::State& s, const v1::DecisionRequest&) override {
    entry_->events_total.store(s.events().size(), std::memory_order_relaxed);
    const absl::Time now = absl::Now();
    {
      std::lock_guard<std::mutex> lock(owner_->mu_);
      if (!entry_->map_json.empty() &&
          (now - entry_->last_snapshot < owner_->min_interval_ || !Watched()))
        return;
    }
    Snapshot(s, now);
  }

  void OnUpdate(const v1::MatchUpdate& u) override {
    std::lock_guard<std::mutex> lock(owner_->mu_);
    AppendEvents(*entry_, u);
    if (u.has_result()) entry_->done = true;
  }

  void OnBacklog(const rules::State& s, size_t from,
                 const std::string&) override {
    entry_->events_total.store(s.events().size(), std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(owner_->mu_);
    entry_->backlog = s;
    entry_->backlog_from = from;
  }

 private:
  void Snapshot(const rules::State& s, absl::Time now) {
    v1::Observation obs;
    referee::ObservationToProto(s, -1, &obs);  // a spectator's view
    std::string json = ProtoJson(obs);
    std::string map;
    bool need_map;
    {
      std::lock_guard<std::mutex> lock(owner_->mu_);
      need_map = entry_->map_json.empty();
    }
    if (need_map) map = MapJson(s.map());
    std::vector<std::string> factions;
    for (int i = 0; i < s.num_seats(); ++i) {
      factions.push_back(JsonQuote(
          v1::Faction_Name(referee::FactionToProto(s.seat(i).faction))));
    }
    std::lock_guard<std::mutex> lock(owner_->mu_);
    if (need_map) {
      entry_->map_json = std::move(map);
      entry_->factions = std::move(factions);
    }
    entry_->observation_json = std::move(json);
    entry_->last_snapshot = now;
  }

  LiveMatches* owner_;
  std::shared_ptr<Entry> entry_;
};

std::unique_ptr<referee::MatchListener> LiveMatches::Listen(
    int64_t tournament, int64_t match, std::vector<std::string> bots) {
  auto e = std::make_shared<Entry>();
  e->tournament = tournament;
  e->match = match;
  e->bots = std::move(bots);
  std::lock_guard<std::mutex> lock(mu_);
  entries_[match] = e;
  return std::make_unique<Listener>(this, e);
}

void LiveMatches::AppendEvents(Entry& e, const v1::MatchUpdate& u) {
  for (const v1::Event& ev : u.events()) {  // the public view already
    e.events.push_back(absl::StrCat(
        "{\"i\":", e.events.size(), ",\"kind\":", JsonQuote(ev.kind()),
        ",\"seat\":", ev.seat(), ",\"text\":", JsonQuote(ev.text()), "}"));
  }
}

void LiveMatches::Finish(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(match);
  if (it == entries_.end()) return;
  it->second->done = true;
  finished_.push_back(match);
  while (static_cast<int>(finished_.size()) > keep_finished_) {
    entries_.erase(finished_.front());
    finished_.pop_front();
  }
}

std::string LiveMatches::ListJson() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> running, done;
  for (const auto& [id, e] : entries_) {
    std::vector<std::string> bots;
    for (const std::string& b : e->bots) bots.push_back(JsonQuote(b));
    (e->done ? done : running)
        .push_back(absl::StrCat(
            "{\"match\":", id, ",\"tournament\":", e->tournament, ",\"bots\":[",
            absl::StrJoin(bots, ","), "],\"factions\":[",
            absl::StrJoin(e->factions, ","),
            "],\"events\":", std::max(e->events.size(), e->events_total.load()),
            ",\"done\":", e->done ? "true" : "false", "}"));
  }
  for (std::string& d : done) running.push_back(std::move(d));
  return absl::StrCat("[", absl::StrJoin(running, ","), "]");
}

absl::StatusOr<std::string> LiveMatches::StateJson(int64_t match,
                                                   int64_t after) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(match);
  if (it == entries_.end()) return absl::NotFoundError("no such live match");
  Entry& e = *it->second;
  e.watched_until_ms.store(absl::ToUnixMillis(absl::Now() + watch_for_));
  if (e.backlog) {  // a finished match no one watched: convert it now
    for (const v1::MatchUpdate& u :
         referee::PublicEventUpdates(*e.backlog, e.backlog_from, ""))
      AppendEvents(e, u);
    v1::Observation obs;
    referee::ObservationToProto(*e.backlog, -1, &obs);
    e.observation_json = ProtoJson(obs);
    e.backlog.reset();
  }
  std::vector<std::string> bots;
  for (const std::string& b : e.bots) bots.push_back(JsonQuote(b));
  std::string j = absl::StrCat(
      "{\"match\":", match, ",\"done\":", e.done ? "true" : "false",
      ",\"bots\":[", absl::StrJoin(bots, ","), "],\"seats\":[",
      absl::StrJoin(e.factions, ","),
      "],\"map\":", e.map_json.empty() ? "null" : e.map_json,
      ",\"observation\":",
      e.observation_json.empty() ? "null" : e.observation_json,
      ",\"events_total\":", e.events.size(), ",\"events\":[");
  const size_t from =
      std::clamp<int64_t>(after, 0, static_cast<int64_t>(e.events.size()));
  for (size_t i = from; i < e.events.size(); ++i)
    absl::StrAppend(&j, i > from ? "," : "", e.events[i]);
  return j + "]}";
}

}  // namespace woodland::arena::http
