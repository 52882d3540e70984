#include "arena/http/frames.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arena/http/json.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/state.h"
#include "referee/rules/types.h"

namespace woodland::arena::http {
namespace {

using rules::State;

absl::StatusOr<State> Start(const v1::Replay& replay) {
  if (replay.format_version() != 1 && replay.format_version() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown replay format ", replay.format_version()));
  }
  absl::StatusOr<rules::GameSetup> setup =
      referee::SetupFromSpec(replay.spec(), 1000);
  if (!setup.ok()) return setup.status();
  setup->record_events = true;
  return State::NewGame(*setup, replay.seed());
}

absl::Status Step(const v1::Replay& replay, int64_t i, State& s) {
  const v1::DecisionRecord& d = replay.decisions(i);
  absl::Status st = s.Apply(d.seat(), d.option_index());
  if (!st.ok()) {
    return absl::DataLossError(
        absl::StrCat("replay decision ", i, ": ", st.message()));
  }
  return absl::OkStatus();
}

std::string Ints(const std::vector<int>& v) {
  return absl::StrCat("[", absl::StrJoin(v, ","), "]");
}

std::string MaskList(rules::ClearingMask mask) {
  std::vector<int> ids;
  for (int c = 0; c < 16; ++c) {
    if (mask >> c & 1) ids.push_back(c + 1);
  }
  return Ints(ids);
}

}  // namespace

absl::StatusOr<View> ParseView(const std::string& text) {
  View v;
  if (text.empty() || text == "public") return v;
  if (text == "full") {
    v.kind = View::kFull;
    return v;
  }
  if (!absl::SimpleAtoi(text, &v.seat) || v.seat < 0 || v.seat > 16)
    return absl::InvalidArgumentError("view is public, full or a seat");
  v.kind = View::kSeat;
  return v;
}

std::string MapJson(const rules::MapDef& m) {
  std::string j =
      absl::StrCat("{\"key\":", JsonQuote(m.key),
                   ",\"title\":", JsonQuote(m.title), ",\"clearings\":[");
  for (int c = 0; c < m.num_clearings; ++c) {
    const rules::ClearingDef& d = m.clearings[c];
    absl::StrAppend(
        &j, c ? "," : "", "{\"id\":", c + 1,
        ",\"suit\":", JsonQuote(v1::Suit_Name(referee::SuitToProto(d.suit))),
        ",\"slots\":", d.slots, ",\"ruin\":", d.ruin ? "true" : "false",
        ",\"corner\":", d.corner ? "true" : "false",
        ",\"edge\":", d.edge ? "true" : "false",
        ",\"coastal\":", d.coastal ? "true" : "false", "}");
  }
  std::vector<std::string> paths, rivers;
  for (int a = 0; a < m.num_clearings; ++a) {
    for (int b = a + 1; b < m.num_clearings; ++b) {
      if (m.Adjacent(a, b))
        paths.push_back(absl::StrCat("[", a + 1, ",", b + 1, "]"));
      if (m.clearings[a].river >> b & 1)
        rivers.push_back(absl::StrCat("[", a + 1, ",", b + 1, "]"));
    }
  }
  for (const auto& [a, b] : m.closed_paths)
    paths.push_back(absl::StrCat("[", a + 1, ",", b + 1, "]"));
  std::vector<std::string> forests, forest_adj;
  for (const rules::ClearingMask f : m.forests) forests.push_back(MaskList(f));
  for (const auto& adj : m.forest_adjacent) {
    std::vector<int> ids;
    for (int8_t f : adj) ids.push_back(f + 1);
    forest_adj.push_back(Ints(ids));
  }
  std::vector<std::string> opposite;
  for (const auto& [a, b] : m.opposite_corners)
    opposite.push_back(absl::StrCat("[", a + 1, ",", b + 1, "]"));
  absl::StrAppend(&j, "],\"paths\":[", absl::StrJoin(paths, ","),
                  "],\"rivers\":[", absl::StrJoin(rivers, ","),
                  "],\"forests\":[", absl::StrJoin(forests, ","),
                  "],\"forest_adjacent\":[", absl::StrJoin(forest_adj, ","),
                  "],\"opposite_corners\":[", absl::StrJoin(opposite, ","),
                  "],\"ferry\":", m.ferry + 1, ",\"tower\":", m.tower + 1, "}");
  return j;
}

absl::StatusOr<std::unique_ptr<ReplayFrames>> ReplayFrames::Build(
    const v1::Replay& replay) {
  absl::StatusOr<State> s = Start(replay);
  if (!s.ok()) return s.status();
  std::unique_ptr<ReplayFrames> f(new ReplayFrames(replay));
  f->map_json_ = MapJson(s->map());
  int turn = -1;
  size_t events = s->events().size();
  for (int64_t i = 0; i < replay.decisions_size(); ++i) {
    if (s->counters().turns != turn) {
      turn = s->counters().turns;
      f->turn_starts_.push_back(static_cast<int>(i));
      f->turn_numbers_.push_back(turn);
    }
    if (absl::Status st = Step(replay, i, *s); !st.ok()) return st;
    if (s->events().size() != events) {
      events = s->events().size();
      f->event_steps_.push_back(static_cast<int>(i + 1));
    }
  }
  return f;
}

std::string ReplayFrames::IndexJson() const {
  std::vector<std::string> factions, bots;
  for (int f : replay_.seat_factions())
    factions.push_back(
        JsonQuote(v1::Faction_Name(static_cast<v1::Faction>(f))));
  for (const v1::SeatResult& r : replay_.result().seats())
    bots.push_back(JsonQuote(r.bot()));
  return absl::StrCat(
      "{\"match_id\":", JsonQuote(replay_.result().match_id()),
      ",\"decisions\":", replay_.decisions_size(), ",\"seats\":[",
      absl::StrJoin(factions, ","), "],\"bots\":[", absl::StrJoin(bots, ","),
      "],\"map\":", map_json_, ",\"turn_starts\":", Ints(turn_starts_),
      ",\"turn_numbers\":", Ints(turn_numbers_),
      ",\"event_steps\":", Ints(event_steps_),
      ",\"result\":", ProtoJson(replay_.result()), "}");
}

absl::StatusOr<std::string> ReplayFrames::FrameJson(int64_t at,
                                                    const View& view,
                                                    int max_events) const {
  at = std::clamp<int64_t>(at, 0, replay_.decisions_size());
  absl::StatusOr<State> s = Start(replay_);
  if (!s.ok()) return s.status();
  for (int64_t i = 0; i < at; ++i) {
    if (absl::Status st = Step(replay_, i, *s); !st.ok()) return st;
  }
  if (view.kind == View::kSeat && view.seat >= s->num_seats())
    return absl::InvalidArgumentError("no such seat");
  const int seat = view.kind == View::kSeat ? view.seat : -1;
  v1::Observation obs;
  referee::ObservationToProto(*s, seat, &obs);
  std::string j = absl::StrCat(
      "{\"at\":", at, ",\"turn\":", s->counters().turns,
      ",\"terminal\":", s->IsTerminal() ? "true" : "false", ",\"view\":",
      JsonQuote(view.kind == View::kFull   ? "full"
                : view.kind == View::kSeat ? absl::StrCat(view.seat)
                                           : "public"),
      ",\"observation\":", ProtoJson(obs));
  if (view.kind == View::kFull) {
    j += ",\"hands\":[";
    for (int i = 0; i < s->num_seats(); ++i) {
      std::vector<std::string> cards;
      for (rules::CardId c : s->seat(i).hand) {
        v1::Card card;
        referee::CardToProto(*s, c, &card);
        cards.push_back(ProtoJson(card));
      }
      absl::StrAppend(&j, i ? "," : "", "[", absl::StrJoin(cards, ","), "]");
    }
    j += "]";
  }
  const std::vector<rules::Event>& events = s->events();
  const size_t first = events.size() > static_cast<size_t>(max_events)
                           ? events.size() - max_events
                           : 0;
  j += ",\"events_total\":" + std::to_string(events.size()) + ",\"events\":[";
  for (size_t i = first; i < events.size(); ++i) {
    v1::Event e;
    referee::EventToProto(*s, events[i],
                          view.kind == View::kFull ? events[i].seat : seat, &e);
    absl::StrAppend(&j, i > first ? "," : "", "{\"i\":", i,
                    ",\"kind\":", JsonQuote(e.kind()), ",\"seat\":", e.seat(),
                    ",\"text\":", JsonQuote(e.text()), "}");
  }
  j += "]";
  if (at < replay_.decisions_size()) {
    const v1::DecisionRecord& d = replay_.decisions(at);
    const bool visible = view.kind == View::kFull ||
                         (view.kind == View::kSeat && view.seat == d.seat());
    absl::StrAppend(&j, ",\"next\":{\"seat\":", d.seat(),
                    ",\"label\":", JsonQuote(visible ? d.option_label() : ""),
                    "}");
  }
  return j + "}";
}

}  // namespace woodland::arena::http
