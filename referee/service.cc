#include "referee/service.h"

#include "absl/strings/str_cat.h"

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

RefereeService::RefereeService(MatchOptions options, int workers,
                               size_t max_kept)
    : options_(std::move(options)),
      max_kept_(max_kept),
      pool_(std::make_unique<WorkerPool>(workers)) {}

RefereeService::~RefereeService() { pool_.reset(); }

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
  v1::MatchSpec spec = *spec_in;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (spec.match_id().empty())
      spec.set_match_id(absl::StrCat("match-", next_id_++));
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
  auto channel = Channel(spec.match_id(), true);
  pool_->Submit([this, spec, result, reactor, channel] {
    ChannelListener listener(channel);
    absl::StatusOr<MatchOutput> out =
        referee::RunMatch(spec, options_, &listener);
    if (!out.ok()) {
      v1::MatchUpdate end;
      end.set_match_id(spec.match_id());
      end.mutable_result()->set_end_reason(v1::END_REASON_ABORTED);
      channel->Publish(end);
      reactor->Finish(
          grpc::Status(static_cast<grpc::StatusCode>(out.status().code()),
                       std::string(out.status().message())));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      replays_[spec.match_id()] = out->replay;
      kept_order_.push_back(spec.match_id());
      while (kept_order_.size() > max_kept_) {
        replays_.erase(kept_order_.front());
        channels_.erase(kept_order_.front());
        kept_order_.pop_front();
      }
    }
    *result = out->result;
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerWriteReactor<v1::MatchUpdate>* RefereeService::WatchMatch(
    grpc::CallbackServerContext* ctx, const v1::WatchRequest* req) {
  auto channel = Channel(req->match_id(), false);
  if (!channel) {
    struct NotFound : grpc::ServerWriteReactor<v1::MatchUpdate> {
      NotFound() {
        Finish(grpc::Status(grpc::StatusCode::NOT_FOUND, "no such match"));
      }
      void OnDone() override { delete this; }
    };
    return new NotFound();
  }
  return new WatchReactor(std::move(channel));
}

grpc::ServerUnaryReactor* RefereeService::GetReplay(
    grpc::CallbackServerContext* ctx, const v1::GetReplayRequest* req,
    v1::Replay* replay) {
  auto* reactor = ctx->DefaultReactor();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = replays_.find(req->match_id());
  if (it == replays_.end()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND,
                                 "no finished match with this id"));
  } else {
    *replay = it->second;
    reactor->Finish(grpc::Status::OK);
  }
  return reactor;
}

}  // namespace woodland::referee
