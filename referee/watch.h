// Server streams without a thread each (issue 16 item 7: one thread per
// WatchMatch stream, 500 unread streams -> 500 threads).
//
// A PullWriteReactor writes whatever Produce() yields, one asynchronous
// write at a time; it is woken by a WatcherSet (when a match publishes an
// update, or by a ticker) and by its own write completions. A slow or
// unread client only leaves its stream without a pending write: nothing
// waits for it. StreamLimiter bounds open streams overall and per client.
#ifndef WOODLAND_REFEREE_WATCH_H_
#define WOODLAND_REFEREE_WATCH_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace woodland::referee {

// Something a WatcherSet can wake. Reference counted so that a wake-up
// never races with the stream's end.
class Wakeable {
 public:
  virtual ~Wakeable() = default;
  virtual void Wake() = 0;
  void Ref() { refs_.fetch_add(1); }
  void Unref() {
    if (refs_.fetch_sub(1) == 1) delete this;
  }

 private:
  std::atomic<int> refs_{1};  // gRPC's, dropped when the stream is done
};

class WatcherSet {
 public:
  void Add(Wakeable* w);
  void Remove(Wakeable* w);
  // Wakes every member (outside the set's lock).
  void WakeAll();
  // No member now (a lock-free read, cheap enough for every decision).
  bool Empty() const { return size_.load(std::memory_order_relaxed) == 0; }

 private:
  std::mutex mu_;
  std::set<Wakeable*> members_;
  std::atomic<size_t> size_{0};
};

// Open streams, overall and per client host (the peer without its port).
class StreamLimiter {
 public:
  StreamLimiter(int max_total, int max_per_client)
      : max_total_(max_total), max_per_client_(max_per_client) {}
  // False (and nothing taken) when either limit is reached.
  bool Acquire(const std::string& client);
  void Release(const std::string& client);
  // "ipv4:127.0.0.1:5555" -> "ipv4:127.0.0.1".
  static std::string ClientOf(const std::string& peer);

 private:
  const int max_total_, max_per_client_;
  std::mutex mu_;
  int total_ = 0;
  std::map<std::string, int> per_client_;
};

// The reactor: subclasses say what to write next.
template <class T>
class PullWriteReactor : public grpc::ServerWriteReactor<T>, public Wakeable {
 public:
  // Writes what is available now; finishes when Produce() says done.
  void Wake() override {
    bool write = false, finish = false;
    grpc::Status status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (writing_ || finished_) return;
      bool done = false;
      if (cancelled_) {
        finish = true;
        status = grpc::Status::CANCELLED;
      } else if (Produce(&current_, &done)) {
        write = writing_ = true;
      } else if (done) {
        finish = true;
      }
      finished_ = finish;
    }
    if (write) this->StartWrite(&current_);
    if (finish) this->Finish(status);
  }
  void OnWriteDone(bool ok) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      writing_ = false;
      if (!ok) cancelled_ = true;
    }
    Wake();
  }
  void OnCancel() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      cancelled_ = true;
    }
    Wake();
  }
  void OnDone() override {
    Closed();
    Unref();
  }

 protected:
  // Called under the reactor's lock: the next message (true), or false with
  // *done set when the stream is complete (else more may come later).
  virtual bool Produce(T* out, bool* done) = 0;
  // The stream is over: leave every WatcherSet, release limits.
  virtual void Closed() = 0;

 private:
  std::mutex mu_;
  T current_;
  bool writing_ = false, finished_ = false, cancelled_ = false;
};

// A stream refused at once with `status`.
template <class T>
class RefusedStream : public grpc::ServerWriteReactor<T> {
 public:
  explicit RefusedStream(const grpc::Status& status) { this->Finish(status); }
  void OnDone() override { delete this; }
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_WATCH_H_
