#include "referee/view_key.h"

#include <cstring>
#include <type_traits>

namespace woodland::referee {
namespace {

using rules::State;

// Appends fixed-width words and raw blocks into `out`, grown as needed and
// cut to length by Finish. Add takes every integer the boards' HashInto
// passes: none is wider than 32 bits, so each is written as 4 bytes (its
// low 32 bits, which hold all of it for a given field's type).
class KeyWriter {
 public:
  explicit KeyWriter(std::string* out) : out_(out) {
    if (out_->size() < 4096) out_->resize(4096);
  }
  void Finish() { out_->resize(n_); }
  void Add(int64_t v) {
    const int32_t w = static_cast<int32_t>(v);
    Bytes(&w, sizeof w);
  }
  template <typename C>
  void AddAll(const C& c) {
    Add(static_cast<int64_t>(c.size()));
    for (auto v : c) Add(v);
  }
  // A value whose bytes are all its value (no padding).
  template <typename T>
  void Raw(const T& v) {
    static_assert(std::has_unique_object_representations_v<T>);
    Bytes(&v, sizeof v);
  }
  // A list of such values, with its size.
  template <typename C>
  void RawList(const C& c) {
    Add(static_cast<int64_t>(c.size()));
    if (!c.empty()) Bytes(c.data(), c.size() * sizeof(c[0]));
  }
  // What f writes, framed by its length (a board's HashInto writes nothing
  // or all its fields).
  template <typename F>
  void Section(F&& f) {
    const size_t at = n_;
    Add(0);
    f();
    const int32_t n = static_cast<int32_t>(n_ - at - sizeof n);
    std::memcpy(out_->data() + at, &n, sizeof n);
  }

 private:
  void Bytes(const void* p, size_t k) {
    if (n_ + k > out_->size()) [[unlikely]]
      Grow(k);
    std::memcpy(out_->data() + n_, p, k);
    n_ += k;
  }
  [[gnu::noinline]] void Grow(size_t k) { out_->resize(2 * (n_ + k)); }
  std::string* out_;
  size_t n_ = 0;
};

void Battle(const rules::BattleState& b, KeyWriter& w) {
  for (int v : {b.clearing, b.attacker, b.defender, b.step, b.roll_hi,
                b.roll_lo, b.att_hits, b.def_hits,
                b.enemy_pieces_removed_by_attacker, b.instigator}) {
    w.Add(v);
  }
  w.Add(b.ambush);
  for (bool v : {b.att_armorers, b.def_armorers, b.brutal, b.sappers}) w.Add(v);
  w.Raw(b.hits_left);
  w.Raw(b.remove_warriors);
  w.Raw(b.remove_pieces);
  w.Raw(b.remove_mercs);
  w.Raw(b.extra_hits);
  w.Add(b.partisans);
}

void Vagabond(const rules::VagabondBoard& vb, KeyWriter& w) {
  for (int v :
       {vb.character, vb.clearing, vb.forest, vb.battle_ally, vb.ally_lost,
        vb.damaged_in_battle, vb.coalition, vb.scorched}) {
    w.Add(v);
  }
  w.Add(vb.improvised);
  w.Add(vb.protecting);
  w.Add(static_cast<int64_t>(vb.items.size()));
  for (const rules::VItem& it : vb.items) {
    w.Add(it.kind);
    w.Add(it.exhausted);
    w.Add(it.damaged);
    w.Add(it.ruin);
  }
  w.Raw(vb.relation);
  w.Raw(vb.aids);
  w.RawList(vb.quests);
  w.RawList(vb.quest_deck);
  w.RawList(vb.quests_done);
  w.Raw(vb.ruin_item);
  w.Raw(vb.removed);
  w.Raw(vb.box);
}

void Seats(const State& s, KeyWriter& w) {
  w.Add(s.num_seats());
  for (int i = 0; i < s.num_seats(); ++i) {
    const rules::SeatState& st = s.seat(i);
    w.Add(st.faction);
    w.Add(st.vp);
    w.Add(st.dominance);
    w.RawList(st.hand);
    w.RawList(st.play_area);
    w.Raw(st.items);
    w.Add(st.used_effects);
  }
}

void Piles(const State& s, KeyWriter& w) {
  w.Add(static_cast<int64_t>(s.deck().size()));  // the order is hidden
  w.RawList(s.discard());
  w.RawList(s.available_dominance());
  w.RawList(s.removed_cards());
  w.Add(static_cast<int64_t>(s.reveals().size()));
  for (const rules::Reveal& r : s.reveals()) {
    w.Add(r.viewer);
    w.Add(r.target);
    w.Add(r.turn);
    w.RawList(r.cards);
  }
}

void BaseBoards(const State& s, KeyWriter& w) {
  w.Raw(s.marquise());
  const rules::EyrieBoard& e = s.eyrie();
  for (int v : {e.leader, static_cast<int8_t>(e.deposed), e.roosts, e.added})
    w.Add(v);
  w.Add(e.added_bird);
  for (const rules::CardList& col : e.decree) w.RawList(col);
  w.Raw(e.viziers);
  w.Raw(e.resolved);
  w.RawList(s.alliance().supporters);
  w.Add(s.alliance().officers);
  w.Add(s.alliance().ops_used);
  Vagabond(s.vagabond(rules::kVagabond), w);
  Vagabond(s.vagabond(rules::kVagabond2), w);
}

// A board's HashInto as a section; an empty one for a default board (whose
// HashInto writes nothing), found without building a default each time.
template <typename B>
void Board(const B& b, KeyWriter& w) {
  static const B kDefault{};
  if (b == kDefault) {
    w.Add(0);
  } else {
    w.Section([&] { b.HashInto(w); });
  }
}

void ExpansionBoards(const State& s, KeyWriter& w) {
  w.Section([&] { s.cult().HashInto(w); });
  Board(s.riverfolk(), w);
  w.Section([&] { s.duchy().HashInto(w); });
  w.Section([&] { s.corvid().HashInto(w); });
  Board(s.hundreds(), w);
  Board(s.keepers(), w);
  w.Section([&] { s.exiles().HashInto(w); });
  w.Section([&] { s.landmarks().HashInto(w); });
  w.Section([&] { s.hirelings().HashInto(w); });
}

}  // namespace

void ViewKey(const State& s, std::string* out) {
  KeyWriter w(out);
  for (int c = 0; c < s.map().num_clearings; ++c) w.Raw(s.clearing(c));
  Seats(s, w);
  for (int f = 0; f < rules::kNumFactions; ++f) w.Add(s.warrior_supply(f));
  for (int p = 0; p < rules::kNumPieces; ++p) w.Add(s.piece_supply(p));
  w.Raw(s.item_supply());
  Piles(s, w);
  BaseBoards(s, w);
  ExpansionBoards(s, w);
  Battle(s.battle(), w);
  w.Raw(s.craft_used());
  for (int v : {s.current_seat(), static_cast<int>(s.phase()), s.turn(),
                s.ferry(), s.tower(), static_cast<int>(s.opened_paths())}) {
    w.Add(v);
  }
  w.Add(s.ferry_used());
  w.Add(s.path_opened_this_turn());
  w.Finish();
}

}  // namespace woodland::referee
