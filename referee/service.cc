#include "referee/service.h"

#include "absl/strings/str_cat.h"
#include "referee/bot_catalog.h"

namespace woodland::referee {

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < threads; ++i) {
    threads_.emplace_back([this, i] {
      for (;;) {
        std::function<void(int)> job;
        {
          std::unique_lock<std::mutex> lock(mu_);
          cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
          if (jobs_.empty()) return;
          job = std::move(jobs_.front());
          jobs_.pop_front();
        }
        job(i);
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

void WorkerPool::Submit(std::function<void(int)> job) {
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
  watchers_.WakeAll();
}

void MatchChannel::KeepBacklog(const rules::State& s, size_t from,
                               const std::string& match_id) {
  std::lock_guard<std::mutex> lock(mu_);
  backlog_ = s;
  backlog_from_ = from;
  backlog_at_ = updates_.size();
  match_id_ = match_id;
}

bool MatchChannel::TryGet(size_t i, v1::MatchUpdate* out, bool* done) {
  std::lock_guard<std::mutex> lock(mu_);
  if (backlog_ && i >= backlog_at_) {
    // Converted once, by the first watcher that reaches it.
    std::vector<v1::MatchUpdate> u =
        PublicEventUpdates(*backlog_, backlog_from_, match_id_);
    updates_.insert(updates_.begin() + backlog_at_, u.begin(), u.end());
    backlog_.reset();
  }
  *done = done_;
  if (i >= updates_.size()) return false;
  *out = updates_[i];
  return true;
}

namespace {

// Forwards a match's updates to its channel.
class ChannelListener : public MatchListener {
 public:
  explicit ChannelListener(std::shared_ptr<MatchChannel> c)
      : channel_(std::move(c)) {}
  void OnUpdate(const v1::MatchUpdate& u) override { channel_->Publish(u); }
  // Issue 12: no live work while no stream watches; the view goes to the bot
  // as the referee's own bytes.
  bool ReadsRequests() const override { return false; }
  bool Watched() const override { return channel_->Watched(); }
  void OnBacklog(const rules::State& s, size_t from,
                 const std::string& match_id) override {
    channel_->KeepBacklog(s, from, match_id);
  }

 private:
  std::shared_ptr<MatchChannel> channel_;
};

// Streams a channel's updates to one watcher, without a thread of its own.
class WatchReactor : public PullWriteReactor<v1::MatchUpdate> {
 public:
  WatchReactor(std::shared_ptr<MatchChannel> channel, StreamLimiter* limiter,
               std::string client)
      : channel_(std::move(channel)),
        limiter_(limiter),
        client_(std::move(client)) {
    channel_->watchers().Add(this);
  }

 private:
  bool Produce(v1::MatchUpdate* out, bool* done) override {
    if (!channel_->TryGet(next_, out, done)) return false;
    ++next_;
    return true;
  }
  void Closed() override {
    channel_->watchers().Remove(this);
    limiter_->Release(client_);
  }

  std::shared_ptr<MatchChannel> channel_;
  StreamLimiter* limiter_;
  const std::string client_;
  size_t next_ = 0;
};

}  // namespace

RefereeService::RefereeService(MatchOptions options, BotCatalog catalog,
                               int workers, size_t max_kept, WatchLimits watch)
    : catalog_(std::move(catalog)),
      history_(max_kept),
      options_(std::move(options)),
      max_kept_(max_kept),
      watch_limiter_(watch.max_total, watch.max_per_client) {
  for (int i = 0; i < workers; ++i) {
    worker_channels_.push_back(std::make_unique<BotChannels>());
  }
  pool_ = std::make_unique<WorkerPool>(workers);
  options_.catalog = &catalog_;
  options_.history = &history_;
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
  if (authenticate_) {
    if (grpc::Status a = authenticate_(*ctx, "RunMatch"); !a.ok()) {
      reactor->Finish(a);
      return reactor;
    }
  }
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
  }
  // Everything checkable is checked before anything is kept (issue 16
  // item 8: failed calls each left a channel behind).
  absl::Status valid = ValidateSpec(spec, options_);
  if (valid.ok()) {
    absl::StatusOr<rules::GameSetup> s =
        SetupFromSpec(spec, options_.default_max_turns);
    valid =
        s.ok() ? rules::State::NewGame(*s, spec.seed()).status() : s.status();
  }
  if (!valid.ok()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                                 std::string(valid.message())));
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
  pool_->Submit([this, spec, result, reactor, channel](int worker) {
    ChannelListener listener(channel);
    MatchOptions options = options_;
    options.connect.channels = worker_channels_[worker].get();
    absl::StatusOr<MatchOutput> out =
        referee::RunMatch(spec, options, &listener);
    {
      // Kept (and in time evicted) whether the match ran or not.
      std::lock_guard<std::mutex> lock(mu_);
      // A sealed match's replay goes to the caller only (issue 16.2).
      if (out.ok() && !spec.sealed()) replays_[spec.match_id()] = out->replay;
      kept_order_.push_back(spec.match_id());
      while (kept_order_.size() > max_kept_) {
        replays_.erase(kept_order_.front());
        channels_.erase(kept_order_.front());
        sealed_.erase(kept_order_.front());
        kept_order_.pop_front();
      }
    }
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
    *result = out->result;
    if (spec.sealed()) *result->mutable_replay() = std::move(out->replay);
    // Issue 14: stderr goes to the RunMatch caller only (the arena shows it
    // to the bot's owner).
    for (int i = 0; i < result->seats_size(); ++i) {
      if (i < static_cast<int>(out->stderr_by_seat.size()))
        result->mutable_seats(i)->set_stderr(out->stderr_by_seat[i]);
    }
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerWriteReactor<v1::MatchUpdate>* RefereeService::WatchMatch(
    grpc::CallbackServerContext* ctx, const v1::WatchRequest* req) {
  if (authenticate_) {
    if (grpc::Status a = authenticate_(*ctx, "WatchMatch"); !a.ok())
      return new RefusedStream<v1::MatchUpdate>(a);
  }
  if (Sealed(req->match_id())) {
    return new RefusedStream<v1::MatchUpdate>(grpc::Status(
        grpc::StatusCode::PERMISSION_DENIED, "this match is sealed"));
  }
  auto channel = Channel(req->match_id(), false);
  if (!channel) {
    return new RefusedStream<v1::MatchUpdate>(
        grpc::Status(grpc::StatusCode::NOT_FOUND, "no such match"));
  }
  const std::string client = StreamLimiter::ClientOf(ctx->peer());
  if (!watch_limiter_.Acquire(client)) {
    return new RefusedStream<v1::MatchUpdate>(grpc::Status(
        grpc::StatusCode::RESOURCE_EXHAUSTED, "too many open watch streams"));
  }
  auto* reactor = new WatchReactor(std::move(channel), &watch_limiter_, client);
  reactor->Wake();
  return reactor;
}

grpc::ServerUnaryReactor* RefereeService::GetReplay(
    grpc::CallbackServerContext* ctx, const v1::GetReplayRequest* req,
    v1::Replay* replay) {
  auto* reactor = ctx->DefaultReactor();
  if (authenticate_) {
    if (grpc::Status a = authenticate_(*ctx, "GetReplay"); !a.ok()) {
      reactor->Finish(a);
      return reactor;
    }
  }
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

grpc::ServerUnaryReactor* RefereeService::GetHistory(
    grpc::CallbackServerContext* ctx, const v1::HistoryRequest* req,
    v1::History* history) {
  auto* reactor = ctx->DefaultReactor();
  std::shared_ptr<MatchHistory> h = history_.Find(req->match_id());
  if (!h) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND, "no such match"));
    return reactor;
  }
  absl::StatusOr<v1::History> got = h->Get(req->seat(), req->token());
  if (!got.ok()) {
    reactor->Finish(grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                                 std::string(got.status().message())));
    return reactor;
  }
  *history = *std::move(got);
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

}  // namespace woodland::referee
