#include "referee/match_runner.h"

#include <fstream>
#include <optional>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/arena.h"
#include "google/protobuf/util/time_util.h"
#include "referee/board_event.h"
#include "referee/convert.h"
#include "referee/request_bytes.h"
#include "referee/rules/chance.h"
#include "referee/rules/defs.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "referee/shared_events.h"
#include "referee/text.h"
#include "referee/view_cache.h"

namespace woodland::referee {
namespace {

using rules::State;

// A client-chosen duration within [0, max]; zero means `fallback`.
absl::StatusOr<absl::Duration> BoundedDuration(
    const google::protobuf::Duration& d, absl::Duration fallback,
    absl::Duration max, absl::string_view what) {
  if (d.seconds() < 0 || d.nanos() < 0 || d.nanos() >= 1000000000) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, " must be non-negative, with nanos in [0, 999999999]"));
  }
  if (d.seconds() == 0 && d.nanos() == 0) return std::min(fallback, max);
  if (d.seconds() > absl::ToInt64Seconds(max) ||
      absl::Seconds(d.seconds()) + absl::Nanoseconds(d.nanos()) > max) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " is longer than this referee allows (",
                     absl::FormatDuration(max), ")"));
  }
  return absl::Seconds(d.seconds()) + absl::Nanoseconds(d.nanos());
}

// As TimeUtil::NanosecondsToDuration, set in place (issue 19.3: three per
// decision).
void ToProto(absl::Duration d, google::protobuf::Duration* out) {
  constexpr int64_t kNanosPerSecond = 1000000000;
  const int64_t ns = absl::ToInt64Nanoseconds(d);
  out->set_seconds(ns / kNanosPerSecond);
  out->set_nanos(static_cast<int32_t>(ns % kNanosPerSecond));
}

const char* FaultName(v1::FaultReason r) {
  switch (r) {
    case v1::FAULT_REASON_TIMEOUT:
      return "timeout";
    case v1::FAULT_REASON_TRANSPORT:
      return "transport";
    case v1::FAULT_REASON_CRASHED:
      return "crashed";
    case v1::FAULT_REASON_INVALID:
      return "invalid";
    case v1::FAULT_REASON_TIME_BANK:
      return "time_bank";
    case v1::FAULT_REASON_REPLACED:
      return "replaced";
    case v1::FAULT_REASON_STARTUP:
      return "startup";
    default:
      return "unspecified";
  }
}

// Issue 19.3: a request, its observation and prompt live in an arena whose
// first block is this buffer, and are cleared and refilled for each
// decision: their repeated fields keep their cleared elements (and strings
// their capacity), so a decision's request allocates and frees next to
// nothing. What a refill cannot reuse (a oneof's message, a request's small
// submessages) stays in the arena until it holds kArenaLimit bytes; then
// the arena is reset and all is built anew.
struct RequestSlot {
  std::unique_ptr<char[]> block;
  std::unique_ptr<google::protobuf::Arena> arena;
  v1::DecisionRequest* req = nullptr;
  v1::Observation* obs = nullptr;
  v1::Prompt* prompt = nullptr;
  bool used = false;  // filled since it was last cleared
  // Clears the request (forgets, does not clear, the observation and
  // prompt; the observation is filled only by parsing, which clears it
  // first).
  void Clear() {
    if (!used) return;
    used = false;
    req->Clear();
    prompt->Clear();
  }
  v1::DecisionRequest* NewRequest() {
    constexpr size_t kBlock = 256 * 1024, kArenaLimit = 1024 * 1024;
    if (!arena) {
      block.reset(new char[kBlock]);
      google::protobuf::ArenaOptions o;
      o.initial_block = block.get();
      o.initial_block_size = kBlock;
      arena = std::make_unique<google::protobuf::Arena>(o);
    } else if (arena->SpaceAllocated() > kArenaLimit) {
      arena->Reset();
      req = nullptr;
      used = false;
    }
    using google::protobuf::Arena;
    if (req == nullptr) {
      req = Arena::CreateMessage<v1::DecisionRequest>(arena.get());
      obs = Arena::CreateMessage<v1::Observation>(arena.get());
      prompt = Arena::CreateMessage<v1::Prompt>(arena.get());
    } else {
      Clear();  // if it was not cleared meanwhile
    }
    used = true;
    req->unsafe_arena_set_allocated_prompt(prompt);
    return req;
  }
};

struct SeatRun {
  std::string spec;      // as requested (a catalogue name stays a name)
  std::string resolved;  // what to connect to
  std::unique_ptr<BotConnection> bot;
  v1::BotInfo info;
  std::string bot_label = "unknown";
  absl::Duration bank;
  absl::Duration thinking;
  int strikes = 0;
  bool replaced = false;
  int64_t decisions = 0;
  size_t event_cursor = 0;
  // Issue 19: the bot accepts requests without an unchanged observation
  // (BotInfo.accepts_unchanged_observation); the serialized observation of
  // the seat's previous request (every seat's: an unchanged view needs no
  // board event either), and a buffer for the next one.
  bool unchanged_ok = false;
  std::string last_observation, next_observation;
  // Issue 19.3: where their fields lie (written with them, ViewCache).
  ViewFields last_fields, next_fields;
  std::vector<v1::Fault> faults;
  // Issue 19.3: the seat's requests, two in turn (RequestSlot): a decision
  // fills the one cleared while the bot thought over the seat's previous
  // decision, and the other, sent then, is cleared while the bot thinks over
  // this one (BotConnection::DecideOverlapped).
  RequestSlot slots[2];
  int slot = 0;  // the one the seat's next decision fills
  RequestSlot& Current() { return slots[slot]; }
  RequestSlot& Spare() { return slots[1 - slot]; }
};

// Issue 19: whether the seat's observation, serialized deterministically in
// sr.next_observation, is byte-for-byte the one of its previous request
// (equal bytes, equal views). If not, `board` gets the seat's board event,
// if any (issue 13; from the bytes, issue 19.3), and the new view becomes
// the one kept. With `raw_board` the event's view stays bytes
// (BoardEventFromBytes); with `board_bytes` too, the event is written
// there as its serialization instead (AppendBoardEventFromFields, issue
// 19.3: no message built), `board` left as it was.
bool SameObservation(const State& s, int seat, SeatRun& sr, v1::Event* board,
                     bool* has_board, bool raw_board,
                     std::string* board_bytes = nullptr) {
  *has_board = false;
  if (sr.next_observation == sr.last_observation) return true;
  const bool fields = sr.last_fields.ok && sr.next_fields.ok;
  if (board_bytes != nullptr && raw_board) {
    board_bytes->clear();
    if (fields) {
      *has_board = AppendBoardEventFromFields(
          s, seat, sr.last_observation, sr.last_fields, sr.next_observation,
          sr.next_fields, board_bytes);
    } else {
      *has_board = BoardEventFromBytes(s, seat, sr.last_observation,
                                       sr.next_observation, board, raw_board);
      if (*has_board) board->AppendToString(board_bytes);
    }
  } else {
    *has_board =
        fields ? BoardEventFromFields(s, seat, sr.last_observation,
                                      sr.last_fields, sr.next_observation,
                                      sr.next_fields, board, raw_board)
               : BoardEventFromBytes(s, seat, sr.last_observation,
                                     sr.next_observation, board, raw_board);
  }
  std::swap(sr.last_observation, sr.next_observation);
  std::swap(sr.last_fields, sr.next_fields);
  return false;
}

// Issue 19.3: what a match keeps to write its requests: the views'
// sections, the events' forms, the options' labels and entries, the board
// event and the request written as bytes. The match's own: nothing in it is
// shared with another match, even one the same thread runs.
struct MatchRequests {
  ViewCache views;
  SharedEvents events;
  OptionLabels labels;
  v1::Event board;          // the board event, reused
  std::string board_bytes;  // the board event written as bytes
  RequestBytes bytes;
};

// Issue 19.3: the request of `seat` written as bytes in `w.bytes`, for a
// request only the bot reads: the seat's view as serialized (left out for a
// bot that accepts an unchanged one, issue 19), the events as their kept
// forms (shared_events.h) and the board event last (issue 13), written as
// bytes unless the history keeps it (then it is built, and serialized).
void WriteRequestBytes(const State& s, int seat, const std::string& match_id,
                       absl::Duration dl, SeatRun& sr, MatchRequests& w,
                       MatchHistory* history) {
  RequestBytes& r = w.bytes;
  r.Start(s, match_id, sr.decisions, seat, w.labels);
  const size_t from = sr.event_cursor;
  sr.event_cursor = s.events().size();
  w.views.Serialize(s, seat, &sr.next_observation, &sr.next_fields);
  const bool raw = history == nullptr;
  bool has_board;
  const bool same = SameObservation(s, seat, sr, &w.board, &has_board, raw,
                                    raw ? &w.board_bytes : nullptr);
  if (has_board && !raw) {
    history->AddSeatEvent(seat, sr.event_cursor, w.board);
    w.board_bytes.clear();
    w.board.AppendToString(&w.board_bytes);
  }
  const bool send_view = !(sr.unchanged_ok && same);
  if (send_view) r.AddView(sr.last_observation);
  for (size_t e = from; e < sr.event_cursor; ++e)
    r.AddEvent(w.events.Bytes(s, e, seat));
  if (has_board) r.AddEvent(w.board_bytes);
  r.Finish(dl, sr.bank, sr.decisions, /*unchanged=*/!send_view);
}

// The same request built as a message in the seat's current slot, for a
// listener that reads it or a decorator: its view parsed from the seat's
// serialized view.
v1::DecisionRequest& BuildRequest(const State& s, int seat,
                                  const std::string& match_id,
                                  absl::Duration dl, SeatRun& sr,
                                  MatchRequests& w, MatchHistory* history) {
  RequestSlot& slot = sr.Current();
  v1::DecisionRequest& req = *slot.NewRequest();
  req.set_match_id(match_id);
  // Issue 16.6: only this seat's own count, never the global index.
  req.set_seat_decision_index(sr.decisions);
  // The deprecated field, kept for old bots, holds the same count.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  req.set_decision_index(sr.decisions);
#pragma GCC diagnostic pop
  req.set_seat(seat);
  req.set_faction(FactionToProto(s.seat(seat).faction));
  PromptToProto(s, req.mutable_prompt());
  for (const rules::Option& o : s.options())
    OptionToProto(s, o, req.add_options(), &w.labels);
  const auto& events = s.events();
  for (size_t e = sr.event_cursor; e < events.size(); ++e)
    EventToProto(s, events[e], seat, req.add_events());
  sr.event_cursor = events.size();
  // Issue 19.3: the view serialized from the sections kept for the match
  // (view_cache.h: only the clearings that changed are made again).
  w.views.Serialize(s, seat, &sr.next_observation, &sr.next_fields);
  // Issue 13: last, what changed on the boards since its last request.
  bool has_board;
  v1::Event* board = req.add_events();
  const bool same = SameObservation(s, seat, sr, board, &has_board,
                                    /*raw_board=*/false);
  if (!has_board) {
    req.mutable_events()->RemoveLast();
  } else if (history) {
    history->AddSeatEvent(seat, sr.event_cursor, *board);
  }
  // Issue 19: a bot that accepts it gets no unchanged observation.
  if (sr.unchanged_ok && same) {
    req.set_observation_unchanged(true);
  } else {
    (void)slot.obs->ParseFromString(sr.last_observation);
    req.unsafe_arena_set_allocated_observation(slot.obs);
  }
  ToProto(dl, req.mutable_deadline());
  ToProto(sr.bank, req.mutable_time_bank());
  return req;
}

// Live updates only when public events happened, without a decision count
// (issue 16.6: the count tells who was asked what), and only while someone
// watches (issue 12): the events made meanwhile wait, from `next` on, and go
// out in the first updates made while watched (or OnBacklog at the match's
// end).
void PublishLive(const State& s, const std::string& match_id,
                 MatchListener& listener, size_t& next) {
  if (next == s.events().size() || !listener.Watched()) return;
  for (const v1::MatchUpdate& u : PublicEventUpdates(s, next, match_id))
    listener.OnUpdate(u);
  next = s.events().size();
}

// What a bot says about itself, as bounded valid UTF-8 (issue 16 item 5:
// a cut in mid-character made results unreadable).
v1::BotInfo SanitizedInfo(const v1::BotInfo& in) {
  v1::BotInfo out;
  out.set_name(CleanUtf8(in.name(), 64));
  out.set_version(CleanUtf8(in.version(), 64));
  out.set_author(CleanUtf8(in.author(), 128));
  out.set_language(CleanUtf8(in.language(), 64));
  return out;
}

// What RunMatch settles before the match is set up: the secret stream the
// fallback and builtin bots draw from, whether the request pinned the
// starting player, and whether the table drafts its factions.
struct SpecPins {
  uint64_t aux_seed = 0;
  bool first_pinned = false;
  bool draft = false;
};

// Fills in what the request left open: the seed, the match id, the first
// seat and a draft's seat order (each recorded in the spec, so the replay
// rebuilds the match exactly).
SpecPins PinSpec(v1::MatchSpec& spec) {
  SpecPins pins;
  // Issue 16.2: an unpinned seed comes from the kernel's CSPRNG, and nothing
  // a bot can see (match id, command line, environment, logs) is derived
  // from it. The fallback and builtin bots draw from their own secret stream
  // (from the seed only when it is pinned, for reproducible tests).
  const bool seed_pinned = spec.has_seed();
  if (!seed_pinned) spec.set_seed(SecureRandom64());
  pins.aux_seed = seed_pinned ? spec.seed() : SecureRandom64();
  if (spec.match_id().empty()) {
    spec.set_match_id(
        absl::StrCat("m-", absl::Hex(SecureRandom64(), absl::kZeroPad16)));
  }
  // Law 5.1.1: the starting player is chosen randomly, from the match seed,
  // unless the request pins it (the arena does, for its seat balance).
  pins.first_pinned = spec.has_first_seat();
  if (!pins.first_pinned && spec.seats_size() >= 2 &&
      spec.seats_size() <= rules::kMaxSeats) {
    rules::Chance draw(spec.seed() ^ 0x9E3779B97F4A7C15ULL);
    spec.set_first_seat(draw.Draw(rules::kChanceSeat, spec.seats_size()));
  }
  // Law 19.4: a drafting table is seated at random here (its seats are
  // bots, not factions); the replay records the order played.
  pins.draft = IsDraftSpec(spec);
  if (pins.draft && spec.shuffle_seats()) {
    rules::Chance draw(spec.seed() ^ 0xC2B2AE3D27D4EB4FULL);
    auto* seats = spec.mutable_seats();
    for (int i = seats->size() - 1; i > 0; --i) {
      seats->SwapElements(i, draw.Draw(rules::kChanceSeat, i + 1));
    }
    spec.set_shuffle_seats(false);
  }
  return pins;
}

// Each seat's bot as requested and resolved (a catalogue name through the
// catalogue), its metric label and its time bank. Seats follow the
// engine's (possibly shuffled) order; bots follow factions, or in a draft
// the spec's seat order.
absl::Status ResolveSeats(const v1::MatchSpec& spec, const State& s, bool draft,
                          const MatchOptions& options, absl::Duration bank,
                          std::vector<SeatRun>& seats) {
  for (int i = 0; i < static_cast<int>(seats.size()); ++i) {
    for (const v1::SeatSpec& ss : spec.seats()) {
      if (!draft && FactionFromProto(ss.faction()) == s.seat(i).faction)
        seats[i].spec = ss.bot();
    }
    if (draft) seats[i].spec = spec.seats(i).bot();
    absl::StatusOr<std::string> resolved =
        options.catalog ? options.catalog->Resolve(seats[i].spec)
                        : absl::StatusOr<std::string>(seats[i].spec);
    if (!resolved.ok()) return resolved.status();
    if (absl::StartsWith(*resolved, kCatalogPrefix)) {
      return absl::InvalidArgumentError(
          absl::StrCat("no catalogue to resolve ", *resolved));
    }
    seats[i].resolved = *std::move(resolved);
    // Metric labels come from the operator's names, never from the bot.
    seats[i].bot_label = BotCatalog::Label(seats[i].spec);
    seats[i].bank = bank;
  }
  return absl::OkStatus();
}

// What every decision of a match is asked with.
struct DecisionContext {
  const std::string& match_id;
  absl::Duration deadline;
  const MatchOptions& options;
  MatchListener* listener;
  MatchHistory* history;
};

// A seat's answer to one decision: the option it chose (`choice`, with the
// label as sent when it was kept) or, with `choice` -1, the fault that
// stands for one (`reason`, `detail`; FAULT_REASON_REPLACED: the seat's bot
// was replaced earlier and was not asked).
struct Answer {
  int choice = -1;
  v1::FaultReason reason = v1::FAULT_REASON_UNSPECIFIED;
  std::string detail, note;
  absl::Duration latency;
  std::optional<absl::string_view> label;
};

// The fault of a call that brought no decision.
void ClassifyFailure(const absl::Status& st, absl::Duration dl,
                     BotConnection& bot, Answer& a) {
  if (st.code() == absl::StatusCode::kDeadlineExceeded) {
    a.reason = v1::FAULT_REASON_TIMEOUT;
    a.detail = absl::StrCat("no answer within ", absl::FormatDuration(dl));
  } else if (bot.Exited()) {
    a.reason = v1::FAULT_REASON_CRASHED;
    a.detail = std::string(st.message());
  } else if (st.code() == absl::StatusCode::kResourceExhausted) {
    a.reason = v1::FAULT_REASON_INVALID;
    a.detail = absl::StrCat("answer too large: ", st.message());
  } else {
    a.reason = v1::FAULT_REASON_TRANSPORT;
    a.detail =
        absl::StrCat(absl::StatusCodeToString(st.code()), ": ", st.message());
  }
}

// Sends the seat its request and waits for its answer, within the decision's
// deadline and the seat's time bank (charged with the bot's latency).
Answer AskSeat(const State& s, int seat, SeatRun& sr, const DecisionContext& c,
               MatchRequests& requests) {
  Answer a;
  if (sr.replaced) {
    a.reason = v1::FAULT_REASON_REPLACED;
    return a;
  }
  if (sr.bank <= absl::ZeroDuration()) {
    a.reason = v1::FAULT_REASON_TIME_BANK;
    a.detail = "the time bank is empty";
    return a;
  }
  const MatchOptions& options = c.options;
  Clock* clock = options.clock;
  const absl::Duration dl = std::min(c.deadline, sr.bank);
  const bool reads = c.listener != nullptr && c.listener->ReadsRequests();
  // Issue 19.3: nothing but the bot reads the request: it is written as
  // bytes and sent as they are (no message built).
  const bool as_bytes = !reads && !options.decorate_request;
  v1::DecisionRequest* req = nullptr;
  if (as_bytes) {
    WriteRequestBytes(s, seat, c.match_id, dl, sr, requests, c.history);
    if (c.listener)
      c.listener->OnRequest(s, v1::DecisionRequest::default_instance());
  } else {
    req = &BuildRequest(s, seat, c.match_id, dl, sr, requests, c.history);
    if (c.listener) c.listener->OnRequest(s, *req);
    if (options.decorate_request) options.decorate_request(req);
  }
  const absl::Time t0 = clock->Now();
  // Issue 19.3: the seat's previous request is cleared while the bot
  // thinks; that time is the referee's, not charged to the bot.
  absl::Duration overlapped;
  const auto meanwhile = [&sr, &overlapped, clock] {
    if (!sr.Spare().used) return;  // nothing to clear (bytes)
    const absl::Time m0 = clock->Now();
    sr.Spare().Clear();
    overlapped = clock->Now() - m0;
  };
  absl::StatusOr<v1::Decision> d =
      as_bytes ? sr.bot->DecideBytes(requests.bytes.bytes(), dl, meanwhile)
               : sr.bot->DecideOverlapped(*req, dl, meanwhile);
  a.latency = std::max(clock->Now() - t0 - overlapped, absl::ZeroDuration());
  sr.slot = 1 - sr.slot;  // `req` stays as it is until then
  sr.bank -= a.latency;
  sr.thinking += a.latency;
  if (options.metrics)
    options.metrics->BotLatency(sr.bot_label, absl::ToDoubleSeconds(a.latency));
  if (!d.ok()) {
    ClassifyFailure(d.status(), dl, *sr.bot, a);
    return a;
  }
  const int num_options = static_cast<int>(s.options().size());
  if (d->option_index() < 0 || d->option_index() >= num_options) {
    a.reason = v1::FAULT_REASON_INVALID;
    a.detail = absl::StrCat("option_index ", d->option_index(),
                            " is not in [0, ", num_options, ")");
    return a;
  }
  a.choice = d->option_index();
  a.note = CleanUtf8(d->note(), 200);
  // Issue 19.3: the replay's label is the one just written, not made again
  // (a decorator may have changed the request's).
  if (as_bytes) {
    a.label = requests.bytes.Label(a.choice);
  } else if (!options.decorate_request) {
    a.label = req->options(a.choice).label();
  }
  return a;
}

// The replay's record of a decision taken (the fallback's when `a` holds a
// fault).
void RecordDecision(const State& s, int64_t index, int seat, int choice,
                    const Answer& a, v1::DecisionRecord* rec) {
  rec->set_index(index);
  rec->set_seat(seat);
  rec->set_option_index(choice);
  rec->set_option_label(a.label ? std::string(*a.label)
                                : s.OptionLabel(s.options()[choice]));
  ToProto(a.latency, rec->mutable_latency());
  rec->set_fallback_reason(a.reason);
  rec->set_note(a.note);
}

// The match's result (every seat's points, faults and thinking time) and
// the MatchEnd every seat is sent (each seat's outcome).
v1::MatchResult MatchResultOf(const State& s, const v1::MatchSpec& spec,
                              const std::vector<SeatRun>& seats,
                              int64_t decisions, bool first_pinned,
                              absl::Duration duration, absl::Time now,
                              v1::MatchEnd* end) {
  v1::MatchResult r;
  r.set_match_id(spec.match_id());
  r.set_end_reason(EndReasonToProto(s.end_reason()));
  for (int w : s.winners()) r.add_winners(w);
  r.set_decisions(decisions);
  r.set_turns(s.counters().turns);
  ToProto(duration, r.mutable_duration());
  r.set_final_state_hash(HashHex(s.Hash()));
  r.set_finished_unix_ms(absl::ToUnixMillis(now));
  r.set_first_seat(spec.first_seat());
  r.set_first_seat_pinned(first_pinned);
  end->set_match_id(spec.match_id());
  end->set_end_reason(r.end_reason());
  for (int i = 0; i < static_cast<int>(seats.size()); ++i) {
    const SeatRun& sr = seats[i];
    v1::SeatResult* sres = r.add_seats();
    sres->set_seat(i);
    sres->set_faction(FactionToProto(s.seat(i).faction));
    sres->set_bot(sr.spec);
    *sres->mutable_bot_info() = sr.info;
    sres->set_victory_points(s.seat(i).vp);
    bool won = false;
    for (int w : s.winners()) won |= w == i;
    sres->set_winner(won);
    sres->set_decisions(sr.decisions);
    for (const v1::Fault& f : sr.faults) *sres->add_faults() = f;
    sres->set_replaced_by_fallback(sr.replaced);
    ToProto(sr.thinking, sres->mutable_thinking_time());
    v1::SeatOutcome* so = end->add_seats();
    so->set_seat(i);
    so->set_faction(sres->faction());
    so->set_victory_points(sres->victory_points());
    so->set_winner(won);
  }
  return r;
}

// The metric name of how a match ended.
const char* OutcomeName(v1::EndReason reason) {
  return reason == v1::END_REASON_VICTORY_POINTS ? "vp30"
         : reason == v1::END_REASON_DOMINANCE    ? "dominance"
                                                 : "turn_limit";
}

// The listener's last updates: the events no one watched (converted now,
// or later through OnBacklog), then the result.
void PublishEnd(const State& s, const std::string& match_id, int64_t index,
                const v1::MatchResult& r, MatchListener& listener,
                size_t& live) {
  PublishLive(s, match_id, listener, live);
  if (live < s.events().size()) listener.OnBacklog(s, live, match_id);
  v1::MatchUpdate u;
  u.set_match_id(match_id);
  // The final update carries the match's decision count (public now).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  u.set_decision_index(index);
#pragma GCC diagnostic pop
  *u.mutable_result() = r;
  listener.OnUpdate(u);
}

// A fault of the seat's bot (its detail cleaned: it often quotes the bot),
// counted under the operator's label (never the bot's).
void AddFault(SeatRun& sr, const MatchOptions& options, int64_t index,
              v1::FaultReason reason, const std::string& detail) {
  v1::Fault f;
  f.set_decision_index(index);
  f.set_reason(reason);
  f.set_detail(CleanUtf8(detail, 300));
  sr.faults.push_back(f);
  if (options.metrics) options.metrics->Fault(sr.bot_label, FaultName(reason));
}

// The seat's bot gives way to the fallback for the rest of the match (once),
// with a fault saying why.
void Replace(SeatRun& sr, const MatchOptions& options, int64_t index,
             const std::string& why) {
  if (sr.replaced) return;
  sr.replaced = true;
  AddFault(sr, options, index, v1::FAULT_REASON_REPLACED, why);
}

// Launches or connects every seat's bot before greeting any (their startups
// overlap); a bot that cannot start is replaced.
void ConnectSeats(const MatchOptions& options, uint64_t aux_seed,
                  std::vector<SeatRun>& seats) {
  for (int i = 0; i < static_cast<int>(seats.size()); ++i) {
    SeatRun& sr = seats[i];
    ConnectOptions co = options.connect;
    co.builtin_seed = aux_seed * 31 + i + 1;
    auto bot = ConnectBot(sr.resolved, co);
    if (!bot.ok()) {
      AddFault(sr, options, -1, v1::FAULT_REASON_STARTUP,
               std::string(bot.status().message()));
      Replace(sr, options, -1, "could not start the bot");
      continue;
    }
    sr.bot = *std::move(bot);
  }
}

// Greets every seat's bot and starts its match (MatchStart: its seat, the
// table, the game of `start`, its deadline and bank). A bot that does not
// answer Hello is replaced; a failed StartMatch is a fault.
void GreetSeats(const State& s, const v1::MatchSpec& spec,
                const rules::GameSetup& setup, absl::Duration bank,
                const DecisionContext& c, v1::MatchStart& start,
                std::vector<SeatRun>& seats) {
  const MatchOptions& options = c.options;
  const int n = static_cast<int>(seats.size());
  // Issue 19.3: every bot is greeted at once, and each started as soon as
  // it answers (in seat order): no bot waits for another's answer. The
  // listener is called, and faults recorded, in seat order on this thread
  // as when the seats went one by one.
  CallGroup greetings;
  std::vector<BotConnection::Answer<absl::StatusOr<v1::BotInfo>>> hellos(n);
  for (int i = 0; i < n; ++i) {
    if (seats[i].bot) {
      hellos[i] =
          seats[i].bot->BeginHello(options.connect.startup_timeout, greetings);
    }
  }
  // Each seat's MatchStart: its own fields, the game lent by `start` (not
  // copied) until all are answered.
  std::vector<v1::MatchStart> starts(n);
  std::vector<absl::Status> greeted(n), begun(n);
  std::vector<BotConnection::Answer<absl::Status>> starting(n);
  for (int i = 0; i < n; ++i) {
    SeatRun& sr = seats[i];
    if (!sr.bot) continue;
    absl::StatusOr<v1::BotInfo> info = std::move(hellos[i])();
    if (!info.ok()) {
      greeted[i] = info.status();
      sr.bot.reset();
      continue;
    }
    sr.info = SanitizedInfo(*info);
    sr.unchanged_ok = info->accepts_unchanged_observation();
    v1::MatchStart& ms = starts[i];
    ms.set_match_id(c.match_id);
    ms.set_seat(i);
    ms.set_faction(FactionToProto(s.seat(i).faction));
    for (int j = 0; j < n; ++j) ms.add_seats(FactionToProto(s.seat(j).faction));
    ms.set_map(setup.map);
    ms.set_deck(setup.deck);
    ms.set_first_seat(spec.first_seat());
    ms.unsafe_arena_set_allocated_game(start.mutable_game());
    if (c.history) ms.set_history_token(c.history->token(i));
    if (c.listener) c.listener->OnMatchStart(i, ms);  // no deadline (as before)
    ToProto(c.deadline, ms.mutable_decision_deadline());
    ToProto(bank, ms.mutable_time_bank());
    starting[i] = sr.bot->BeginStartMatch(ms, absl::Seconds(5), greetings);
  }
  for (int i = 0; i < n; ++i) {
    if (starting[i]) begun[i] = std::move(starting[i])();
    (void)starts[i].unsafe_arena_release_game();
    if (!greeted[i].ok()) {
      AddFault(seats[i], options, -1, v1::FAULT_REASON_STARTUP,
               std::string(greeted[i].message()));
      Replace(seats[i], options, -1, "no answer to Hello");
    } else if (!begun[i].ok()) {
      AddFault(seats[i], options, -1, v1::FAULT_REASON_STARTUP,
               std::string(begun[i].message()));
    }
  }
}

// Ends the match for every seat's bot still running: its MatchEnd (the
// outcomes of `end`, its last events and its final view), then its stderr
// (kept in options.stderr_dir when set) and the bot's end. Returns each
// seat's stderr.
std::vector<std::string> EndSeats(const State& s, const v1::MatchEnd& end,
                                  const DecisionContext& c,
                                  MatchRequests& requests,
                                  std::vector<SeatRun>& seats) {
  const int n = static_cast<int>(seats.size());
  // Each seat's MatchEnd, made (and shown to the listener) and sent in seat
  // order; issue 19.3: all are sent before any answer is awaited.
  CallGroup farewells;
  std::vector<std::optional<v1::MatchEnd>> ends(n);
  std::vector<BotConnection::Answer<absl::Status>> ended(n);
  for (int i = 0; i < n; ++i) {
    SeatRun& sr = seats[i];
    if (sr.bot && !sr.bot->Exited()) {
      // Issue 13: the seat's last events and its final view.
      v1::MatchEnd& mine = ends[i].emplace(end);
      for (size_t e = sr.event_cursor; e < s.events().size(); ++e)
        EventToProto(s, s.events()[e], i, mine.add_events());
      sr.event_cursor = s.events().size();
      // Issue 19.3: the view from the match's sections, and its board event
      // against the seat's last request's view from their bytes.
      requests.views.Serialize(s, i, &sr.next_observation, &sr.next_fields);
      v1::Event board;
      bool has_board;
      // Only the bot reads it: the board event's view stays bytes.
      SameObservation(s, i, sr, &board, &has_board,
                      /*raw_board=*/!c.history && !c.listener);
      if (has_board) {
        if (c.history) c.history->AddSeatEvent(i, sr.event_cursor, board);
        *mine.add_events() = std::move(board);
      }
      // The final view, now the seat's kept one: a listener sees it as a
      // message; else it goes as its bytes, given up by the seat (an
      // unknown field 5, which any parser reads as the observation).
      if (c.listener) {
        (void)mine.mutable_observation()->ParseFromString(sr.last_observation);
        c.listener->OnMatchEnd(i, mine);
      } else {
        static_assert(v1::MatchEnd::kObservationFieldNumber == 5);
        mine.GetReflection()
            ->MutableUnknownFields(&mine)
            ->AddLengthDelimited(v1::MatchEnd::kObservationFieldNumber)
            ->swap(sr.last_observation);
      }
      ended[i] = sr.bot->BeginEndMatch(mine, absl::Seconds(1), farewells);
    }
  }
  std::vector<std::string> stderr_by_seat(n);
  for (int i = 0; i < n; ++i) {
    SeatRun& sr = seats[i];
    if (!sr.bot) continue;
    if (ended[i]) (void)std::move(ended[i])();
    const std::string err = sr.bot->Stderr();
    stderr_by_seat[i] = err;
    // Safety net: the id is a plain name (ValidateSpec, issue 16
    // item 11), so the file stays inside stderr_dir.
    if (!c.options.stderr_dir.empty() && !err.empty() &&
        ValidateName("match_id", c.match_id).ok()) {
      std::ofstream(absl::StrCat(c.options.stderr_dir, "/", c.match_id, "-seat",
                                 i, ".stderr"))
          << err;
    }
  }
  // Launched bots are asked to end together, then reaped one by one.
  for (SeatRun& sr : seats) {
    if (sr.bot) sr.bot->BeginStop();
  }
  for (SeatRun& sr : seats) sr.bot.reset();
  return stderr_by_seat;
}

}  // namespace

std::vector<v1::MatchUpdate> PublicEventUpdates(const State& s, size_t from,
                                                const std::string& match_id) {
  std::vector<v1::MatchUpdate> out;
  for (size_t e = from; e < s.events().size(); ++e) {
    if ((e - from) % kMaxEventsPerUpdate == 0) {
      out.emplace_back().set_match_id(match_id);
    }
    EventToProto(s, s.events()[e], -1, out.back().add_events());
  }
  return out;
}

void MatchListener::OnBacklog(const rules::State& s, size_t from,
                              const std::string& match_id) {
  for (const v1::MatchUpdate& u : PublicEventUpdates(s, from, match_id))
    OnUpdate(u);
}

std::string HashHex(uint64_t h) {
  return absl::StrCat(absl::Hex(h, absl::kZeroPad16));
}

absl::Status ValidateSpec(const v1::MatchSpec& spec, const MatchOptions& o) {
  if (!spec.match_id().empty()) {
    if (absl::Status s = ValidateName("match_id", spec.match_id()); !s.ok())
      return s;
  }
  if (!spec.map().empty()) {
    if (absl::Status s = ValidateName("map", spec.map()); !s.ok()) return s;
  }
  if (!spec.deck().empty()) {
    if (absl::Status s = ValidateName("deck", spec.deck()); !s.ok()) return s;
    if (absl::Status s = rules::BuiltinDeck(spec.deck()).status(); !s.ok())
      return absl::InvalidArgumentError(s.message());  // Law 20.8
  }
  for (const v1::SeatSpec& seat : spec.seats()) {
    if (seat.bot().size() > 1024)
      return absl::InvalidArgumentError("a bot spec is longer than 1024 bytes");
  }
  for (auto [d, max, what] :
       {std::tuple{&spec.decision_deadline(), o.max_deadline,
                   "decision_deadline"},
        std::tuple{&spec.time_bank(), o.max_time_bank, "time_bank"}}) {
    if (auto v = BoundedDuration(*d, absl::ZeroDuration(), max, what);
        !v.ok()) {
      return v.status();
    }
  }
  if (spec.max_strikes() < 0 || spec.max_strikes() > o.max_strikes_limit) {
    return absl::InvalidArgumentError(
        absl::StrCat("max_strikes must be in [0, ", o.max_strikes_limit, "]"));
  }
  if (spec.max_turns() < 0 || spec.max_turns() > o.max_turns_limit) {
    return absl::InvalidArgumentError(
        absl::StrCat("max_turns must be in [0, ", o.max_turns_limit, "]"));
  }
  return absl::OkStatus();
}

absl::Status TableFromSpec(const v1::MatchSpec& spec, rules::GameSetup& setup) {
  switch (spec.setup_mode()) {
    case v1::SETUP_MODE_UNSPECIFIED:
    case v1::SETUP_MODE_STANDARD:
      setup.mode = rules::GameSetup::kStandardSetup;
      break;
    case v1::SETUP_MODE_ADVANCED:
      setup.mode = rules::GameSetup::kAdvancedSetup;
      break;
    default:
      return absl::InvalidArgumentError("unknown setup_mode");
  }
  // Law 19.5.1: one or two landmarks (the engine checks the rest).
  if (spec.landmarks_size() > 2) {
    return absl::InvalidArgumentError("at most two landmarks (Law 19.5.1)");
  }
  setup.landmarks.clear();
  for (const v1::LandmarkSpec& l : spec.landmarks()) {
    int landmark = -1;
    if (l.landmark() != "random") {
      landmark = rules::ParseLandmark(l.landmark());
      if (landmark < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "unknown landmark '", CleanUtf8(l.landmark(), 32), "'"));
      }
    }
    if (l.clearing() < 0 || l.clearing() > rules::kMaxClearings ||
        (landmark < 0 && l.clearing() != 0)) {
      return absl::InvalidArgumentError(
          "a landmark's clearing is 1-12, or 0 to set it up at setup");
    }
    setup.landmarks.push_back(
        {static_cast<int8_t>(landmark), static_cast<int8_t>(l.clearing() - 1)});
  }
  return absl::OkStatus();
}

bool IsDraftSpec(const v1::MatchSpec& spec) {
  if (spec.setup_mode() != v1::SETUP_MODE_ADVANCED) return false;
  for (const v1::SeatSpec& seat : spec.seats()) {
    if (seat.faction() != v1::FACTION_UNSPECIFIED || !seat.character().empty())
      return false;
  }
  return spec.seats_size() > 0;
}

absl::Status DraftFromSpec(const v1::MatchSpec& spec, bool draft,
                           rules::GameSetup& setup) {
  if (!draft) {
    if (spec.draft_pool_size() > 0 || spec.vagabond_setup_cards() > 1 ||
        spec.vagabond_setup_cards() < 0) {
      return absl::InvalidArgumentError(
          "draft_pool and vagabond_setup_cards are for a draft only (advanced "
          "setup, no seat naming a faction; Law 19.8)");
    }
    return absl::OkStatus();
  }
  if (spec.vagabond_setup_cards() < 0 || spec.vagabond_setup_cards() > 2) {
    return absl::InvalidArgumentError(
        "vagabond_setup_cards is 1 or 2 (Law 19.8.1)");
  }
  setup.vagabond_cards =
      static_cast<int8_t>(std::max(1, spec.vagabond_setup_cards()));
  if (spec.draft_pool_size() > rules::kNumFactions) {
    return absl::InvalidArgumentError("draft_pool: too many factions");
  }
  for (int f : spec.draft_pool()) {
    const int faction = FactionFromProto(static_cast<v1::Faction>(f));
    if (faction < 0) {
      return absl::InvalidArgumentError("draft_pool: unknown faction");
    }
    setup.draft_pool.push_back(static_cast<int8_t>(faction));
  }
  return absl::OkStatus();
}

absl::StatusOr<rules::GameSetup> SetupFromSpec(const v1::MatchSpec& spec,
                                               int default_max_turns) {
  rules::GameSetup setup;
  if (spec.seats_size() < 2 || spec.seats_size() > rules::kMaxSeats) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match needs 2 to 6 seats, got ", spec.seats_size()));
  }
  const bool draft = IsDraftSpec(spec);
  if (absl::Status st = DraftFromSpec(spec, draft, setup); !st.ok()) return st;
  for (const v1::SeatSpec& seat : spec.seats()) {
    if (draft) {  // Law 19.8.3: the seat drafts its faction
      if (absl::Status s = ValidateBotSpec(seat.bot()); !s.ok()) return s;
      setup.factions.push_back(rules::kNoFaction);
      continue;
    }
    const int f = FactionFromProto(seat.faction());
    if (f < 0) return absl::InvalidArgumentError("a seat has no faction");
    for (int8_t other : setup.factions) {
      if (other == f) {
        return absl::InvalidArgumentError(
            absl::StrCat("faction ", rules::FactionKey(f), " is seated twice"));
      }
    }
    if (absl::Status s = ValidateBotSpec(seat.bot()); !s.ok()) return s;
    setup.factions.push_back(static_cast<int8_t>(f));
    if (!seat.character().empty()) {  // Law 9.3.1, 26: fixed by the match
      const int c = rules::ParseVagabondCharacter(seat.character());
      if (c < 0 || (f != rules::kVagabond && f != rules::kVagabond2)) {
        return absl::InvalidArgumentError(
            absl::StrCat("character '", CleanUtf8(seat.character(), 32),
                         "' is not a Vagabond character of a Vagabond seat"));
      }
      setup.characters.push_back(
          {static_cast<int8_t>(f), static_cast<int8_t>(c)});
    }
  }
  setup.shuffle_seats = spec.shuffle_seats();
  if (!spec.map().empty()) setup.map = spec.map();
  if (!spec.deck().empty()) setup.deck = spec.deck();
  if (spec.suits_size() > rules::kMaxClearings) {
    return absl::InvalidArgumentError(
        absl::StrCat("suits: at most ", rules::kMaxClearings, " (Law 19.1)"));
  }
  for (int suit : spec.suits()) {
    // Law 19.1: clearing suits are fox, rabbit or mouse.
    if (suit < v1::SUIT_FOX || suit > v1::SUIT_MOUSE) {
      return absl::InvalidArgumentError("suits: only fox, rabbit and mouse");
    }
    setup.suits.push_back(static_cast<int8_t>(suit - v1::SUIT_FOX));
  }
  setup.random_suits = spec.random_suits();
  if (absl::Status st = TableFromSpec(spec, setup); !st.ok()) return st;
  if (spec.max_turns() < 0) return absl::InvalidArgumentError("max_turns < 0");
  setup.max_turns = spec.max_turns() > 0 ? spec.max_turns() : default_max_turns;
  // Law 5.1.1: RunMatch fills in the first seat (drawn from the seed unless
  // pinned); replays of format 1 did not record it and started with seat 0.
  if (spec.has_first_seat() &&
      (spec.first_seat() < 0 || spec.first_seat() >= spec.seats_size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("first_seat ", spec.first_seat(), " is not a seat"));
  }
  setup.first_seat = spec.has_first_seat() ? spec.first_seat() : 0;
  // Law 19.6: the hirelings in play (checked again by State::NewGame).
  if (spec.hirelings_size() > rules::kNumHirelings) {
    return absl::InvalidArgumentError("hirelings: too many");
  }
  for (const v1::HirelingSpec& h : spec.hirelings()) {
    int8_t hireling = -1;
    bool demoted = false;
    if (absl::Status st = rules::ParseHireling(CleanUtf8(h.hireling(), 32),
                                               &hireling, &demoted);
        !st.ok()) {
      return st;
    }
    setup.hirelings.push_back({hireling, demoted || h.demoted()});
  }
  if (absl::Status st = rules::ValidateHirelings(setup); !st.ok()) return st;
  setup.record_events = true;
  return setup;
}

absl::StatusOr<MatchOutput> RunMatch(const v1::MatchSpec& spec_in,
                                     const MatchOptions& options,
                                     MatchListener* listener) {
  v1::MatchSpec spec = spec_in;
  if (absl::Status v = ValidateSpec(spec, options); !v.ok()) return v;
  const SpecPins pins = PinSpec(spec);
  const uint64_t aux_seed = pins.aux_seed;
  const bool draft = pins.draft;
  absl::StatusOr<rules::GameSetup> setup =
      SetupFromSpec(spec, options.default_max_turns);
  if (!setup.ok()) return setup.status();
  spec.set_max_turns(setup->max_turns);  // so the replay rebuilds exactly
  absl::StatusOr<State> started = State::NewGame(*setup, spec.seed());
  if (!started.ok()) return started.status();
  State s = *std::move(started);

  // Checked by ValidateSpec above.
  const absl::Duration deadline =
      *BoundedDuration(spec.decision_deadline(), options.default_deadline,
                       options.max_deadline, "decision_deadline");
  const absl::Duration bank =
      *BoundedDuration(spec.time_bank(), options.default_time_bank,
                       options.max_time_bank, "time_bank");
  const int max_strikes =
      spec.max_strikes() > 0 ? spec.max_strikes() : options.default_max_strikes;
  Clock* clock = options.clock;
  const absl::Time t_start = clock->Now();
  if (options.metrics) options.metrics->MatchStarted();

  // Seats follow the engine's (possibly shuffled) order; bots follow
  // factions, or in a draft the spec's seat order.
  const int n = s.num_seats();
  // Issue 13: the static game for every MatchStart (issue 19.3: made once
  // in the one MatchStart every seat's is made from, not copied per seat),
  // and the history.
  v1::MatchStart start;
  GameDefinitionToProto(s, start.mutable_game());
  std::shared_ptr<MatchHistory> history;
  if (options.history) {
    std::vector<std::string> tokens;
    for (int i = 0; i < n; ++i) tokens.push_back(NewHistoryToken());
    history = std::make_shared<MatchHistory>(s, std::move(tokens));
    history->Update(s);
    options.history->Add(spec.match_id(), history);
  }
  std::vector<SeatRun> seats(n);
  if (absl::Status st = ResolveSeats(spec, s, draft, options, bank, seats);
      !st.ok()) {
    return st;
  }
  const DecisionContext context{spec.match_id(), deadline, options, listener,
                                history.get()};
  ConnectSeats(options, aux_seed, seats);
  GreetSeats(s, spec, *setup, bank, context, start, seats);

  v1::Replay replay;
  replay.set_format_version(2);
  *replay.mutable_spec() = spec;
  replay.set_seed(spec.seed());
  rules::Chance fallback(aux_seed ^ 0x5DEECE66DULL);
  size_t live = 0;  // the first public event not yet published

  int64_t index = 0;
  MatchRequests requests;  // issue 19.3
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    SeatRun& sr = seats[seat];
    const Answer a = AskSeat(s, seat, sr, context, requests);
    int choice = a.choice;
    if (choice < 0) {
      if (a.reason != v1::FAULT_REASON_REPLACED) {
        AddFault(sr, options, index, a.reason, a.detail);
        if (++sr.strikes >= max_strikes) {
          Replace(sr, options, index, absl::StrCat(sr.strikes, " faults"));
        } else if (a.reason == v1::FAULT_REASON_CRASHED) {
          Replace(sr, options, index, "the bot process exited");
        }
      }
      choice = fallback.Draw(rules::kChancePick,
                             static_cast<int>(s.options().size()));
    }
    RecordDecision(s, index, seat, choice, a, replay.add_decisions());
    if (options.metrics) {
      // A seat still drafting (Law 19.8.3) has no faction yet.
      const int f = s.seat(seat).faction;
      options.metrics->Decision(f < 0 ? "draft"
                                      : std::string(rules::FactionKey(f)));
    }
    ++sr.decisions;
    absl::Status applied = s.Apply(seat, choice);
    if (!applied.ok())
      return absl::InternalError(applied.ToString());  // cannot happen
    if (history) history->Update(s);
    ++index;
    if (listener) PublishLive(s, spec.match_id(), *listener, live);
  }

  // Result.
  MatchOutput out;
  v1::MatchEnd end;
  const absl::Duration took = clock->Now() - t_start;
  out.result = MatchResultOf(s, spec, seats, index, pins.first_pinned, took,
                             clock->Now(), &end);
  const v1::MatchResult& r = out.result;
  out.stderr_by_seat = EndSeats(s, end, context, requests, seats);
  if (history) history->Finish();
  // The factions as played (a draft chose them during setup, Law 19.8.3).
  for (int j = 0; j < n; ++j)
    replay.add_seat_factions(FactionToProto(s.seat(j).faction));
  *replay.mutable_result() = r;
  out.replay = std::move(replay);
  if (options.metrics) {
    options.metrics->MatchFinished(
        OutcomeName(r.end_reason()),
        absl::ToDoubleSeconds(clock->Now() - t_start));
  }
  if (listener) PublishEnd(s, spec.match_id(), index, r, *listener, live);
  out.final_state = std::move(s);
  return out;
}

namespace {

// The match's state before its first decision. Format 1 replays predate the
// recorded starting player (they always began with seat 0); format 2 records
// it in the spec.
absl::StatusOr<State> InitialStateOf(const v1::Replay& replay) {
  if (replay.format_version() != 1 && replay.format_version() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown replay format ", replay.format_version()));
  }
  absl::StatusOr<rules::GameSetup> setup = SetupFromSpec(replay.spec(), 1000);
  if (!setup.ok()) return setup.status();
  return State::NewGame(*setup, replay.seed());
}

}  // namespace

absl::StatusOr<State> StateFromReplay(const v1::Replay& replay, int64_t at) {
  absl::StatusOr<State> s = InitialStateOf(replay);
  if (!s.ok()) return s.status();
  const int64_t n = at < 0 ? replay.decisions_size()
                           : std::min<int64_t>(at, replay.decisions_size());
  for (int64_t i = 0; i < n; ++i) {
    const v1::DecisionRecord& d = replay.decisions(i);
    absl::Status st = s->Apply(d.seat(), d.option_index());
    if (!st.ok()) {
      return absl::DataLossError(
          absl::StrCat("replay decision ", i, ": ", st.message()));
    }
  }
  return s;
}

}  // namespace woodland::referee

namespace woodland::referee {

absl::StatusOr<std::vector<std::string>> VerifyReplay(
    const v1::Replay& replay) {
  std::vector<std::string> diffs;
  auto check = [&](const std::string& what, const auto& recorded,
                   const auto& replayed) {
    if (recorded != replayed) {
      diffs.push_back(
          absl::StrCat(what, ": recorded ", recorded, ", replayed ", replayed));
    }
  };
  absl::StatusOr<State> started = InitialStateOf(replay);
  if (!started.ok()) return started.status();
  State s = *std::move(started);
  check("seed", replay.spec().seed(), replay.seed());
  const int n = s.num_seats();
  std::vector<int64_t> per_seat(n, 0);
  for (int i = 0; i < replay.decisions_size(); ++i) {
    const v1::DecisionRecord& d = replay.decisions(i);
    const std::string at = absl::StrCat("decision ", i);
    if (s.IsTerminal()) {
      diffs.push_back(absl::StrCat(at, ": recorded after the game ended"));
      break;
    }
    check(at + " index", d.index(), static_cast<int64_t>(i));
    check(at + " seat", d.seat(), s.deciding_seat());
    if (d.option_index() < 0 ||
        d.option_index() >= static_cast<int>(s.options().size())) {
      return absl::DataLossError(
          absl::StrCat(at, ": option ", d.option_index(), " does not exist"));
    }
    check(at + " option_label", d.option_label(),
          s.OptionLabel(s.options()[d.option_index()]));
    ++per_seat[s.deciding_seat()];
    if (absl::Status st = s.Apply(s.deciding_seat(), d.option_index());
        !st.ok()) {
      return absl::DataLossError(absl::StrCat(at, ": ", st.message()));
    }
  }
  const v1::MatchResult& r = replay.result();
  check("final_state_hash", r.final_state_hash(), HashHex(s.Hash()));
  check("match_id", r.match_id(), replay.spec().match_id());
  check("end_reason", v1::EndReason_Name(r.end_reason()),
        v1::EndReason_Name(EndReasonToProto(s.end_reason())));
  check("winners", absl::StrJoin(r.winners(), ","),
        absl::StrJoin(s.winners(), ","));
  check("decisions", r.decisions(),
        static_cast<int64_t>(replay.decisions_size()));
  check("turns", r.turns(), static_cast<int64_t>(s.counters().turns));
  check("seat_factions", replay.seat_factions_size(), n);
  check("seats", r.seats_size(), n);
  for (int i = 0; i < n; ++i) {
    const std::string faction =
        v1::Faction_Name(FactionToProto(s.seat(i).faction));
    if (i < replay.seat_factions_size()) {
      check(absl::StrCat("seat_factions[", i, "]"),
            v1::Faction_Name(replay.seat_factions(i)), faction);
    }
    if (i >= r.seats_size()) continue;
    const v1::SeatResult& sr = r.seats(i);
    const std::string at = absl::StrCat("seat ", i, " ");
    bool won = false;
    for (int w : s.winners()) won |= w == i;
    check(at + "seat", sr.seat(), i);
    check(at + "faction", v1::Faction_Name(sr.faction()), faction);
    check(at + "victory_points", sr.victory_points(),
          static_cast<int>(s.seat(i).vp));
    check(at + "winner", sr.winner(), won);
    check(at + "decisions", sr.decisions(), per_seat[i]);
  }
  return diffs;
}

}  // namespace woodland::referee
