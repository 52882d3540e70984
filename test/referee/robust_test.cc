// Regression tests for issue 16's robustness items: bot strings that are not
// clean UTF-8, client-chosen limits, names used in paths, watch streams that
// cost threads, ports in use, replays whose results were edited, and flags
// whose values used to abort the program. Each test reproduces an attack.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "test/common/server_process.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::referee {
namespace {

using google::protobuf::util::TimeUtil;

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;
const std::string kFaultyBot = WOODLAND_FAULTY_BOT;

v1::MatchSpec Spec(const std::string& marquise_bot,
                   const std::string& eyrie_bot, uint64_t seed = 5) {
  v1::MatchSpec spec;
  spec.set_seed(seed);
  auto* a = spec.add_seats();
  a->set_faction(v1::FACTION_MARQUISE);
  a->set_bot(marquise_bot);
  auto* b = spec.add_seats();
  b->set_faction(v1::FACTION_EYRIE);
  b->set_bot(eyrie_bot);
  return spec;
}

std::string Euros(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "\xe2\x82\xac";
  return s;
}

// Issue 16 item 5: a bot's name and notes cut at a byte limit in the middle
// of a character, and strings that were never UTF-8, made results and
// replays undeserializable. Every bot string now arrives as valid UTF-8.
TEST(BotStrings, MultiByteAndInvalidUtf8SurviveResultsAndReplays) {
  v1::MatchSpec spec =
      Spec("exec:" + kFaultyBot + " --mode utf8", "builtin:random");
  spec.set_max_strikes(1000);
  spec.set_max_turns(8);  // each bot error costs 200 ms
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  for (const google::protobuf::Message* m :
       std::initializer_list<const google::protobuf::Message*>{&out->result,
                                                               &out->replay}) {
    std::string bytes;
    ASSERT_TRUE(m->SerializeToString(&bytes));
    std::unique_ptr<google::protobuf::Message> back(m->New());
    EXPECT_TRUE(back->ParseFromString(bytes)) << "binary form does not parse";
    std::string json;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(*m, &json).ok());
    back->Clear();
    EXPECT_TRUE(
        google::protobuf::util::JsonStringToMessage(json, back.get()).ok())
        << "JSON form does not parse";
  }
  const v1::SeatResult& bad = out->result.seats(0);
  // 64 bytes hold 21 whole three-byte characters.
  EXPECT_EQ(bad.bot_info().name(), Euros(21));
  EXPECT_EQ(bad.bot_info().language(), Euros(21));
  // Error messages quoting the bot and answers that do not parse are faults
  // whose details are valid UTF-8 (checked by the round trips above).
  EXPECT_GT(bad.faults_size(), 10);
  EXPECT_FALSE(bad.replaced_by_fallback());
  int notes = 0;
  for (const v1::DecisionRecord& d : out->replay.decisions()) {
    if (d.note().empty()) continue;
    ++notes;
    EXPECT_EQ(d.note(), Euros(66));  // 200 bytes hold 66 characters
  }
  EXPECT_GT(notes, 0);
  auto s = StateFromReplay(out->replay);
  ASSERT_TRUE(s.ok()) << s.status();
}

}  // namespace
}  // namespace woodland::referee
