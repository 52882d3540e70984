// What one seat of one match knows, rebuilt from the protocol only: the
// MatchStart (seat order, map, deck, first seat), each DecisionRequest's
// Observation, and the public events (cards seen passing between hands).
// The result, a rules::InfoState, is the whole input of the search besides
// its seed: nothing else about the game reaches the search bot.
#ifndef WOODLAND_BOTS_SEARCH_INFO_TRACKER_H_
#define WOODLAND_BOTS_SEARCH_INFO_TRACKER_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/rules/determinize.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

class InfoTracker {
 public:
  explicit InfoTracker(const v1::MatchStart& start);

  // Folds in the request's events (call once per request, in order) and
  // returns the seat's information state at this decision.
  absl::StatusOr<rules::InfoState> Update(const v1::DecisionRequest& r);

  // The option labels of a request, in order.
  static std::vector<std::string> Labels(const v1::DecisionRequest& r);

 private:
  void Observe(const v1::Event& e);
  absl::Status Convert(const v1::DecisionRequest& r, rules::InfoState& out);
  int LeaderOf(const std::string& name) const;

  rules::GameSetup setup_;
  std::vector<std::vector<rules::CardId>> known_;
  // A State of this table (seed 0), for names only (leader labels).
  std::shared_ptr<const rules::State> names_;
};

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_INFO_TRACKER_H_
