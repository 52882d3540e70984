// Issue 13 item 4: a bot can rebuild the game from MatchStart and the events
// alone. For every request of full matches, each seat's public view is
// rebuilt from its MatchStart and the events it was sent, and compared with
// the observation of that request.
//
// Rebuilt from the typed events and compared: warriors and pieces in every
// clearing, every seat's VP and hand size and crafted items, the item
// supply, each Vagabond's pawn, items, relationships and character, the
// face-up quests, and the Alliance's supporters and officers. Rebuilt from
// the board events (Event.board): every other Observation field but the
// seat's own hand (the discard pile, deck size, dominance cards, every
// faction board incl. the expansion factions and both Vagabonds, supplies,
// turn progress, battle, landmarks, hirelings), compared whole.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/match_runner.h"

namespace woodland::referee {
namespace {

// One seat's picture of the game, built from events only.
struct Model {
  std::map<std::pair<int, int>, int> warriors;            // (clearing, faction)
  std::map<std::pair<int, std::string>, int> pieces;      // (clearing, name)
  std::map<int, int> vp, hand;                            // by seat
  std::map<std::pair<int, std::string>, int> seat_items;  // (seat, item)
  std::map<std::string, int> supply;
  struct Vagabond {
    int clearing = 0, forest = 0;
    std::string character;
    std::map<std::tuple<std::string, bool, bool>, int> items;
    std::map<int, std::string> relation;  // by proto faction
  };
  std::map<int, Vagabond> vagabonds;  // by proto faction
  std::set<int> quests;
  int supporters = 0, officers = 0;
  v1::Observation board;  // the fields board events rebuild
  // Hireling pieces (Law 22.3.3) by (clearing, hireling key, "warrior" or
  // "vault"); named on the map by the side's name (HirelingView.name).
  std::map<std::tuple<int, std::string, std::string>, int> hireling_pieces;
};

// The parts of `o` the board events cover.
v1::Observation Covered(const v1::Observation& o) {
  v1::Observation c = o;
  const auto* d = c.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    if (!BoardEventCovers(std::string(d->field(i)->name())))
      c.GetReflection()->ClearField(&c, d->field(i));
  }
  return c;
}

void Apply(const v1::Event& e, Model& m) {
  switch (e.payload_case()) {
    case v1::Event::kPlace:
    case v1::Event::kRemove: {
      const v1::PieceEvent& p = e.has_place() ? e.place() : e.remove();
      const int sign = e.has_place() ? 1 : -1;
      if (p.piece() == "warrior") {
        m.warriors[{p.clearing(), p.faction()}] += sign * p.count();
      } else {
        m.pieces[{p.clearing(), p.piece()}] += sign * p.count();
      }
      break;
    }
    case v1::Event::kMove:
      m.warriors[{e.move().from_clearing(), e.move().faction()}] -=
          e.move().count();
      m.warriors[{e.move().to_clearing(), e.move().faction()}] +=
          e.move().count();
      break;
    case v1::Event::kDuchyBurrow: {  // Law 12.2.2: the Burrow is off the map
      const v1::BurrowEvent& b = e.duchy_burrow();
      const int sign = b.direction() == "into_burrow"     ? -1
                       : b.direction() == "out_of_burrow" ? 1
                                                          : 0;
      m.warriors[{b.clearing(), e.faction()}] += sign * b.count();
      break;
    }
    case v1::Event::kPlotFlip:  // Law 13.4.2: a face-down plot shows its kind
      --m.pieces[{e.plot_flip().clearing(), "face-down plot"}];
      ++m.pieces[{e.plot_flip().clearing(), e.plot_flip().plot()}];
      break;
    case v1::Event::kPlotSwap: {  // Law 13.5.4: every plot piece swaps
      const int a = e.plot_swap().clearing(),
                b = e.plot_swap().other_clearing();
      for (const char* plot : {"bomb plot", "snare plot", "extortion plot",
                               "raid plot", "face-down plot"}) {
        std::swap(m.pieces[{a, plot}], m.pieces[{b, plot}]);
      }
      break;
    }
    case v1::Event::kVp:
      m.vp[e.seat()] += e.vp().delta();
      break;
    case v1::Event::kHandSize:
      m.hand[e.seat()] = e.hand_size().count();
      break;
    case v1::Event::kSeatItem:
      m.seat_items[{e.seat(), e.seat_item().item()}] += e.seat_item().delta();
      break;
    case v1::Event::kItemSupply:
      m.supply[e.item_supply().item()] += e.item_supply().delta();
      break;
    case v1::Event::kItem: {
      const v1::ItemEvent& i = e.item();
      m.vagabonds[i.faction()].items[{i.item(), i.exhausted(), i.damaged()}] +=
          i.delta();
      break;
    }
    case v1::Event::kPawn:
      m.vagabonds[e.pawn().faction()].clearing = e.pawn().clearing();
      m.vagabonds[e.pawn().faction()].forest = e.pawn().forest();
      break;
    case v1::Event::kRelationship:
      m.vagabonds[e.relationship().vagabond()]
          .relation[e.relationship().faction()] = e.relationship().level();
      break;
    case v1::Event::kCharacter:
      m.vagabonds[e.character().faction()].character =
          e.character().character();
      break;
    case v1::Event::kQuest:
      if (e.quest().change() == "face_up") {
        m.quests.insert(e.quest().quest().quest());
      } else {
        m.quests.erase(e.quest().quest().quest());
      }
      break;
    case v1::Event::kSupporters:
      m.supporters = e.supporters().count();
      break;
    case v1::Event::kOfficers:
      m.officers = e.officers().count();
      break;
    case v1::Event::kHireling: {
      const v1::HirelingEvent& h = e.hireling();
      const std::string& c = h.change();
      const int sign = c == "place" || c == "vault_place"     ? 1
                       : c == "remove" || c == "vault_remove" ? -1
                                                              : 0;
      const bool vault = c == "vault_place" || c == "vault_remove";
      m.hireling_pieces[{h.clearing(), h.hireling(),
                         vault ? "vault" : "warrior"}] +=
          sign * (vault ? 1 : h.count());
      break;
    }
    case v1::Event::kBoard:  // the listed fields take the event's values
      for (const std::string& name : e.board().fields()) {
        const auto* f = v1::Observation::descriptor()->FindFieldByName(name);
        EXPECT_NE(f, nullptr) << name;
        if (f == nullptr) continue;
        v1::Observation copy = e.board().view();
        m.board.GetReflection()->ClearField(&m.board, f);
        m.board.GetReflection()->SwapFields(&m.board, &copy, {f});
      }
      break;
    default:
      break;
  }
}

// Compares the rebuilt model with the observation; returns the differences.
std::vector<std::string> Compare(const Model& model, const v1::Observation& o) {
  std::vector<std::string> diff;
  // Hireling pieces carry their side's name, known from the board events.
  Model m = model;
  std::map<std::string, std::string> side;
  for (const v1::HirelingView& h : m.board.hirelings())
    side[h.key()] = h.name();
  for (const auto& [key, n] : m.hireling_pieces) {
    const auto& [clearing, hireling, what] = key;
    if (n != 0)
      m.pieces[{clearing, absl::StrCat(side[hireling], " ", what)}] += n;
  }
  auto expect = [&](int got, int want, const std::string& what) {
    if (got != want)
      diff.push_back(absl::StrCat(what, ": events say ", got, ", view ", want));
  };
  for (const v1::ClearingView& c : o.clearings()) {
    std::map<int, int> w;
    for (const auto& fc : c.warriors()) w[fc.faction()] = fc.count();
    for (const auto& [key, n] : m.warriors) {
      if (key.first == c.id()) w.try_emplace(key.second, 0);
    }
    for (const auto& [f, n] : w) {
      auto it = m.warriors.find({c.id(), f});
      expect(it == m.warriors.end() ? 0 : it->second, n,
             absl::StrCat("warriors of ", f, " in ", c.id()));
    }
    std::map<std::string, int> p;
    for (const auto& pc : c.pieces()) p[pc.piece()] = pc.count();
    // The Corvids see their face-down plots' kinds in their own view; the
    // events show everyone a face-down plot (Law 13.2.2.I).
    for (const auto& plot : o.corvid().plots()) {
      if (plot.clearing() != c.id() || plot.face_up() ||
          plot.plot() == "face-down plot")
        continue;
      if (--p[plot.plot()] == 0) p.erase(plot.plot());
      ++p["face-down plot"];
    }
    for (const auto& [key, n] : m.pieces) {
      if (key.first == c.id()) p.try_emplace(key.second, 0);
    }
    for (const auto& [name, n] : p) {
      auto it = m.pieces.find({c.id(), name});
      expect(it == m.pieces.end() ? 0 : it->second, n,
             absl::StrCat(name, " in ", c.id()));
    }
  }
  for (const v1::SeatView& s : o.seats()) {
    auto vp = m.vp.find(s.seat());
    expect(vp == m.vp.end() ? 0 : vp->second, s.victory_points(),
           absl::StrCat("VP of seat ", s.seat()));
    auto h = m.hand.find(s.seat());
    expect(h == m.hand.end() ? 0 : h->second, s.hand_size(),
           absl::StrCat("hand of seat ", s.seat()));
    std::map<std::string, int> items;
    for (const auto& ic : s.items()) items[ic.item()] = ic.count();
    for (const auto& [key, n] : m.seat_items) {
      if (key.first == s.seat()) items.try_emplace(key.second, 0);
    }
    for (const auto& [item, n] : items) {
      auto it = m.seat_items.find({s.seat(), item});
      expect(it == m.seat_items.end() ? 0 : it->second, n,
             absl::StrCat(item, " crafted by seat ", s.seat()));
    }
  }
  std::map<std::string, int> supply;
  for (const auto& ic : o.item_supply()) supply[ic.item()] = ic.count();
  for (const auto& [item, n] : m.supply) supply.try_emplace(item, 0);
  for (const auto& [item, n] : supply) {
    auto it = m.supply.find(item);
    expect(it == m.supply.end() ? 0 : it->second, n,
           absl::StrCat(item, " in the supply"));
  }
  std::set<int> quests;
  for (const v1::VagabondView& v : o.vagabonds()) {
    auto mv = m.vagabonds.find(v.faction());
    const Model::Vagabond none;
    const Model::Vagabond& b = mv == m.vagabonds.end() ? none : mv->second;
    expect(b.clearing, v.clearing(), "Vagabond's clearing");
    expect(b.forest, v.forest(), "Vagabond's forest");
    if (b.character != v.character())
      diff.push_back(
          absl::StrCat("character ", b.character, " / ", v.character()));
    std::map<std::tuple<std::string, bool, bool>, int> items;
    for (const auto& it : v.items())
      ++items[{it.item(), it.exhausted(), it.damaged()}];
    for (const auto& [k, n] : b.items) items.try_emplace(k, 0);
    for (const auto& [k, n] : items) {
      auto it = b.items.find(k);
      expect(it == b.items.end() ? 0 : it->second, n,
             absl::StrCat("Vagabond's ", std::get<0>(k)));
    }
    for (const auto& r : v.relationships()) {
      auto it = b.relation.find(r.faction());
      const std::string got =
          it == b.relation.end() ? "indifferent" : it->second;
      if (got != r.level())
        diff.push_back(absl::StrCat("relationship ", got, " / ", r.level()));
    }
    for (const auto& q : v.quests()) quests.insert(q.quest());
  }
  if (!o.vagabonds().empty() && quests != m.quests)
    diff.push_back("face-up quests");
  if (o.has_alliance()) {
    expect(m.supporters, o.alliance().supporters(), "supporters");
    expect(m.officers, o.alliance().officers(), "officers");
  }
  // Everything else, field by field.
  const v1::Observation want = Covered(o);
  const auto* d = want.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    const auto* f = d->field(i);
    v1::Observation a, b, wa = m.board, wb = want;
    wa.GetReflection()->SwapFields(&wa, &a, {f});
    wb.GetReflection()->SwapFields(&wb, &b, {f});
    if (a.SerializeAsString() != b.SerializeAsString())
      diff.push_back(absl::StrCat("field ", f->name(), ": events say ",
                                  a.ShortDebugString().substr(0, 200),
                                  ", view ",
                                  b.ShortDebugString().substr(0, 200)));
  }
  return diff;
}

class Rebuilder : public MatchListener {
 public:
  void OnMatchStart(int seat, const v1::MatchStart& ms) override {
    Model& m = models_[seat];
    for (const auto& ic : ms.game().items()) m.supply[ic.item()] = ic.count();
    // Law 5.1.4: a ruin in each ruin clearing before setup.
    for (const auto& c : ms.game().map().clearings()) {
      if (c.ruin()) m.pieces[{c.id(), "ruin"}] = 1;
    }
  }
  void OnRequest(const rules::State&, const v1::DecisionRequest& r) override {
    Model& m = models_[r.seat()];
    for (const v1::Event& e : r.events()) Apply(e, m);
    ++requests;
    const std::vector<std::string> diff = Compare(m, r.observation());
    if (!diff.empty() && failures++ < 5) {
      ADD_FAILURE() << "seat " << r.seat() << " at its request "
                    << r.seat_decision_index() << ": " << diff.size()
                    << " differences, first: " << diff[0];
    }
  }
  void OnMatchEnd(int seat, const v1::MatchEnd& end) override {
    Model& m = models_[seat];
    for (const v1::Event& e : end.events()) Apply(e, m);
    const std::vector<std::string> diff = Compare(m, end.observation());
    if (!diff.empty() && failures++ < 5)
      ADD_FAILURE() << "seat " << seat << " at the end: " << diff[0];
  }
  int requests = 0, failures = 0;

 private:
  std::map<int, Model> models_;
};

void RebuildMatches(std::vector<v1::Faction> factions, const std::string& map,
                    int games,
                    std::function<void(v1::MatchSpec&)> more = nullptr) {
  for (int g = 0; g < games; ++g) {
    v1::MatchSpec spec;
    if (more) more(spec);
    spec.set_seed(500 + g);
    spec.set_map(map);
    spec.set_max_turns(80);
    for (v1::Faction f : factions) {
      v1::SeatSpec* s = spec.add_seats();
      s->set_faction(f);
      s->set_bot("builtin:random");
    }
    Rebuilder r;
    auto out = RunMatch(spec, MatchOptions{}, &r);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_GT(r.requests, 100);
    EXPECT_EQ(r.failures, 0) << "game " << g;
  }
}

TEST(Rebuild, BaseFactions) {
  RebuildMatches({v1::FACTION_MARQUISE, v1::FACTION_EYRIE, v1::FACTION_ALLIANCE,
                  v1::FACTION_VAGABOND},
                 "autumn", 4);
}

// The expansion factions (Law 10-15): the map, scores, hands and items
// rebuild from events too (their own boards are in their views).
TEST(Rebuild, ExpansionFactions) {
  RebuildMatches({v1::FACTION_CULT, v1::FACTION_RIVERFOLK, v1::FACTION_DUCHY,
                  v1::FACTION_CORVID},
                 "lake", 3);
  RebuildMatches({v1::FACTION_HUNDREDS, v1::FACTION_KEEPERS,
                  v1::FACTION_VAGABOND, v1::FACTION_EYRIE},
                 "mountain", 3);
}

TEST(Rebuild, TwoVagabonds) {
  RebuildMatches({v1::FACTION_VAGABOND, v1::FACTION_VAGABOND_SECOND,
                  v1::FACTION_MARQUISE, v1::FACTION_ALLIANCE},
                 "winter", 3);
}

// Law 22, 24: the hirelings' and landmarks' state rebuilds too.
TEST(Rebuild, HirelingsAndLandmarks) {
  RebuildMatches({v1::FACTION_CULT, v1::FACTION_RIVERFOLK, v1::FACTION_DUCHY,
                  v1::FACTION_CORVID, v1::FACTION_VAGABOND},
                 "autumn", 2, [](v1::MatchSpec& spec) {
                   for (const char* h : {"patrol", "nobles", "uprising"})
                     spec.add_hirelings()->set_hireling(h);
                   for (const char* l : {"forge", "black_market"})
                     spec.add_landmarks()->set_landmark(l);
                 });
}

}  // namespace
}  // namespace woodland::referee
