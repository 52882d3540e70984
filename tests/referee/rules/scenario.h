// Test support: hand-made positions for rule scenarios.
//
// A Scenario starts a Marquise (seat 0) / Eyrie (seat 1) game, clears the
// map, hands and task stack, and lets a test place pieces, give cards, push
// one step of the game and then answer its decisions by label.
#ifndef WOODLAND_TEST_REFEREE_RULES_SCENARIO_H_
#define WOODLAND_TEST_REFEREE_RULES_SCENARIO_H_

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"

namespace woodland::rules::testing {

// Clearing ids as printed on the map (1-12) -> engine index.
inline int C(int id) { return id - 1; }

class Scenario {
 public:
  explicit Scenario(std::vector<int8_t> factions = {kMarquise, kEyrie},
                    uint64_t seed = 7)
      : Scenario(SetupOf(std::move(factions)), seed) {}
  // Any table (map, suits...); the first seat is always seat 0.
  explicit Scenario(GameSetup setup, uint64_t seed) {
    setup.first_seat = 0;
    auto s = State::NewGame(setup, seed);
    EXPECT_TRUE(s.ok()) << s.status();
    state = std::make_unique<State>(*std::move(s));
    state->ClearForScenario();
    state->SetCurrent(0, kPhaseDaylight);
  }

  State& s() { return *state; }
  static GameSetup SetupOf(std::vector<int8_t> factions) {
    GameSetup setup;
    setup.factions = std::move(factions);
    return setup;
  }

  // Pushes a pause (so the engine stops after what is pushed next), then
  // lets `push` add the step under test, then runs to the first decision.
  template <typename Fn>
  void Start(Fn push) {
    s().ResetStack();  // abandon whatever was pending
    s().Push(Task{.kind = kTaskPause, .seat = 0});
    push(s());
    s().Run();
  }
  bool Paused() const { return state->prompt().kind == kPromptPause; }

  // The first card with this name (and suit, if given) not yet handed out.
  CardId Card(const std::string& name, int suit = -1) {
    for (CardId id = 0; id < static_cast<CardId>(s().def().deck.cards.size());
         ++id) {
      const CardDef& c = s().card(id);
      if (c.name != name || (suit >= 0 && c.suit != suit)) continue;
      bool used = false;
      for (CardId u : given_) used |= u == id;
      if (!used) {
        given_.push_back(id);
        return id;
      }
    }
    ADD_FAILURE() << "no card " << name;
    return kNoCard;
  }
  CardId Give(int seat, const std::string& name, int suit = -1) {
    const CardId id = Card(name, suit);
    s().GiveCard(seat, id);
    return id;
  }
  // Gives the Vagabond an item (from the box, so items stay accounted for).
  void Item(int kind, bool exhausted = false, bool damaged = false) {
    VagabondBoard& vb = s().mutable_vagabond();
    vb.items.push_back(VItem{static_cast<int8_t>(kind), exhausted, damaged});
    ++vb.box[kind];
  }
  // Puts a card among the Alliance's supporters.
  CardId Supporter(const std::string& name, int suit = -1) {
    const CardId id = Card(name, suit);
    s().GiveCard(0, id);
    s().RemoveFromHand(0, id);
    s().mutable_alliance().supporters.push_back(id);
    return id;
  }
  CardId Craft(int seat, const std::string& name, int suit = -1) {
    const CardId id = Give(seat, name, suit);
    s().RemoveFromHand(seat, id);
    s().mutable_seat(seat).play_area.push_back(id);
    s().RefreshPlayAreas();
    return id;
  }
  // Queues chance outcomes (e.g. dice) for the next draws.
  void Dice(std::vector<int> values) {
    auto v = std::make_shared<std::vector<ChanceOutcome>>();
    for (int x : values) v->push_back({kChanceDie, static_cast<uint16_t>(x)});
    s().chance_stream().Substitute(v);
  }

  std::vector<std::string> Labels() const {
    std::vector<std::string> out;
    for (const Option& o : state->options())
      out.push_back(state->OptionLabel(o));
    return out;
  }
  bool Offers(const std::string& label) const {
    for (const std::string& l : Labels()) {
      if (l == label) return true;
    }
    return false;
  }
  // Chooses the option with this label; fails the test if not offered.
  void Choose(const std::string& label) {
    const auto labels = Labels();
    for (size_t i = 0; i < labels.size(); ++i) {
      if (labels[i] == label) {
        ASSERT_TRUE(state->Apply(static_cast<int>(i)).ok());
        return;
      }
    }
    std::string all;
    for (const auto& l : labels) all += "\n  " + l;
    FAIL() << "'" << label << "' not offered at " << state->PromptKey() << ":"
           << all;
  }
  std::string Key() const { return std::string(state->PromptKey()); }

  std::unique_ptr<State> state;

 private:
  std::vector<CardId> given_;
};

}  // namespace woodland::rules::testing

#endif  // WOODLAND_TEST_REFEREE_RULES_SCENARIO_H_
