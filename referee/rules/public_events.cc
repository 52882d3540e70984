#include "referee/rules/public_events.h"

#include <algorithm>
#include <cstdlib>

#include "absl/types/span.h"

namespace woodland::rules {
namespace {

int8_t I8(int v) { return static_cast<int8_t>(v); }

int ItemKey(const VItem& it) {
  return it.kind * 4 + (it.exhausted ? 1 : 0) + (it.damaged ? 2 : 0);
}

bool Contains(absl::Span<const int8_t> v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void LogVagabond(State& s, int f, const PublicSnapshot::Vagabond& a,
                 const PublicSnapshot::Vagabond& b, size_t first_event) {
  if (a.character != b.character && b.character >= 0) {
    s.Log({.kind = kEvCharacter, .faction = I8(f), .a = b.character});
  }
  if (a.clearing != b.clearing || a.forest != b.forest) {
    bool logged = false;
    const auto& ev = s.events();
    for (size_t i = first_event; i < ev.size(); ++i)
      logged |= ev[i].kind == kEvPawn && ev[i].faction == f;
    if (!logged) {  // e.g. the starting forest or clearing (Law 9.3.2)
      s.Log(
          {.kind = kEvPawn, .faction = I8(f), .c = b.clearing, .d = b.forest});
    }
  }
  for (int g = 0; g < kNumFactions; ++g) {
    if (a.relation[g] != b.relation[g]) {
      s.Log({.kind = kEvRelationship,
             .faction = I8(f),
             .a = I8(g),
             .b = b.relation[g]});
    }
  }
  for (int k = 0; k < kNumItems * 4; ++k) {
    const int d = b.items[k] - a.items[k];
    if (d != 0) {
      s.Log({.kind = kEvItem,
             .faction = I8(f),
             .a = I8(k / 4),
             .b = I8(k % 4),
             .d = static_cast<int16_t>(d)});
    }
  }
  if (a.coalition != b.coalition) {
    s.Log({.kind = kEvCoalition, .faction = I8(f), .a = b.coalition});
  }
}

}  // namespace

PublicSnapshot TakePublicSnapshot(const State& s) {
  PublicSnapshot p;
  for (int v = 0; v < 2; ++v) {
    const int f = v == 0 ? kVagabond : kVagabond2;
    if (s.SeatOf(f) < 0) continue;
    const VagabondBoard& vb = s.vagabond(f);
    PublicSnapshot::Vagabond& pv = p.vagabonds[v];
    pv.character = vb.character;
    pv.clearing = vb.clearing;
    pv.forest = vb.forest;
    pv.coalition = vb.coalition;
    pv.relation = vb.relation;
    for (const VItem& it : vb.items) ++pv.items[ItemKey(it)];
    pv.quests_done.assign(vb.quests_done.begin(), vb.quests_done.end());
    for (int c = 0; c < s.map().num_clearings; ++c)
      p.ruin_item[c] = p.ruin_item[c] || vb.ruin_item[c] > 0;
  }
  for (int c = 0; c < s.map().num_clearings; ++c)
    p.ruins[c] = s.clearing(c).pieces[kRuin];
  p.quests.assign(s.vagabond().quests.begin(), s.vagabond().quests.end());
  p.supporters = static_cast<int>(s.alliance().supporters.size());
  p.officers = s.alliance().officers;
  p.num_seats = s.num_seats();
  for (int i = 0; i < s.num_seats(); ++i) {
    p.hand_sizes[i] = static_cast<int>(s.seat(i).hand.size());
    p.seat_items[i] = s.seat(i).items;
  }
  p.supply = s.item_supply();
  return p;
}

PublicSnapshot LogPublicChanges(State& s, const PublicSnapshot& a,
                                size_t first_event) {
  PublicSnapshot b = TakePublicSnapshot(s);
  for (int v = 0; v < 2; ++v) {
    LogVagabond(s, v == 0 ? kVagabond : kVagabond2, a.vagabonds[v],
                b.vagabonds[v], first_event);
  }
  // Law 9.2.7.II / 9.7.2: quests completed, drawn, or otherwise gone.
  for (int8_t q : b.quests) {
    if (!Contains(a.quests, q)) s.Log({.kind = kEvQuest, .a = q, .b = 0});
  }
  for (int8_t q : a.quests) {
    if (Contains(b.quests, q)) continue;
    int by = -1;
    for (int v = 0; v < 2; ++v) {
      if (Contains(b.vagabonds[v].quests_done, q) &&
          !Contains(a.vagabonds[v].quests_done, q))
        by = v == 0 ? kVagabond : kVagabond2;
    }
    s.Log({.kind = kEvQuest,
           .faction = I8(by),
           .a = q,
           .b = I8(by >= 0 ? 1 : 2)});
  }
  if (a.supporters != b.supporters)
    s.Log({.kind = kEvSupporters, .a = I8(b.supporters)});
  if (a.officers != b.officers)
    s.Log({.kind = kEvOfficers, .a = I8(b.officers)});
  for (int c = 0; c < kMaxClearings; ++c) {
    if (a.ruin_item[c] && !b.ruin_item[c])
      s.Log({.kind = kEvRuinItem, .c = I8(c)});
    if (a.ruins[c] != b.ruins[c]) {  // nobody's piece: faction none
      s.Log({.kind = a.ruins[c] > b.ruins[c] ? kEvRemove : kEvPlace,
             .a = I8(std::abs(a.ruins[c] - b.ruins[c])),
             .b = kRuin,
             .c = I8(c)});
    }
  }
  for (int i = 0; i < kNumItems; ++i) {
    if (a.supply[i] != b.supply[i]) {
      s.Log({.kind = kEvItemSupply,
             .a = I8(i),
             .d = static_cast<int16_t>(b.supply[i] - a.supply[i])});
    }
  }
  for (int seat = 0; seat < b.num_seats; ++seat) {
    const int ha = seat < a.num_seats ? a.hand_sizes[seat] : 0;
    const auto& ia = seat < a.num_seats ? a.seat_items[seat]
                                        : std::array<int8_t, kNumItems>{};
    for (int i = 0; i < kNumItems; ++i) {
      if (ia[i] != b.seat_items[seat][i]) {
        s.Log({.kind = kEvSeatItem,
               .seat = I8(seat),
               .faction = s.seat(seat).faction,
               .a = I8(i),
               .d = static_cast<int16_t>(b.seat_items[seat][i] - ia[i])});
      }
    }
    if (ha != b.hand_sizes[seat]) {
      s.Log({.kind = kEvHandSize,
             .seat = I8(seat),
             .faction = s.seat(seat).faction,
             .a = I8(b.hand_sizes[seat])});
    }
  }
  return b;
}

}  // namespace woodland::rules
