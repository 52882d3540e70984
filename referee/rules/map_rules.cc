#include "referee/rules/map_rules.h"

#include <bit>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

int FactionOfSeat(const State& s, int seat) { return s.seat(seat).faction; }

// Law 25.4.3: any faction piece in either clearing the path links.
bool TouchesPath(const State& s, int faction, int path) {
  auto [a, b] = s.map().closed_paths[path];
  return s.HasPieces(faction, a) || s.HasPieces(faction, b);
}

void OpenPathStep(State& s) {
  const Task& t = s.top();
  s.Ask(kPromptOpenPathCard, t.seat, MatchingCards(s, t.seat, -1), t.a);
}

void OpenPathChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  const int path = s.top().a;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  // Law 25.4.3: the marker leaves the game; the player scores one point.
  s.OpenPath(path);
  s.Log({.kind = kEvOpenPath,
         .seat = static_cast<int8_t>(seat),
         .faction = static_cast<int8_t>(FactionOfSeat(s, seat)),
         .a = static_cast<int8_t>(path)});
  s.AddVp(seat, 1, kVpMap);
}

std::string OpenPathText(const State& s, const Prompt& p) {
  auto [a, b] = s.map().closed_paths[p.a];
  return absl::StrCat("Spend a card to remove the closed path between ",
                      ClearingName(s, a), " and ", ClearingName(s, b), ".");
}

}  // namespace

bool IsFerryCrossing(const State& s, int from, int to) {
  const MapDef& m = s.map();
  if (s.ferry() != from || s.ferry_used() || from == to ||
      s.Adjacent(from, to)) {
    return false;
  }
  // On the Lake, any coastal clearing; the Ferry landmark on another map
  // crosses to a clearing linked by river (its card, Law 24).
  if (m.ferry >= 0) return m.clearings[from].coastal && m.clearings[to].coastal;
  return m.clearings[from].river >> to & 1;
}

void AppendFerryMoves(const State& s, int faction, int from_suit,
                      std::vector<Option>& opts) {
  const int from = s.ferry();
  if (from < 0 || s.ferry_used() || s.clearing(from).warriors[faction] == 0) {
    return;
  }
  // Law 4.2 as ScanPathMoves: the Lost City's clearing is every suit.
  if (from_suit >= 0 && from_suit != kBird && !s.ClearingIs(from, from_suit)) {
    return;
  }
  // IsFerryCrossing's destinations as a mask (issue 12: the Lake asks at
  // every move list), in clearing order.
  const MapDef& m = s.map();
  uint32_t reach = 0;
  if (m.ferry < 0) {
    reach = m.clearings[from].river;
  } else if (m.clearings[from].coastal) {
    for (int to = 0; to < m.num_clearings; ++to) {
      reach |= static_cast<uint32_t>(m.clearings[to].coastal) << to;
    }
  }
  reach &= ~(uint32_t{s.AdjacentMask(from)} | 1u << from);
  if (reach == 0) return;
  // Law 25.3.5: the Ferry does not lift the rule requirement (4.2.1).
  const bool rules_from = s.Rules(faction, from);
  for (; reach != 0; reach &= reach - 1) {
    const int to = std::countr_zero(reach);
    if (rules_from || s.Rules(faction, to)) {
      opts.push_back({.kind = kOptMove,
                      .a = static_cast<int8_t>(from),
                      .b = static_cast<int8_t>(to)});
    }
  }
}

void FerryCrossed(State& s, int seat, int to) {
  s.MoveFerry(to);
  s.DrawCards(seat, 1);
}

void AppendOpenPathExtrasNow(const State& s, int seat,
                             std::vector<Option>& opts) {
  if (s.seat(seat).hand.empty()) return;
  const int f = FactionOfSeat(s, seat);
  for (uint32_t left = s.closed_paths_left(); left != 0; left &= left - 1) {
    const int i = std::countr_zero(left);
    if (!TouchesPath(s, f, i)) continue;
    opts.push_back(
        {.kind = kOptExtra, .a = kExtraOpenPath, .b = static_cast<int8_t>(i)});
  }
}

void PushOpenPath(State& s, int seat, int path) {
  s.Push(Task{.kind = kTaskOpenPath,
              .seat = static_cast<int8_t>(seat),
              .a = static_cast<int8_t>(path)});
}

void EndOfEvening(State& s, int seat) {
  const int pass = s.tower();
  if (pass >= 0 && s.Rules(FactionOfSeat(s, seat), pass)) {
    s.AddVp(seat, 1, kVpMap);
  }
}

absl::Status ParseSuitsFlag(absl::string_view text, GameSetup& setup) {
  setup.suits.clear();
  setup.random_suits = text == "random";
  if (text == "random" || text == "printed" || text.empty()) {
    return absl::OkStatus();
  }
  for (absl::string_view word : absl::StrSplit(text, ',')) {
    const int suit = ParseSuit(word);
    if (suit < 0 || suit >= kNumClearingSuits) {
      return absl::InvalidArgumentError(absl::StrCat(
          "suits: '", word, "' is not fox, rabbit or mouse (Law 19.1)"));
    }
    setup.suits.push_back(static_cast<int8_t>(suit));
  }
  return absl::OkStatus();
}

void RegisterMapRules() {
  RegisterTask(kTaskOpenPath, {"open_path", OpenPathStep, OpenPathChoose});
  RegisterPrompt(kPromptOpenPathCard,
                 PromptInfo{"map.open_path.card", "25.4.3", OpenPathText});
}

}  // namespace woodland::rules
