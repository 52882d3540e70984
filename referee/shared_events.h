// Issue 19.3: the events of a match converted once for every seat. A seat's
// conversion of an event (EventToProto) depends on the seat only through
// whether it is shown the event's card (State::EventCardVisible), so each
// event's wire form is made at most twice, card shown and card hidden, and
// every seat gets the form its visibility says: a seat never gets a card it
// may not see. Forms are kept only for events whose conversion reads
// nothing of the state that may still change: once every seat has its
// faction (a drafting seat's name changes, Law 19.8.3), and never for
// hireling events (they name the hireling's side in play now); those are
// converted for each seat when asked, as before.
#ifndef WOODLAND_REFEREE_SHARED_EVENTS_H_
#define WOODLAND_REFEREE_SHARED_EVENTS_H_

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "google/protobuf/arena.h"
#include "referee/rules/state.h"
#include "woodland/v1/game.pb.h"

namespace woodland::referee {

class SharedEvents {
 public:
  // The serialized EventToProto(s, s.events()[e], seat): valid until the
  // next call.
  const std::string& Bytes(const rules::State& s, size_t e, int seat);
  // Issue 19.3: the same, the kept form itself (made if need be) to be lent
  // to a request: moved into the request's field and back once it is
  // sent, not copied. Null when the event's form is not kept (Bytes then
  // converts it for this seat). Forms are kept in place until the next
  // call of Reserve or Bytes for a later event; Reserve(n) first makes
  // room for events [0, n), so that lent forms stay where they are.
  std::string* KeptForm(const rules::State& s, size_t e, int seat);
  void Reserve(size_t n);

 private:
  bool Shareable(const rules::State& s, const rules::Event& e);
  void Convert(const rules::State& s, const rules::Event& e, int seat,
               std::string* out);

  // Per event: the forms made (bit 0 card hidden, bit 1 shown) and them.
  std::vector<uint8_t> made_;
  std::vector<std::array<std::string, 2>> forms_;
  bool all_seated_ = false;
  static constexpr size_t kArenaBlock = 32 * 1024, kArenaLimit = 256 * 1024;
  std::unique_ptr<google::protobuf::Arena> arena_;
  v1::Event* scratch_ = nullptr;
  std::string one_;  // an event converted for one seat only
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_SHARED_EVENTS_H_
