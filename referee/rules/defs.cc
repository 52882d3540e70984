#include "referee/rules/defs.h"

#include <algorithm>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "referee/rules/embedded_data.h"

namespace woodland::rules {
namespace {

// Splits a line into words; a double-quoted run is one word.
std::vector<std::string> Words(absl::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    if (line[i] == '"') {
      size_t end = line.find('"', i + 1);
      if (end == absl::string_view::npos) end = line.size();
      out.emplace_back(line.substr(i + 1, end - i - 1));
      i = end + 1;
      continue;
    }
    size_t end = line.find_first_of(" \t", i);
    if (end == absl::string_view::npos) end = line.size();
    out.emplace_back(line.substr(i, end - i));
    i = end;
  }
  return out;
}

// Calls fn(line_number, words) for every non-empty, non-comment line.
template <typename Fn>
absl::Status ForEachStatement(absl::string_view text, Fn fn) {
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    size_t hash = line.find('#');
    if (hash != absl::string_view::npos &&
        line.substr(0, hash).find('"') == absl::string_view::npos) {
      line = line.substr(0, hash);
    }
    std::vector<std::string> w = Words(line);
    if (w.empty()) continue;
    absl::Status s = fn(w);
    if (!s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", line_no, ": ", s.message()));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<int> ClearingIndex(const MapDef& m, const std::string& word) {
  int id = 0;
  if (!absl::SimpleAtoi(word, &id) || id < 1 || id > m.num_clearings) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown clearing '", word, "'"));
  }
  return id - 1;
}

// lake ID...: the coastal clearings (Law 25.3.3), linked pairwise as by
// rivers (25.3.2).
absl::Status ParseLake(MapDef& m, const std::vector<std::string>& w) {
  if (w.size() < 3) return absl::InvalidArgumentError("lake ID ID...");
  ClearingMask coast = 0;
  for (size_t i = 1; i < w.size(); ++i) {
    auto c = ClearingIndex(m, w[i]);
    if (!c.ok()) return c.status();
    coast |= ClearingMask{1} << *c;
  }
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!(coast >> c & 1)) continue;
    m.clearings[c].coastal = true;
    m.clearings[c].river |= coast & ~(ClearingMask{1} << c);
  }
  return absl::OkStatus();
}

}  // namespace

int MapDef::OppositeCorner(int c) const {
  for (auto [a, b] : opposite_corners) {
    if (a == c) return b;
    if (b == c) return a;
  }
  return -1;
}

absl::StatusOr<MapDef> ParseMap(absl::string_view text) {
  MapDef m;
  std::map<std::string, int> forest_ids;
  absl::Status st = ForEachStatement(
      text, [&](const std::vector<std::string>& w) -> absl::Status {
        const std::string& op = w[0];
        if (op == "map") {
          if (w.size() < 3)
            return absl::InvalidArgumentError("map KEY \"TITLE\"");
          m.key = w[1];
          m.title = w[2];
        } else if (op == "clearing") {
          if (w.size() < 4)
            return absl::InvalidArgumentError("clearing ID SUIT slots=N");
          int id = 0;
          if (!absl::SimpleAtoi(w[1], &id) || id != m.num_clearings + 1 ||
              id > kMaxClearings) {
            return absl::InvalidArgumentError(
                "clearings must be numbered 1.. in order");
          }
          ClearingDef& c = m.clearings[id - 1];
          // '-': no printed suit; a suit marker is placed at setup (19.1).
          const bool printed = w[2] != "-";
          if (id > 1 && printed != m.suits_printed) {
            return absl::InvalidArgumentError(
                "either every clearing has a printed suit or none has");
          }
          m.suits_printed = printed;
          int suit = printed ? ParseSuit(w[2]) : kFox;
          if (suit < 0 || suit >= kNumClearingSuits) {
            return absl::InvalidArgumentError(
                absl::StrCat("bad suit '", w[2], "'"));
          }
          c.suit = static_cast<int8_t>(suit);
          for (size_t i = 3; i < w.size(); ++i) {
            int n = 0;
            if (absl::StartsWith(w[i], "slots=") &&
                absl::SimpleAtoi(w[i].substr(6), &n) && n >= 0 && n <= 4) {
              c.slots = static_cast<int8_t>(n);
            } else if (w[i] == "ruin") {
              c.ruin = true;
            } else if (w[i] == "corner") {
              c.corner = true;
            } else if (w[i] == "edge") {
              c.edge = true;
            } else {
              return absl::InvalidArgumentError(
                  absl::StrCat("bad attribute '", w[i], "'"));
            }
          }
          if (c.ruin && c.slots == 0) {
            return absl::InvalidArgumentError("a ruin needs a slot");
          }
          ++m.num_clearings;
        } else if (op == "lake") {
          return ParseLake(m, w);
        } else if (op == "ferry" || op == "tower") {
          if (w.size() != 2) return absl::InvalidArgumentError(op + " ID");
          auto c = ClearingIndex(m, w[1]);
          if (!c.ok()) return c.status();
          (op == "ferry" ? m.ferry : m.tower) = static_cast<int8_t>(*c);
        } else if (op == "path" || op == "river" || op == "opposite" ||
                   op == "closed") {
          if (w.size() != 3) return absl::InvalidArgumentError(op + " A B");
          auto a = ClearingIndex(m, w[1]);
          auto b = ClearingIndex(m, w[2]);
          if (!a.ok()) return a.status();
          if (!b.ok()) return b.status();
          if (*a == *b)
            return absl::InvalidArgumentError(
                "a clearing cannot link to itself");
          if (op == "opposite") {
            m.opposite_corners.emplace_back(*a, *b);
          } else if (op == "closed") {
            m.closed_paths.emplace_back(*a, *b);
          } else {
            ClearingMask ClearingDef::*field =
                op == "path" ? &ClearingDef::adjacent : &ClearingDef::river;
            m.clearings[*a].*field |= ClearingMask{1} << *b;
            m.clearings[*b].*field |= ClearingMask{1} << *a;
          }
        } else if (op == "forest") {
          if (w.size() < 3)
            return absl::InvalidArgumentError("forest NAME ID...");
          ClearingMask mask = 0;
          for (size_t i = 2; i < w.size(); ++i) {
            auto c = ClearingIndex(m, w[i]);
            if (!c.ok()) return c.status();
            mask |= ClearingMask{1} << *c;
          }
          forest_ids[w[1]] = static_cast<int>(m.forests.size());
          m.forests.push_back(mask);
          m.forest_adjacent.emplace_back();
        } else if (op == "forest_adjacent") {
          if (w.size() != 3 || !forest_ids.count(w[1]) ||
              !forest_ids.count(w[2])) {
            return absl::InvalidArgumentError(
                "forest_adjacent needs two known forests");
          }
          int a = forest_ids[w[1]], b = forest_ids[w[2]];
          m.forest_adjacent[a].push_back(static_cast<int8_t>(b));
          m.forest_adjacent[b].push_back(static_cast<int8_t>(a));
        } else {
          return absl::InvalidArgumentError(
              absl::StrCat("unknown statement '", op, "'"));
        }
        return absl::OkStatus();
      });
  if (!st.ok()) return st;
  if (m.key.empty() || m.num_clearings == 0) {
    return absl::InvalidArgumentError("a map needs a 'map' line and clearings");
  }
  for (auto [a, b] : m.opposite_corners) {
    if (!m.clearings[a].corner || !m.clearings[b].corner) {
      return absl::InvalidArgumentError("opposite pairs must be corners");
    }
  }
  for (auto [a, b] : m.closed_paths) {
    if (m.Adjacent(a, b)) {
      return absl::InvalidArgumentError("a closed path is also an open path");
    }
  }
  if (m.ferry >= 0 && !m.clearings[m.ferry].coastal) {
    return absl::InvalidArgumentError("the Ferry starts in a coastal clearing");
  }
  return m;
}

absl::StatusOr<DeckDef> ParseDeck(absl::string_view text) {
  static const std::map<std::string, CardEffect> kEffects = {
      {"armorers", kArmorers},
      {"brutal_tactics", kBrutalTactics},
      {"royal_claim", kRoyalClaim},
      {"sappers", kSappers},
      {"favor", kFavor},
      {"stand_and_deliver", kStandAndDeliver},
      {"tax_collector", kTaxCollector},
      {"better_burrow_bank", kBetterBurrowBank},
      {"cobbler", kCobbler},
      {"command_warren", kCommandWarren},
      {"codebreakers", kCodebreakers},
      {"scouting_party", kScoutingParty},
      {"boat_builders", kBoatBuilders},
      {"corvid_planners", kCorvidPlanners},
      {"eyrie_emigre", kEyrieEmigre},
      {"saboteurs", kSaboteurs},
      {"soup_kitchens", kSoupKitchens},
      {"false_orders", kFalseOrders},
      {"partisans", kPartisans},
      {"informants", kInformants},
      {"propaganda_bureau", kPropagandaBureau},
      {"charm_offensive", kCharmOffensive},
      {"coffin_makers", kCoffinMakers},
      {"swap_meet", kSwapMeet},
      {"tunnels", kTunnels},
      {"league_of_adventurous_mice", kLeagueOfAdventurousMice},
      {"master_engravers", kMasterEngravers},
      {"murine_broker", kMurineBroker},
  };
  static const std::map<std::string, CardKind> kKinds = {
      {"ambush", kAmbushCard},
      {"dominance", kDominanceCard},
      {"item", kItemCard},
      {"immediate", kImmediateCard},
      {"persistent", kPersistentCard}};
  DeckDef d;
  int types = 0;
  absl::Status st = ForEachStatement(
      text, [&](const std::vector<std::string>& w) -> absl::Status {
        if (w[0] == "deck") {
          if (w.size() < 3)
            return absl::InvalidArgumentError("deck KEY \"TITLE\"");
          d.key = w[1];
          d.title = w[2];
          return absl::OkStatus();
        }
        if (w[0] != "card" || w.size() < 5) {
          return absl::InvalidArgumentError(
              "expected: card \"NAME\" SUIT xCOUNT KIND ...");
        }
        CardDef c;
        c.name = w[1];
        int suit = ParseSuit(w[2]);
        if (suit < 0 || suit >= kNumSuits) {
          return absl::InvalidArgumentError(
              absl::StrCat("bad suit '", w[2], "'"));
        }
        c.suit = static_cast<int8_t>(suit);
        int count = 0;
        if (w[3].size() < 2 || w[3][0] != 'x' ||
            !absl::SimpleAtoi(w[3].substr(1), &count) || count < 1 ||
            count > 9) {
          return absl::InvalidArgumentError(
              absl::StrCat("bad count '", w[3], "'"));
        }
        auto kind = kKinds.find(w[4]);
        if (kind == kKinds.end()) {
          return absl::InvalidArgumentError(
              absl::StrCat("bad kind '", w[4], "'"));
        }
        c.kind = kind->second;
        for (size_t i = 5; i < w.size(); ++i) {
          std::pair<std::string, std::string> kv = absl::StrSplit(w[i], '=');
          int n = 0;
          if (kv.first == "cost") {
            for (absl::string_view s : absl::StrSplit(kv.second, ',')) {
              int cs = ParseSuit(s);
              if (cs < 0 || cs == kBird) {
                return absl::InvalidArgumentError(
                    absl::StrCat("bad cost suit '", s, "'"));
              }
              c.cost.push_back(static_cast<int8_t>(cs));
            }
          } else if (kv.first == "item" && ParseItem(kv.second) >= 0) {
            c.item = static_cast<int8_t>(ParseItem(kv.second));
          } else if (kv.first == "vp" && absl::SimpleAtoi(kv.second, &n)) {
            c.vp = static_cast<int8_t>(n);
          } else if (kv.first == "effect" && kEffects.count(kv.second)) {
            c.effect = kEffects.at(kv.second);
          } else {
            return absl::InvalidArgumentError(
                absl::StrCat("bad attribute '", w[i], "'"));
          }
        }
        if (c.kind == kItemCard && c.item < 0) {
          return absl::InvalidArgumentError("an item card needs item=");
        }
        c.type = static_cast<int8_t>(types++);
        for (int i = 0; i < count; ++i) d.cards.push_back(c);
        return absl::OkStatus();
      });
  if (!st.ok()) return st;
  if (d.key.empty() || d.cards.empty() || d.cards.size() > 250) {
    return absl::InvalidArgumentError(
        "a deck needs a 'deck' line and 1-250 cards");
  }
  return d;
}

namespace {

// Every embedded file parsed once (a new game copies the result).
template <class Def>
const std::vector<absl::StatusOr<Def>>& ParsedOnce(
    const std::vector<EmbeddedFile>& files,
    absl::StatusOr<Def> (*parse)(absl::string_view)) {
  static const auto* parsed = [&] {
    auto* out = new std::vector<absl::StatusOr<Def>>();
    for (const EmbeddedFile& f : files) out->push_back(parse(f.text));
    return out;
  }();
  return *parsed;
}

}  // namespace

absl::StatusOr<MapDef> BuiltinMap(absl::string_view key) {
  const std::vector<EmbeddedFile>& files = EmbeddedMaps();
  const auto& parsed = ParsedOnce<MapDef>(files, &ParseMap);
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].key == key) return parsed[i];
  }
  return absl::NotFoundError(absl::StrCat("no built-in map '", key, "'"));
}

absl::StatusOr<DeckDef> BuiltinDeck(absl::string_view key) {
  absl::StatusOr<const DeckDef*> deck = SharedBuiltinDeck(key);
  if (!deck.ok()) return deck.status();
  return **deck;
}

absl::StatusOr<const DeckDef*> SharedBuiltinDeck(absl::string_view key) {
  const std::vector<EmbeddedFile>& files = EmbeddedDecks();
  const auto& parsed = ParsedOnce<DeckDef>(files, &ParseDeck);
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].key != key) continue;
    if (!parsed[i].ok()) return parsed[i].status();
    return &*parsed[i];
  }
  return absl::NotFoundError(
      absl::StrCat("no built-in deck '", key,
                   "' (decks: ", absl::StrJoin(BuiltinDeckKeys(), ", "), ")"));
}

std::vector<std::string> BuiltinDeckKeys() {
  std::vector<std::string> keys;
  for (const EmbeddedFile& f : EmbeddedDecks()) keys.emplace_back(f.key);
  std::sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace woodland::rules
