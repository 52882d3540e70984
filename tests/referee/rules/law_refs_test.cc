// Every clause the project cites exists in the current Law (p16): the
// clause numbers in test names (Law_7_8_4_..., Law_2_5_2_And_3_2_1_...,
// Law_9_2_9_II_b_...) and the clause of every prompt kind.
//
// LAW_P16_PATH is ../shared/law-en/law-p16.md beside the repository (CI has
// shared/ there); a missing file fails the test. WOODLAND_SOURCE_DIR is the
// repository root: the test sources under tests/ are scanned at test time, so
// tests added later are checked too.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"

namespace woodland::rules {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Clause numbers the Law defines: chapters ("# 9. Vagabond"), sections
// ("## 9.2 Faction Rules"), and bold clause marks ("**9.2.9.II.b**").
std::set<std::string> LawClauses(const std::string& law) {
  std::set<std::string> out;
  static const std::regex kChapter(R"((^|\n)# (\d+)\.)");
  static const std::regex kSection(R"((^|\n)## (\d+\.\d+)\b)");
  static const std::regex kClause(
      R"(\*\*(\d+(?:\.\d+)+(?:\.[IVX]+)?(?:\.[a-z])?)\*\*)");
  for (const auto& [re, group] :
       {std::pair{&kChapter, 2}, {&kSection, 2}, {&kClause, 1}}) {
    for (std::sregex_iterator it(law.begin(), law.end(), *re), end; it != end;
         ++it) {
      out.insert((*it)[group].str());
    }
  }
  return out;
}

bool IsRoman(const std::string& t) {
  return !t.empty() && t.find_first_not_of("IVX") == std::string::npos;
}
bool IsDigits(const std::string& t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), ::isdigit);
}
bool IsLetter(const std::string& t) {
  return t.size() == 1 && t[0] >= 'a' && t[0] <= 'z';
}

// The clauses a test name cites. "Law_" is followed by a clause
// (digit groups, then optionally a roman numeral and a letter, all joined by
// '_'); "_And_" followed by digits starts another clause; the first other
// word ends the list.
std::vector<std::string> NameClauses(const std::string& name) {
  std::vector<std::string> toks;
  std::stringstream ss(name.substr(4));  // after "Law_"
  for (std::string t; std::getline(ss, t, '_');) toks.push_back(t);
  std::vector<std::string> out;
  size_t i = 0;
  while (i < toks.size() && IsDigits(toks[i])) {
    std::string clause = toks[i++];
    while (i < toks.size() && IsDigits(toks[i])) clause += "." + toks[i++];
    if (i < toks.size() && IsRoman(toks[i])) {
      clause += "." + toks[i++];
      if (i < toks.size() && IsLetter(toks[i])) clause += "." + toks[i++];
    }
    out.push_back(clause);
    if (i + 1 < toks.size() && toks[i] == "And" && IsDigits(toks[i + 1])) {
      ++i;
    } else {
      break;
    }
  }
  return out;
}

struct NamedTest {
  std::string file;
  std::string name;
};

// Test names "Law_<digit>..." (TEST, TEST_F, TEST_P) in every C++ source
// under tests/.
std::vector<NamedTest> LawTestNames(const fs::path& test_dir) {
  static const std::regex kName(
      R"(\bTEST(?:_F|_P)?\(\s*\w+\s*,\s*(Law_[0-9]\w*)\s*\))");
  std::vector<NamedTest> out;
  for (const auto& e : fs::recursive_directory_iterator(test_dir)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".cc" && ext != ".h")) continue;
    const std::string text = ReadFile(e.path());
    for (std::sregex_iterator it(text.begin(), text.end(), kName), end;
         it != end; ++it) {
      out.push_back(
          {e.path().lexically_relative(test_dir).string(), (*it)[1].str()});
    }
  }
  return out;
}

class LawRefs : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path law_path(LAW_P16_PATH);
    ASSERT_TRUE(fs::exists(law_path))
        << "the current Law is missing: expected " << law_path
        << " (shared/law-en/law-p16.md beside the repository)";
    clauses_ = LawClauses(ReadFile(law_path));
    // The Law defines several hundred clauses; a handful means a format
    // change this parser does not understand.
    ASSERT_GT(clauses_.size(), 400u)
        << "could not read clauses from " << law_path;
  }
  bool InLaw(const std::string& c) const { return clauses_.count(c) > 0; }

  std::set<std::string> clauses_;
};

TEST_F(LawRefs, ReadsTheLawsClauseMarks) {
  for (const char* c :
       {"1", "2.5", "4.3.3.I", "7.8.4", "8.4.2.II.a", "9.2.9.II.b", "21.24"}) {
    EXPECT_TRUE(InLaw(c)) << c;
  }
  for (const char* c : {"2.8", "4.3.2.I", "4.3.2.III", "2.5.2", "9.2.9.II.e"}) {
    EXPECT_FALSE(InLaw(c)) << c;
  }
}

TEST(LawRefsNames, ParsesClauseGroupsFromTestNames) {
  using V = std::vector<std::string>;
  EXPECT_EQ(NameClauses("Law_7_8_4_DespotScores"), V{"7.8.4"});
  EXPECT_EQ(NameClauses("Law_2_5_2_And_3_2_1_Removed"), (V{"2.5.2", "3.2.1"}));
  EXPECT_EQ(NameClauses("Law_9_2_9_II_b_Allied"), V{"9.2.9.II.b"});
  EXPECT_EQ(NameClauses("Law_4_3_3_I_Capped"), V{"4.3.3.I"});
  EXPECT_EQ(NameClauses("Law_8_4_2_I_And_8_4_2_III_Spread"),
            (V{"8.4.2.I", "8.4.2.III"}));
  EXPECT_EQ(NameClauses("Law_2_1_EmptyDeck"), V{"2.1"});
  EXPECT_EQ(NameClauses("Law_3_1_1"), V{"3.1.1"});
  EXPECT_EQ(NameClauses("Law_6_5_And_Birds"), V{"6.5"});
}

TEST_F(LawRefs, EveryLawTestNameCitesAClauseOfTheCurrentLaw) {
  const fs::path test_dir = fs::path(WOODLAND_SOURCE_DIR) / "tests";
  ASSERT_TRUE(fs::is_directory(test_dir)) << test_dir;
  const std::vector<NamedTest> names = LawTestNames(test_dir);
  ASSERT_GT(names.size(), 50u) << "no Law_ tests found under " << test_dir;
  for (const NamedTest& t : names) {
    const std::vector<std::string> cited = NameClauses(t.name);
    EXPECT_FALSE(cited.empty()) << t.file << ": " << t.name;
    for (const std::string& c : cited) {
      EXPECT_TRUE(InLaw(c)) << t.file << ": " << t.name << " cites " << c
                            << ", which p16 does not define";
    }
  }
}

TEST_F(LawRefs, EveryPromptKindCitesAClauseOfTheCurrentLaw) {
  RegisterAll();
  int registered = 0;
  for (int kind = 1; kind < 512; ++kind) {
    const PromptInfo& info = GetPromptInfo(kind);
    if (info.key.empty()) continue;
    ++registered;
    // The pause prompt only lets tests stop a game; it gives no choice.
    if (kind == kPromptPause) continue;
    EXPECT_FALSE(info.law.empty()) << info.key << " cites no clause";
    if (info.law.empty()) continue;
    // A prompt may cite several clauses, separated by commas.
    std::stringstream ss{std::string(info.law)};
    for (std::string c; std::getline(ss, c, ',');) {
      c.erase(0, c.find_first_not_of(' '));
      c.erase(c.find_last_not_of(' ') + 1);
      EXPECT_TRUE(InLaw(c))
          << info.key << " cites " << c << ", which p16 does not define";
    }
  }
  EXPECT_GT(registered, 60) << "prompt kinds were not registered";
}

}  // namespace
}  // namespace woodland::rules
