// Issue 13: the self-describing protocol. The committed reference is the
// generated one; every request of full matches of every faction decodes with
// only the reference's names; MatchStart carries the static game; MatchEnd
// the last events and the final view; history on demand returns exactly what
// the seat saw and is refused without the seat's token.
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/describe.h"
#include "referee/history.h"
#include "referee/match_runner.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

const std::string kSourceDir = WOODLAND_SOURCE_DIR;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Protocol, CommittedReferenceIsUpToDate) {
  const std::string committed = ReadFile(kSourceDir + "/docs/protocol.md");
  const std::string generated = DescribeMarkdown();
  EXPECT_TRUE(committed == generated)
      << "docs/protocol.md is out of date: regenerate it with\n"
         "  build/cli/woodland describe --markdown > docs/protocol.md";
}

// Issue 13 item 2: "what each field means" for every field of every message
// a bot receives, from the .proto comments.
TEST(Protocol, EveryFieldSaysWhatItMeans) {
  std::vector<std::string> missing;
  int fields = 0;
  for (const auto* d : DescribedMessages()) {
    for (int i = 0; i < d->field_count(); ++i, ++fields) {
      if (FieldMeaning(d->field(i)).empty())
        missing.emplace_back(d->field(i)->full_name());
    }
  }
  EXPECT_GT(fields, 300);
  EXPECT_TRUE(missing.empty())
      << missing.size() << " fields without a comment in the .proto: "
      << absl::StrJoin(missing, ", ");
  EXPECT_NE(DescribeMarkdown().find(
                "| 8 | `events` | repeated Event | Public events (as this "
                "seat may see them) since this seat's previous request. |"),
            std::string::npos);
}

TEST(Protocol, DescribeIsDeterministic) {
  EXPECT_EQ(DescribeJson(), DescribeJson());
}

// The tables every test match is played on: all eleven factions, the
// second Vagabond, and every map.
struct Table {
  std::vector<v1::Faction> factions;
  std::string map;
  bool hirelings_and_landmarks = false;  // Law 22, 24
};
std::vector<Table> Tables() {
  using namespace v1;
  return {
      {{FACTION_MARQUISE, FACTION_EYRIE, FACTION_ALLIANCE, FACTION_VAGABOND},
       "autumn"},
      {{FACTION_VAGABOND, FACTION_VAGABOND_SECOND, FACTION_EYRIE}, "winter"},
      {{FACTION_CULT, FACTION_RIVERFOLK, FACTION_DUCHY, FACTION_CORVID},
       "lake"},
      {{FACTION_HUNDREDS, FACTION_KEEPERS, FACTION_MARQUISE, FACTION_ALLIANCE},
       "mountain"},
      {{FACTION_CULT, FACTION_RIVERFOLK, FACTION_DUCHY, FACTION_CORVID,
        FACTION_VAGABOND},
       "autumn",
       true},
  };
}

v1::MatchSpec SpecFor(const Table& t, uint64_t seed) {
  v1::MatchSpec spec;
  spec.set_match_id(absl::StrCat("protocol-", seed));
  spec.set_seed(seed);
  spec.set_map(t.map);
  spec.set_max_turns(60);
  if (t.hirelings_and_landmarks) {
    for (const char* h : {"patrol", "nobles", "uprising"})
      spec.add_hirelings()->set_hireling(h);
    for (const char* l : {"forge", "black_market"})
      spec.add_landmarks()->set_landmark(l);
  }
  for (v1::Faction f : t.factions) {
    v1::SeatSpec* s = spec.add_seats();
    s->set_faction(f);
    s->set_bot("builtin:random");
  }
  return spec;
}

// Names the generated reference lists (its JSON form).
bool Listed(const std::string& reference, const std::string& quoted) {
  return reference.find(quoted) != std::string::npos;
}

class Decoder : public MatchListener {
 public:
  explicit Decoder(const std::string* reference) : ref_(reference) {}
  void OnMatchStart(int seat, const v1::MatchStart& ms) override {
    const v1::GameDefinition& g = ms.game();
    EXPECT_GT(g.cards_size(), 0);
    for (int i = 0; i < g.cards_size(); ++i) EXPECT_EQ(g.cards(i).id(), i);
    EXPECT_GE(g.map().clearings_size(), 12);
    EXPECT_EQ(g.boxes_size(), ms.seats_size());
    EXPECT_EQ(g.turn_limit(), 60);
  }
  void OnRequest(const rules::State& s, const v1::DecisionRequest& r) override {
    ++requests;
    EXPECT_TRUE(
        Listed(*ref_, absl::StrCat("\"key\":\"", r.prompt().kind(), "\"")))
        << "prompt kind " << r.prompt().kind() << " is not in the reference";
    for (const v1::Option& o : r.options()) {
      EXPECT_NE(o.payload_case(), v1::Option::PAYLOAD_NOT_SET) << o.label();
      if (o.has_action()) {
        EXPECT_NE(o.action().module(), v1::FACTION_UNSPECIFIED) << o.label();
        EXPECT_EQ(o.action().name(), o.label());
      }
      if (o.has_piece()) {
        EXPECT_TRUE(Listed(*ref_, absl::StrCat("\"", o.piece().piece(), " (")))
            << "piece " << o.piece().piece();
      }
      if (o.has_item()) {
        EXPECT_TRUE(Listed(*ref_, absl::StrCat("\"", o.item().item(), "\"")));
      }
      if (o.has_extra()) {
        EXPECT_TRUE(Listed(*ref_, absl::StrCat("\"", o.extra().action(), "\"")))
            << o.extra().action();
      }
      if (o.has_clearing()) {
        EXPECT_GE(o.clearing().clearing(), 1);
        EXPECT_LE(o.clearing().clearing(), 12);
      }
    }
    for (const v1::Event& e : r.events()) Event(e);
  }
  void OnMatchEnd(int seat, const v1::MatchEnd& end) override {
    ++ends;
    EXPECT_EQ(end.observation().seat(), seat);
    for (const v1::Event& e : end.events()) Event(e);
  }
  void Event(const v1::Event& e) {
    ++events;
    kinds.insert(e.kind());
    EXPECT_TRUE(Listed(*ref_, absl::StrCat("\"kind\":\"", e.kind(), "\"")))
        << "event kind " << e.kind() << " is not in the reference";
    ASSERT_NE(e.payload_case(), v1::Event::PAYLOAD_NOT_SET) << e.text();
    const auto* field = e.GetDescriptor()->FindFieldByNumber(e.payload_case());
    EXPECT_TRUE(
        Listed(*ref_, absl::StrCat("\"kind\":\"", e.kind(), "\",\"payload\":\"",
                                   field->name(), "\"")))
        << e.kind() << " carries " << field->name();
    EXPECT_NE(field->name(), "other") << "untyped event " << e.kind();
    if (e.has_vp()) {
      EXPECT_TRUE(Listed(*ref_, absl::StrCat("\"", e.vp().reason(), "\"")));
    }
    if (e.has_take_card()) {
      EXPECT_TRUE(
          Listed(*ref_, absl::StrCat("\"", e.take_card().source(), "\"")));
    }
    if (e.has_move()) {
      EXPECT_GE(e.move().from_clearing(), 1);
      EXPECT_GE(e.move().to_clearing(), 1);
    }
    if (e.has_place()) {
      EXPECT_GE(e.place().clearing(), 1);
    }
    if (e.has_hireling()) {
      EXPECT_FALSE(e.hireling().change().empty());
    }
    for (const std::string& name : e.board().fields()) {  // Observation's
      EXPECT_NE(v1::Observation::descriptor()->FindFieldByName(name), nullptr)
          << name;
      EXPECT_TRUE(BoardEventCovers(name)) << name;
    }
  }
  const std::string* ref_;
  int requests = 0, events = 0, ends = 0;
  std::set<std::string> kinds;
};

TEST(Protocol, EveryRequestDecodesWithTheReference) {
  const std::string reference = DescribeJson();
  std::set<std::string> kinds;
  uint64_t seed = 100;
  for (const Table& t : Tables()) {
    for (int g = 0; g < 2; ++g, ++seed) {
      Decoder d(&reference);
      auto out = RunMatch(SpecFor(t, seed), MatchOptions{}, &d);
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_GT(d.requests, 50);
      EXPECT_EQ(d.ends, static_cast<int>(t.factions.size()));
      kinds.insert(d.kinds.begin(), d.kinds.end());
    }
  }
  // The typed events issue 13 added do occur.
  for (const char* k :
       {"hits", "item", "relationship", "quest", "hand_size", "supporters",
        "pawn", "character", "board", "hireling", "landmark"}) {
    EXPECT_TRUE(kinds.count(k)) << "no " << k << " event in any match";
  }
}

// Records what each seat was sent, and its MatchStart.
class Recorder : public MatchListener {
 public:
  void OnMatchStart(int seat, const v1::MatchStart& ms) override {
    starts[seat] = ms;
  }
  void OnRequest(const rules::State&, const v1::DecisionRequest& r) override {
    for (const v1::Event& e : r.events()) seen[r.seat()].push_back(e);
  }
  void OnMatchEnd(int seat, const v1::MatchEnd& end) override {
    for (const v1::Event& e : end.events()) seen[seat].push_back(e);
  }
  std::map<int, v1::MatchStart> starts;
  std::map<int, std::vector<v1::Event>> seen;
};

TEST(Protocol, HistoryIsExactlyWhatTheSeatSaw) {
  HistoryRegistry registry;
  MatchOptions options;
  options.history = &registry;
  Recorder rec;
  const v1::MatchSpec spec = SpecFor(Tables()[0], 7);
  auto out = RunMatch(spec, options, &rec);
  ASSERT_TRUE(out.ok()) << out.status();
  std::shared_ptr<MatchHistory> h = registry.Find(spec.match_id());
  ASSERT_NE(h, nullptr);
  ASSERT_EQ(rec.starts.size(), 4u);
  std::set<std::string> tokens;
  for (const auto& [seat, ms] : rec.starts) {
    tokens.insert(ms.history_token());
    auto got = h->Get(seat, ms.history_token());
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_TRUE(got->match_over());
    const std::vector<v1::Event>& seen = rec.seen[seat];
    ASSERT_EQ(got->events_size(), static_cast<int>(seen.size()));
    for (size_t i = 0; i < seen.size(); ++i) {
      ASSERT_EQ(got->events(i).SerializeAsString(), seen[i].SerializeAsString())
          << "seat " << seat << " event " << i << ": " << got->events(i).text()
          << " / " << seen[i].text();
    }
    // Law 1.2: drawn cards stay hidden; a card passed between two hands is
    // shown only to those two seats.
    for (const v1::Event& e : got->events()) {
      if (e.kind() == "draw") {
        EXPECT_FALSE(e.has_card());
      }
      if (e.kind() == "take_card" && e.has_card() &&
          e.take_card().from_seat() >= 0) {
        EXPECT_TRUE(seat == e.seat() || seat == e.take_card().from_seat());
      }
    }
  }
  EXPECT_EQ(tokens.size(), 4u) << "every seat has its own token";
  // Refused: a wrong token, another seat's token, no such seat.
  EXPECT_EQ(h->Get(0, "wrong").status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(h->Get(0, "").status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(h->Get(0, rec.starts[1].history_token()).status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(h->Get(7, rec.starts[0].history_token()).status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(h->Get(-1, rec.starts[0].history_token()).status().code(),
            absl::StatusCode::kPermissionDenied);
}

TEST(Protocol, NoHistoryTokenWithoutAHistory) {
  Recorder rec;
  auto out = RunMatch(SpecFor(Tables()[0], 8), MatchOptions{}, &rec);
  ASSERT_TRUE(out.ok()) << out.status();
  for (const auto& [seat, ms] : rec.starts)
    EXPECT_TRUE(ms.history_token().empty());
}

}  // namespace
}  // namespace woodland::referee
