// Every metric the Grafana dashboard and the docs query exists, as
// registered by the referee and the arena.
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "arena/metrics.h"
#include "gtest/gtest.h"
#include "referee/metrics.h"

namespace woodland::arena {
namespace {

std::set<std::string> RegisteredNames() {
  std::set<std::string> names;
  referee::RefereeMetrics referee;
  ArenaMetrics arena;
  // Touch labelled families so they have at least one series.
  referee.MatchFinished("vp30", 1);
  referee.Decision("marquise");
  referee.BotLatency("bot", 0.1);
  referee.Fault("bot", "timeout");
  arena.Tournaments("running", 0);
  arena.Finished(1);
  for (const auto& r : {referee.registry(), arena.registry()}) {
    for (const auto& family : r->Collect()) names.insert(family.name);
  }
  return names;
}

// A counter without labels is exported as 0 from the start: a scrape before
// the first match (or a fleet backend that has served none yet) reads 0, not
// a missing series, and rate() has a starting point.
TEST(RefereeMetricsTest, UnlabelledCountersReadZeroBeforeTheFirstMatch) {
  referee::RefereeMetrics referee;
  bool seen = false;
  for (const auto& family : referee.registry()->Collect()) {
    if (family.name != "woodland_matches_started_total") continue;
    ASSERT_EQ(family.metric.size(), 1u);
    EXPECT_EQ(family.metric[0].counter.value, 0);
    seen = true;
  }
  EXPECT_TRUE(seen);
  referee.MatchStarted();
  for (const auto& family : referee.registry()->Collect()) {
    if (family.name == "woodland_matches_started_total")
      EXPECT_EQ(family.metric[0].counter.value, 1);
  }
}

TEST(Dashboard, QueriesOnlyRegisteredMetrics) {
  std::ifstream f(WOODLAND_SOURCE_DIR "/deploy/grafana/woodland-arena.json");
  ASSERT_TRUE(f) << "dashboard missing";
  std::stringstream text;
  text << f.rdbuf();
  const std::string s = text.str();
  const std::set<std::string> known = RegisteredNames();
  const std::regex metric("woodland_[a-z_]+");
  int queried = 0;
  for (std::sregex_iterator it(s.begin(), s.end(), metric), end; it != end;
       ++it) {
    std::string name = it->str();
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
      const std::string sfx = suffix;
      if (name.size() > sfx.size() &&
          name.compare(name.size() - sfx.size(), sfx.size(), sfx) == 0 &&
          !known.count(name)) {
        name = name.substr(0, name.size() - sfx.size());
      }
    }
    if (name == "woodland_arena" || name == "woodland_referee")
      continue;  // uid / job names
    ++queried;
    EXPECT_TRUE(known.count(name)) << name << " is not a registered metric";
  }
  EXPECT_GT(queried, 10);
}

}  // namespace
}  // namespace woodland::arena
