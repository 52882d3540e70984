#include "referee/service.h"

#include "absl/strings/str_cat.h"
#include "referee/bot_catalog.h"

namespace woodland::referee {

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back([this] {
      for (;;) {
        std::function<void()> job;
        {
          std::unique_lock<std::mutex> lock(mu_);
          cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
          if (jobs_.empty()) return;
          job = std::move(jobs_.front());
          jobs_.pop_front();
        }
        job();
      }
    });
  }
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::Submit(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

void MatchChannel::Publish(const v1::MatchUpdate& u) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    updates_.push_back(u);
    if (u.has_result()) done_ = true;
  }
  cv_.notify_all();
}

bool MatchChannel::Get(size_t i, v1::MatchUpdate* out, absl::Duration timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait_for(lock, absl::ToChronoMilliseconds(timeout),
               [&] { return i < updates_.size() || done_; });
  if (i >= updates_.size()) return false;
  *out = updates_[i];
  return true;
}

bool MatchChannel::Done() {
  std::lock_guard<std::mutex> lock(mu_);
  return done_;
}

namespace {

// Forwards a match's updates to its channel.
class ChannelListener : public MatchListener {
 public:
  explicit ChannelListener(std::shared_ptr<MatchChannel> c)
      : channel_(std::move(c)) {}
  void OnUpdate(const v1::MatchUpdate& u) override { channel_->Publish(u); }

 private:
  std::shared_ptr<MatchChannel> channel_;
};

// Streams a channel's updates to one watcher. One thread per watcher waits
// for updates and issues one write at a time; gRPC's own threads only signal
// it, so they never block.
class WatchReactor : public grpc::ServerWriteReactor<v1::MatchUpdate> {
 public:
  explicit WatchReactor(std::shared_ptr<MatchChannel> channel)
      : channel_(std::move(channel)), writer_([this] { Loop(); }) {}

  void OnWriteDone(bool ok) override {
    std::lock_guard<std::mutex> lock(mu_);
    write_ok_ = ok;
    writing_ = false;
    cv_.notify_all();
  }
  void OnCancel() override {
    std::lock_guard<std::mutex> lock(mu_);
    cancelled_ = true;
    cv_.notify_all();
  }
  void OnDone() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      cancelled_ = true;
      cv_.notify_all();
    }
    if (writer_.get_id() == std::this_thread::get_id()) {
      writer_.detach();
    } else {
      writer_.join();
    }
    delete this;
  }

 private:
  void Loop() {
    size_t next = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return !writing_ || cancelled_; });
        if (cancelled_ || !write_ok_) break;
      }
      if (channel_->Get(next, &current_, absl::Milliseconds(200))) {
        ++next;
        {
          std::lock_guard<std::mutex> lock(mu_);
          writing_ = true;
        }
        StartWrite(&current_);
        continue;
      }
      if (channel_->Done()) break;
    }
    bool cancelled;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return !writing_ || cancelled_; });
      cancelled = cancelled_ || !write_ok_;
    }
    Finish(cancelled ? grpc::Status::CANCELLED : grpc::Status::OK);
  }

  std::shared_ptr<MatchChannel> channel_;
  v1::MatchUpdate current_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool writing_ = false;
  bool write_ok_ = true;
  bool cancelled_ = false;
  std::thread writer_;  // last: starts after the fields above exist
};

}  // namespace

RefereeService::RefereeService(MatchOptions options, BotCatalog catalog,
                               int workers, size_t max_kept)
    : catalog_(std::move(catalog)),
      options_(std::move(options)),
      max_kept_(max_kept),
      pool_(std::make_unique<WorkerPool>(workers)) {
  options_.catalog = &catalog_;
}

RefereeService::~RefereeService() { pool_.reset(); }

bool RefereeService::Sealed(const std::string& id) {
  std::lock_guard<std::mutex> lock(mu_);
  return sealed_.count(id) > 0;
}

std::shared_ptr<MatchChannel> RefereeService::Channel(const std::string& id,
                                                      bool create) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = channels_.find(id);
  if (it != channels_.end()) return it->second;
  if (!create) return nullptr;
  auto c = std::make_shared<MatchChannel>();
  channels_[id] = c;
  return c;
}

grpc::ServerUnaryReactor* RefereeService::RunMatch(
    grpc::CallbackServerContext* ctx, const v1::MatchSpec* spec_in,
    v1::MatchResult* result) {
  auto* reactor = ctx->DefaultReactor();
  // Issue 16.1: seats name catalogue bots or allowed endpoints, never a
  // command line.
  for (const v1::SeatSpec& seat : spec_in->seats()) {
    if (absl::Status s = catalog_.CheckRemote(seat.bot()); !s.ok()) {
      reactor->Finish(grpc::Status(static_cast<grpc::StatusCode>(s.code()),
                                   std::string(s.message())));
      return reactor;
    }
  }
  v1::MatchSpec spec = *spec_in;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (spec.match_id().empty()) {  // random: ids are not predictable
      spec.set_match_id(
          absl::StrCat("m-", absl::Hex(SecureRandom64(), absl::kZeroPad16)));
    }
    if (channels_.count(spec.match_id())) {
      reactor->Finish(grpc::Status(grpc::StatusCode::ALREADY_EXISTS,
                                   "a match with this id exists"));
      return reactor;
    }
  }
  if (absl::StatusOr<rules::GameSetup> s = SetupFromSpec(spec, 1000); !s.ok()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                                 std::string(s.status().message())));
    return reactor;
  }
  std::shared_ptr<MatchChannel> channel;
  {
    // Sealed before the channel exists, so no watcher slips in between.
    std::lock_guard<std::mutex> lock(mu_);
    if (channels_.count(spec.match_id())) {  // a concurrent request won
      reactor->Finish(grpc::Status(grpc::StatusCode::ALREADY_EXISTS,
                                   "a match with this id exists"));
      return reactor;
    }
    if (spec.sealed()) sealed_.insert(spec.match_id());
    channel = std::make_shared<MatchChannel>();
    channels_[spec.match_id()] = channel;
  }
  pool_->Submit([this, spec, result, reactor, channel] {
    ChannelListener listener(channel);
    absl::StatusOr<MatchOutput> out =
        referee::RunMatch(spec, options_, &listener);
    if (!out.ok()) {
      v1::MatchUpdate end;
      end.set_match_id(spec.match_id());
      end.mutable_result()->set_end_reason(v1::END_REASON_ABORTED);
      channel->Publish(end);
      {
        std::lock_guard<std::mutex> lock(mu_);
        sealed_.erase(spec.match_id());  // nothing was played
      }
      reactor->Finish(
          grpc::Status(static_cast<grpc::StatusCode>(out.status().code()),
                       std::string(out.status().message())));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      // A sealed match's replay goes to the caller only (issue 16.2).
      if (!spec.sealed()) replays_[spec.match_id()] = out->replay;
      kept_order_.push_back(spec.match_id());
      while (kept_order_.size() > max_kept_) {
        replays_.erase(kept_order_.front());
        channels_.erase(kept_order_.front());
        sealed_.erase(kept_order_.front());
        kept_order_.pop_front();
      }
    }
    *result = out->result;
    if (spec.sealed()) *result->mutable_replay() = std::move(out->replay);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerWriteReactor<v1::MatchUpdate>* RefereeService::WatchMatch(
    grpc::CallbackServerContext* ctx, const v1::WatchRequest* req) {
  struct Refused : grpc::ServerWriteReactor<v1::MatchUpdate> {
    explicit Refused(grpc::Status s) { Finish(s); }
    void OnDone() override { delete this; }
  };
  if (Sealed(req->match_id())) {
    return new Refused(grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                                    "this match is sealed"));
  }
  auto channel = Channel(req->match_id(), false);
  if (!channel) {
    return new Refused(
        grpc::Status(grpc::StatusCode::NOT_FOUND, "no such match"));
  }
  return new WatchReactor(std::move(channel));
}

grpc::ServerUnaryReactor* RefereeService::GetReplay(
    grpc::CallbackServerContext* ctx, const v1::GetReplayRequest* req,
    v1::Replay* replay) {
  auto* reactor = ctx->DefaultReactor();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = replays_.find(req->match_id());
  if (sealed_.count(req->match_id())) {
    reactor->Finish(grpc::Status(
        grpc::StatusCode::PERMISSION_DENIED,
        "this match is sealed: its replay went to the RunMatch caller"));
  } else if (it == replays_.end()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND,
                                 "no finished match with this id"));
  } else {
    *replay = it->second;
    reactor->Finish(grpc::Status::OK);
  }
  return reactor;
}

}  // namespace woodland::referee
