#include "referee/view_cache.h"

#include <cstring>
#include <type_traits>

#include "absl/strings/string_view.h"
#include "referee/convert.h"
#include "referee/rules/observe_seated.h"
#include "referee/wire_fields.h"

namespace woodland::referee {
using rules::State;

namespace {

// Appends `m` serialized deterministically (as the match runner compares
// views). The view has no map field (view_cache_test checks), so its plain
// serialization is the deterministic one, without a stream's set-up.
void AppendDeterministic(const google::protobuf::Message& m, std::string* out) {
  m.AppendPartialToString(out);
}

// Appends the bytes of `v` (a value without padding) to a key.
template <typename T>
void Put(SectionKey& k, const T& v) {
  static_assert(std::has_unique_object_representations_v<T>);
  if (k.size + sizeof v > SectionKey::kMax) {
    k.fits = false;
    return;
  }
  std::memcpy(k.bytes + k.size, &v, sizeof v);
  k.size += sizeof v;
}

// Appends a list: its size, then its elements (in one copy: they lie
// together).
template <typename List>
void PutList(SectionKey& k, const List& list) {
  using T = std::remove_cvref_t<decltype(*list.data())>;
  static_assert(std::has_unique_object_representations_v<T>);
  Put(k, static_cast<uint32_t>(list.size()));
  const size_t size = list.size() * sizeof(T);
  if (k.size + size > SectionKey::kMax) {
    k.fits = false;
    return;
  }
  if (size > 0) std::memcpy(k.bytes + k.size, list.data(), size);
  k.size += size;
}

// The seats' factions (a seat still drafting has none, Law 19.8.3).
void PutFactions(const State& s, SectionKey& k) {
  for (int i = 0; i < s.num_seats(); ++i) Put(k, s.seat(i).faction);
}

// Fields 16 and 23: every seated Vagabond's board as VagabondToProto reads
// it (Law 9.2; the relationships name the seated factions, the coalition a
// seat's faction) and the shared quests and ruins.
void VagabondsKey(const State& s, const rules::Observation& o, SectionKey& k) {
  PutFactions(s, k);
  PutList(k, o.quests);
  PutList(k, o.ruins_with_items);
  Put(k, static_cast<uint32_t>(o.vagabonds.size()));
  for (const rules::Observation::VagabondPublic& v : o.vagabonds) {
    const rules::VagabondBoard& b = v.board;
    Put(k, v.faction);
    Put(k, b.character);
    Put(k, b.clearing);
    Put(k, b.forest);
    PutList(k, b.items);
    Put(k, b.relation);
    PutList(k, b.quests_done);
    Put(k, b.coalition);
    Put(k, b.scorched);
  }
}

// Field 30: the supplies of the seated factions (Law 1.5.1); the Corvids'
// plots by kind only in their own view (Law 13.2.2.I).
void SupplyKey(const State& s, int seat, SectionKey& k) {
  const int corvid = s.SeatOf(rules::kCorvid);
  Put(k, corvid >= 0 && seat == corvid);
  PutFactions(s, k);
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    if (f >= 0) Put(k, static_cast<int8_t>(s.warrior_supply(f)));
  }
  std::array<int8_t, rules::kNumPieces> pieces;  // one Put, not one each
  for (int p = 0; p < rules::kNumPieces; ++p)
    pieces[p] = static_cast<int8_t>(s.piece_supply(p));
  Put(k, pieces);
}

// Field 31: the turn's progress as ProgressToProto reads it.
void ProgressKey(const State& s, SectionKey& k) {
  PutFactions(s, k);
  for (int i = 0; i < s.num_seats(); ++i) Put(k, s.seat(i).used_effects);
  if (s.SeatOf(rules::kMarquise) >= 0) Put(k, s.marquise().actions);
  if (s.SeatOf(rules::kEyrie) >= 0) Put(k, s.eyrie().resolved);
  if (s.SeatOf(rules::kAlliance) >= 0) {
    Put(k, s.alliance().officers);
    Put(k, s.alliance().ops_used);
  }
  for (int f : {rules::kVagabond, rules::kVagabond2}) {
    if (s.SeatOf(f) < 0) continue;
    const rules::VagabondBoard& vb = s.vagabond(f);
    Put(k, vb.aids);
    int8_t exhausted = 0;
    for (const rules::VItem& it : vb.items) exhausted += it.exhausted;
    Put(k, exhausted);
  }
  Put(k, s.craft_used());
  Put(k, s.ferry_used());
  Put(k, s.path_opened_this_turn());
}

// Field 32: the battle in progress (Law 4.3), as BattleToProto reads it.
void BattleKey(const State& s, SectionKey& k) {
  const rules::BattleState& b = s.battle();
  const bool on = b.attacker != rules::kNoFaction && b.clearing >= 0;
  Put(k, on);
  if (!on) return;
  Put(k, b.attacker);
  Put(k, b.defender);
  Put(k, b.clearing);
  Put(k, b.ambush);
  Put(k, b.roll_hi);
  Put(k, b.roll_lo);
  Put(k, b.att_hits);
  Put(k, b.def_hits);
  Put(k, b.hits_left);
}

// Field 17: the Lizard Cult's board as CultViewToProto reads it (Law 10),
// the gardens on its tracks included.
void CultKey(const State& s, const rules::Observation& o, SectionKey& k) {
  const rules::CultBoard& b = o.cult;
  Put(k, b.outcast);
  Put(k, b.hated);
  Put(k, b.acolytes);
  Put(k, b.scored);
  PutList(k, b.lost_souls);
  PutList(k, b.revealed);
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit)
    Put(k, static_cast<int8_t>(s.piece_supply(rules::kGardenFox + suit)));
}

// Field 18: the Riverfolk Company's board as RiverfolkViewToProto reads it
// (Law 11: all public), its trade posts on the map and tracks, its hand and
// whether this turn's services are still in effect.
void RiverfolkKey(const State& s, const rules::Observation& o, SectionKey& k) {
  const rules::RiverfolkBoard& b = o.riverfolk;
  Put(k, b.payments);
  Put(k, b.funds);
  Put(k, b.committed);
  Put(k, b.prices);
  Put(k, b.posts_gone);
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    const int piece = rules::kTradePostFox + suit;
    int16_t on_map = 0;
    for (const rules::ClearingState& c : o.clearings) on_map += c.pieces[piece];
    Put(k, on_map);
    Put(k, static_cast<int8_t>(s.piece_supply(piece)));
  }
  PutList(k, o.riverfolk_hand);
  Put(k, b.boats_turn == s.turn() ? b.boats_for : rules::kNoFaction);
  Put(k, b.mercs_turn == s.turn() ? b.mercs_for : rules::kNoFaction);
}

// Appends to `k` everything field `n` (10 on) of the view `o` of `s` is
// made of; false: the field is made for every view (not kept). A faction's
// board that is not seated, hirelings, landmarks or revealed hands not in
// play, are kept (as nothing).
bool RestKey(const State& s, const rules::Observation& o, int n,
             SectionKey& k) {
  const auto absent = [&](int faction) { return s.SeatOf(faction) < 0; };
  switch (n) {
    case 11:  // Law 4.1.2
      Put(k, o.item_supply);
      return true;
    case 12:  // hands shown to this seat (Codebreakers), its own
      Put(k, static_cast<uint32_t>(o.reveals.size()));
      for (const rules::Reveal& r : o.reveals) {
        Put(k, r.target);
        Put(k, r.turn);
        PutList(k, r.cards);
      }
      return true;
    case 13:
      Put(k, absent(rules::kMarquise));
      Put(k, o.keep);
      Put(k, o.marquise_placed);
      return true;
    case 14:
      Put(k, absent(rules::kEyrie));
      Put(k, o.eyrie_leader);
      Put(k, o.eyrie_deposed);
      for (const auto& column : o.decree) PutList(k, column);
      Put(k, o.viziers);
      if (!absent(rules::kEyrie)) Put(k, s.eyrie().roosts);
      return true;
    case 15:  // the supporters' cards only in the Alliance's view (Law 8.2.5)
      Put(k, absent(rules::kAlliance));
      Put(k, o.supporters);
      PutList(k, o.supporter_cards);
      Put(k, o.officers);
      return true;
    case 16:
    case 23:
      VagabondsKey(s, o, k);
      return true;
    case 17:  // nothing while not seated
      Put(k, absent(rules::kCult));
      if (!absent(rules::kCult)) CultKey(s, o, k);
      return true;
    case 18:
      Put(k, absent(rules::kRiverfolk));
      if (!absent(rules::kRiverfolk)) RiverfolkKey(s, o, k);
      return true;
    case 19:
      return absent(rules::kDuchy);
    case 20:
      return absent(rules::kCorvid);
    case 21:
      return absent(rules::kHundreds);
    case 22:
      return absent(rules::kKeepers);
    case 24:
    case 25:
      return !o.hirelings.InPlay();
    case 26:
      return s.landmarks().Empty();
    case 30:
      SupplyKey(s, o.seat, k);
      return true;
    case 31:
      ProgressKey(s, k);
      return true;
    case 32:
      BattleKey(s, k);
      return true;
    case 33:  // Law 19.8.3.I
      Put(k, static_cast<uint32_t>(o.homelands.size()));
      for (const rules::Observation::Homeland& h : o.homelands) {
        Put(k, h.faction);
        PutList(k, h.clearings);
      }
      return true;
    case 50:  // Law 20.8.1
      Put(k, s.exiles_deck());
      Put(k, o.exiles.coffins);
      Put(k, o.exiles.exhausted);
      return true;
  }
  return false;
}

// Field 23 (every seated Vagabond) when the only one seated is the first
// Vagabond: its one entry is field 16's (the first Vagabond, made from the
// same key, VagabondsKey) under field 23's tag; both tags take two bytes.
// False (nothing written) unless field 16 is kept (`made16`) with `key`.
bool OneVagabondAsField16(const rules::Observation& o, absl::string_view key,
                          bool made16, absl::string_view key16,
                          absl::string_view bytes16, std::string* out) {
  static_assert(v1::Observation::kVagabondFieldNumber == 16 &&
                v1::Observation::kVagabondsFieldNumber == 23);
  // Each tag is the varint of (number << 3 | 2), two bytes.
  constexpr uint32_t kTag16 = 16 << 3 | 2, kTag23 = 23 << 3 | 2;
  static_assert(kTag16 >= 128 && kTag16 < 16384 && kTag23 >= 128 &&
                kTag23 < 16384);
  constexpr uint8_t kTag16Bytes[] = {(kTag16 & 0x7F) | 0x80, kTag16 >> 7};
  constexpr uint8_t kTag23Bytes[] = {(kTag23 & 0x7F) | 0x80, kTag23 >> 7};
  if (o.vagabonds.size() != 1 || o.vagabonds[0].faction != rules::kVagabond ||
      !made16 || key16 != key || bytes16.size() < 2 ||
      static_cast<uint8_t>(bytes16[0]) != kTag16Bytes[0] ||
      static_cast<uint8_t>(bytes16[1]) != kTag16Bytes[1]) {
    return false;
  }
  out->assign(bytes16.data(), bytes16.size());
  (*out)[0] = static_cast<char>(kTag23Bytes[0]);
  (*out)[1] = static_cast<char>(kTag23Bytes[1]);
  return true;
}

bool SameSeat(const rules::SeatView& a, const rules::SeatView& b) {
  return a.faction == b.faction && a.vp == b.vp && a.dominance == b.dominance &&
         a.hand_size == b.hand_size && a.items == b.items &&
         a.play_area == b.play_area;
}

}  // namespace

void ViewCache::CardsField(const State& s, int number,
                           const std::vector<rules::CardId>& cards,
                           Cards& kept) {
  if (kept.made && kept.key == cards) {
    ++stats_.kept;
    return;
  }
  ++stats_.made;
  // As Cards() in convert.cc: one Card entry per id, each the card's kept
  // bytes (issue 19.3: a card's entry depends on the match's deck only).
  kept.bytes.clear();
  for (rules::CardId id : cards)
    wire::PutBytes(number, cards_.Of(s, id), &kept.bytes);
  kept.key = cards;
  kept.made = true;
}

void ViewCache::SupplyField(const State& s, int seat, std::string* out) {
  // As AppendSupplyField, each faction's entry kept.
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    if (f < 0) continue;  // still drafting (Law 19.8.3)
    const bool own = seat == i;
    const rules::FactionPieces& pieces = rules::kPiecesOf[f];
    static_assert(std::tuple_size_v<decltype(pieces.piece)> + 1 ==
                  std::tuple_size_v<decltype(SupplyEntry::key)>);
    decltype(SupplyEntry::key) key{};
    key[0] = static_cast<int16_t>(s.warrior_supply(f));
    for (int k = 0; k < pieces.count; ++k)
      key[1 + k] = static_cast<int16_t>(s.piece_supply(pieces.piece[k]));
    SupplyEntry& kept = supply_[f][own && f == rules::kCorvid];
    if (!kept.made || kept.key != key) {
      ++stats_.made;
      kept.bytes.clear();
      AppendFactionSupplyEntry(s, f, own, &kept.bytes);
      kept.key = key;
      kept.made = true;
    } else {
      ++stats_.kept;
    }
    out->append(kept.bytes);
  }
}

ViewCache::ViewCache() { NewScratch(); }

void RenewScratchArena(std::unique_ptr<google::protobuf::Arena>* arena,
                       size_t block) {
  if (*arena != nullptr) {
    (*arena)->Reset();
    return;
  }
  google::protobuf::ArenaOptions options;
  options.start_block_size = block;
  options.max_block_size = block;
  *arena = std::make_unique<google::protobuf::Arena>(options);
}

void ViewCache::NewScratch() {
  RenewScratchArena(&arena_, kArenaBlock);
  using google::protobuf::Arena;
  clearing_ = Arena::CreateMessage<v1::ClearingView>(arena_.get());
  fields_ = Arena::CreateMessage<v1::Observation>(arena_.get());
}

void ViewCache::ClearingsField(const State& s, int seat, std::string* out) {
  const rules::Observation& o = obs_;
  const int corvid = s.SeatOf(rules::kCorvid);
  const int form = corvid >= 0 && seat == corvid ? 1 : 0;
  ClearingKey key;  // compared as bytes: it has no padding
  static_assert(std::has_unique_object_representations_v<ClearingKey>);
  for (int i = 0; i < s.num_seats(); ++i) key.factions[i] = s.seat(i).faction;
  key.opened_paths = s.opened_paths();
  const int treetop = s.landmarks().at[rules::kLandmarkElderTreetop];
  const auto& hirelings = o.hirelings.cards;
  const bool keyed = hirelings.size() <= key.hirelings.size();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    key.pieces = o.clearings[c];
    key.adjacent = static_cast<uint16_t>(s.AdjacentMask(c));
    key.ruler = static_cast<int8_t>(s.Ruler(c));
    key.ferry = s.ferry() == c;
    key.pass = s.tower() == c;
    key.treetop = treetop == c;
    key.face_up = s.corvid().FaceUp(c);
    for (size_t h = 0; keyed && h < hirelings.size(); ++h) {
      key.hirelings[h] = {hirelings[h].hireling, hirelings[h].demoted,
                          hirelings[h].warriors[c], hirelings[h].vaults[c]};
    }
    Clearing& kept = clearings_[c][form];
    if (!keyed || !kept.made || std::memcmp(&kept.key, &key, sizeof key) != 0) {
      ++stats_.made;
      clearing_->Clear();
      ClearingViewToProto(s, o, c, clearing_);
      kept.bytes.clear();
      wire::PutMessage(5, *clearing_, &kept.bytes);
      kept.key = key;
      kept.made = true;
    } else {
      ++stats_.kept;
    }
    out->append(kept.bytes);
  }
}

void ViewCache::SeatsField(const State& s, std::string* out) {
  const rules::Observation& o = obs_;
  for (size_t i = 0; i < o.seats.size(); ++i) {
    Seat& kept = seats_[i];
    if (!kept.made || !SameSeat(kept.key, o.seats[i])) {
      ++stats_.made;
      kept.bytes.clear();
      AppendSeatViewEntry(s, o, static_cast<int>(i), cards_, &kept.bytes);
      kept.key = o.seats[i];
      kept.made = true;
    } else {
      ++stats_.kept;
    }
    out->append(kept.bytes);
  }
}

void ViewCache::MakeRestField(const State& s, int seat, int number,
                              absl::string_view key, std::string* bytes) {
  const rules::Observation& o = obs_;
  if (number >= v1::Observation::kMarquiseFieldNumber &&
      number <= v1::Observation::kAllianceFieldNumber) {
    AppendBaseBoardField(s, o, number, cards_, bytes);  // written by hand
  } else if (number == v1::Observation::kCultFieldNumber) {
    AppendCultField(s, o, cards_, bytes);  // written by hand
  } else if (number == v1::Observation::kRevealedHandsFieldNumber) {
    AppendRevealedHandsField(s, o, cards_, bytes);  // by hand
  } else if (number == v1::Observation::kSupplyFieldNumber) {
    SupplyField(s, seat, bytes);  // written by hand
  } else if (number == v1::Observation::kRiverfolkFieldNumber) {
    AppendRiverfolkField(s, o, bytes);  // written by hand
  } else if (number == v1::Observation::kProgressFieldNumber) {
    AppendProgressField(s, bytes);  // written by hand
  } else if (number == v1::Observation::kVagabondsFieldNumber &&
             OneVagabondAsField16(o, key, rest_[16][0].made, rest_[16][0].key,
                                  rest_[16][0].bytes, bytes)) {
    // field 16's entry under field 23's tag
  } else if (number == v1::Observation::kVagabondFieldNumber ||
             number == v1::Observation::kVagabondsFieldNumber) {
    AppendVagabondField(s, o, number, bytes);  // written by hand
  } else {
    fields_->Clear();
    ObservationToProto(s, o, fields_, uint64_t{1} << number);
    AppendDeterministic(*fields_, bytes);
  }
}

const std::string& ViewCache::RestField(const State& s, int seat, int number,
                                        int form) {
  Rest& kept = rest_[number][form];
  key_.size = 0;
  key_.fits = true;
  const bool keyed = RestKey(s, obs_, number, key_) && key_.fits;
  const absl::string_view key(key_.bytes, key_.size);
  if (keyed && kept.made && kept.key == key) {
    ++stats_.kept;
    return kept.bytes;
  }
  ++stats_.made;
  kept.bytes.clear();
  MakeRestField(s, seat, number, key, &kept.bytes);
  kept.made = keyed;
  if (keyed) kept.key.assign(key.data(), key.size());
  return kept.bytes;
}

void ViewCache::Serialize(const State& s, int seat, std::string* out,
                          ViewFields* fields) {
  if (arena_->SpaceAllocated() > kArenaLimit) NewScratch();
  // Issue 19.3: the boards of expansion factions not seated are neither
  // copied nor read (each such field is kept as nothing, RestKey).
  rules::ObserveSeatedInto(s, seat, obs_);
  const rules::Observation& o = obs_;
  out->clear();
  ViewFields unused;
  ViewFields& f = fields ? *fields : unused;
  f.Clear();
  const auto section = [&](int number, auto&& write) {
    f.begin[number] = static_cast<uint32_t>(out->size());
    write();
    f.end[number] = static_cast<uint32_t>(out->size());
  };
  // Fields 1-4, before the clearings, as ObservationToProto sets them (the
  // field numbers 1-9 are checked there).
  section(1, [&] { wire::PutInt32(1, o.seat, out); });
  section(2, [&] { wire::PutInt32(2, o.current_seat, out); });
  section(3, [&] { wire::PutInt32(3, o.phase + 1, out); });
  section(4, [&] { wire::PutInt32(4, o.turn, out); });
  // Field 5: each clearing's entry, kept or made again; field 6: each
  // seat's public view.
  section(5, [&] { ClearingsField(s, seat, out); });
  section(6, [&] { SeatsField(s, out); });
  // Fields 7-9: the seat's hand, the discard pile, the dominance cards.
  Cards& hand = hands_[seat + 1];
  CardsField(s, 7, o.hand, hand);
  CardsField(s, 8, o.discard, discard_);
  CardsField(s, 9, o.available_dominance, dominance_);
  section(7, [&] { out->append(hand.bytes); });
  section(8, [&] { out->append(discard_.bytes); });
  section(9, [&] { out->append(dominance_.bytes); });
  // Fields 10 on (deck_size written directly).
  // Which of its kept forms each field is: the revealed hands are each
  // seat's own (field 12), the supporters' cards only the Alliance's (15,
  // Law 8.2.5), the plots by kind only the Corvids' (30, Law 13.2.2.I);
  // every other field has one form.
  std::array<uint8_t, ViewFields::kMaxField + 1> forms{};
  const int faction = seat >= 0 ? s.seat(seat).faction : rules::kNoFaction;
  forms[v1::Observation::kRevealedHandsFieldNumber] =
      static_cast<uint8_t>(seat + 1);
  forms[v1::Observation::kAllianceFieldNumber] = faction == rules::kAlliance;
  forms[v1::Observation::kSupplyFieldNumber] = faction == rules::kCorvid;
  for (int number : kRestFields) {
    if (number == v1::Observation::kDeckSizeFieldNumber) {
      section(number, [&] { wire::PutInt32(number, o.deck_size, out); });
      continue;
    }
    const std::string& bytes = RestField(s, seat, number, forms[number]);
    section(number, [&] { out->append(bytes); });
  }
}

}  // namespace woodland::referee
