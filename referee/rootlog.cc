#include "referee/rootlog.h"

#include <map>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "referee/convert.h"
#include "referee/match_runner.h"

namespace woodland::referee {
namespace {

using rules::Event;
using rules::State;

constexpr absl::string_view kLetters = "CEAVGLODPHK";

bool IsFactionLetter(char c) {
  return kLetters.find(c) != absl::string_view::npos;
}

// Rootlog piece codes (Rootlog V2 "Special Faction Syntax"; the Lord of the
// Hundreds and the Keepers in Iron are ours, docs/rootlog.md).
std::string PieceCode(int piece) {
  using namespace rules;
  switch (piece) {
    case -1:
      return "w";
    case kSawmill:
      return "b_s";
    case kWorkshop:
      return "b_w";
    case kRecruiter:
      return "b_r";
    case kKeep:
      return "t_k";
    case kWood:
      return "t";
    case kRoost:
      return "b";
    case kBaseFox:
    case kGardenFox:
      return "b_f";
    case kBaseRabbit:
    case kGardenRabbit:
      return "b_r";
    case kBaseMouse:
    case kGardenMouse:
      return "b_m";
    case kSympathy:
      return "t";
    case kTradePostFox:
      return "t_f";
    case kTradePostRabbit:
      return "t_r";
    case kTradePostMouse:
      return "t_m";
    case kTunnel:
      return "t";
    case kCitadel:
      return "b_c";
    case kMarket:
      return "b_m";
    case kPlotBomb:
      return "t_b";
    case kPlotSnare:
      return "t_s";
    case kPlotExtortion:
      return "t_e";
    case kPlotRaid:
      return "t_r";
    case kPlotHidden:
      return "t";
    case kStronghold:
      return "b";
    case kMob:
      return "t";
    case kWaystationFigure:
      return "b_f";
    case kWaystationTablet:
      return "b_t";
    case kWaystationJewelry:
      return "b_j";
    case kRelicFigure:
      return "t_f";
    case kRelicTablet:
      return "t_t";
    case kRelicJewelry:
      return "t_j";
    default:
      return "t";
  }
}

bool IsPlot(int piece) {
  return piece >= rules::kPlotBomb && piece <= rules::kPlotHidden;
}

std::string Clearing(int c) { return c < 0 ? "" : absl::StrCat(c + 1); }

std::string Forest(const State& s, int f) {
  std::vector<int> ids;
  if (f < 0 || f >= static_cast<int>(s.map().forests.size())) return "";
  for (int c = 0; c < 16; ++c)
    if (s.map().forests[f] >> c & 1) ids.push_back(c + 1);
  return absl::StrJoin(ids, "_");
}

char SuitLetter(int suit) {
  switch (SuitToProto(suit)) {
    case v1::SUIT_FOX:
      return 'F';
    case v1::SUIT_RABBIT:
      return 'R';
    case v1::SUIT_MOUSE:
      return 'M';
    case v1::SUIT_BIRD:
      return 'B';
    default:
      return '?';
  }
}

// "Favor of the Foxes" -> "favoroffoxes": lower case, letters and digits.
std::string CardName(const State& s, rules::CardId id) {
  std::string out;
  for (char c : s.card(id).name)
    if (absl::ascii_isalnum(c)) out += absl::ascii_tolower(c);
  return out;
}

std::string Card(const State& s, rules::CardId id) {
  if (id == rules::kNoCard) return "#";
  return absl::StrCat(std::string(1, SuitLetter(s.card(id).suit)), "#",
                      CardName(s, id));
}

char SeatLetter(const State& s, int seat) {
  return seat >= 0 && seat < s.num_seats()
             ? RootlogFaction(s.seat(seat).faction)
             : '?';
}

// Follows the events: the current line's faction and the face-up plots.
class Walker {
 public:
  explicit Walker(const State& s) : s_(s) {}

  // The faction whose line an event belongs to (a new line when it changes).
  char LineOf(const Event& e) {
    if (e.kind == rules::kEvTurn) {
      setup_ = false;
      return SeatLetter(s_, e.seat);
    }
    if (setup_) {
      const char f =
          e.faction >= 0 ? RootlogFaction(e.faction) : SeatLetter(s_, e.seat);
      if (f != '?') return f;
    }
    return cur_;
  }
  bool starts_line(const Event& e) {
    const char f = LineOf(e);
    const bool start = e.kind == rules::kEvTurn || f != cur_;
    cur_ = f;
    return start;
  }
  char cur() const { return cur_; }

  std::vector<BoardChange> Changes(const Event& e) {
    std::vector<BoardChange> out;
    const char f = e.faction >= 0 ? RootlogFaction(e.faction) : cur_;
    switch (e.kind) {
      case rules::kEvPlace:
        if (e.b == rules::kRuin) break;  // ruins are not notated
        if (IsPlot(e.b)) face_up_.erase(e.c);
        out.push_back({BoardChange::kPlace, f,
                       IsPlot(e.b) ? "t" : PieceCode(e.b), e.a, "",
                       Clearing(e.c)});
        break;
      case rules::kEvMove:
        out.push_back(
            {BoardChange::kMove, f, "w", e.a, Clearing(e.b), Clearing(e.c)});
        break;
      case rules::kEvRemove: {
        if (e.b == rules::kRuin) break;
        std::string code = PieceCode(e.b);
        if (IsPlot(e.b)) {
          auto it = face_up_.find(e.c);
          code = it == face_up_.end() ? "t" : it->second;
          face_up_.erase(e.c);
        }
        out.push_back({BoardChange::kRemove, f, code, e.a, Clearing(e.c), ""});
        break;
      }
      case rules::kEvVp:
        if (e.d != 0 && SeatLetter(s_, e.seat) != '?')
          out.push_back(
              {BoardChange::kScore, SeatLetter(s_, e.seat), "", e.d, "", ""});
        break;
      case rules::kEvPawn:
        out.push_back({BoardChange::kPawn, f, "p", 1, "",
                       e.c >= 0 ? Clearing(e.c) : Forest(s_, e.d)});
        break;
      case rules::kEvFerry:
        out.push_back(
            {BoardChange::kMove, cur_, "r", 1, Clearing(e.b), Clearing(e.c)});
        break;
      case rules::kEvBurrow:
        if (e.b == 0) {
          out.push_back(
              {BoardChange::kMove, 'D', "w", e.a, Clearing(e.c), "0"});
        } else if (e.b == 1) {
          out.push_back(
              {BoardChange::kMove, 'D', "w", e.a, "0", Clearing(e.c)});
        } else {
          out.push_back({BoardChange::kPlace, 'D', "w", e.a, "", "0"});
        }
        break;
      case rules::kEvPlotFlip:
        face_up_[e.c] = PieceCode(e.b);
        out.push_back(
            {BoardChange::kFlip, 'P', PieceCode(e.b), 1, "", Clearing(e.c)});
        break;
      case rules::kEvPlotSwap: {
        auto a = face_up_.find(e.b), b = face_up_.find(e.c);
        std::string ca = a == face_up_.end() ? "" : a->second;
        std::string cb = b == face_up_.end() ? "" : b->second;
        face_up_.erase(e.b);
        face_up_.erase(e.c);
        if (!ca.empty()) face_up_[e.c] = ca;
        if (!cb.empty()) face_up_[e.b] = cb;
        out.push_back(
            {BoardChange::kSwap, 'P', "t", 1, Clearing(e.b), Clearing(e.c)});
        break;
      }
      default:
        break;
    }
    return out;
  }

 private:
  const State& s_;
  char cur_ = '?';
  bool setup_ = true;
  std::map<int, std::string> face_up_;
};

std::string Prefix(char f, char cur) {
  return f == cur ? "" : std::string(1, f);
}

std::string Count(int n) { return n == 1 ? "" : absl::StrCat(n); }

std::string Render(const BoardChange& c, char cur) {
  const std::string who = Prefix(c.faction, cur);
  switch (c.kind) {
    case BoardChange::kPlace:
      return absl::StrCat(Count(c.count), who, c.piece, "->", c.to);
    case BoardChange::kMove:
      if (c.piece == "r") return absl::StrCat("r", c.from, "->", c.to);
      return absl::StrCat(Count(c.count), who, c.piece, c.from, "->", c.to);
    case BoardChange::kRemove:
      return absl::StrCat(Count(c.count), who, c.piece, c.from, "->");
    case BoardChange::kPawn:
      return absl::StrCat(who, "p->", c.to);
    case BoardChange::kScore:
      return absl::StrCat(
          who, c.count >= 0 ? "++" : "--",
          std::abs(c.count) == 1 ? "" : absl::StrCat(std::abs(c.count)));
    case BoardChange::kFlip:
      return absl::StrCat(who, "t", c.to, "^", c.piece);
    case BoardChange::kSwap:
      return absl::StrCat("t", c.from, "<->t", c.to);
  }
  return "";
}

// Actions that are not board changes (cards, battles, crafting...), or a
// note for the line's comment when Rootlog has no notation for them.
void OtherAction(const State& s, const Event& e, char cur,
                 std::vector<std::string>* actions,
                 std::vector<std::string>* notes) {
  const char seat = SeatLetter(s, e.seat);
  switch (e.kind) {
    case rules::kEvDraw:
      if (e.a > 0)
        actions->push_back(
            absl::StrCat(Count(e.a), "#->", std::string(1, seat)));
      break;
    case rules::kEvDiscard:
      if (e.seat >= 0)
        actions->push_back(
            absl::StrCat(Card(s, e.card), std::string(1, seat), "->"));
      break;
    case rules::kEvBattle:
      actions->push_back(absl::StrCat(
          Prefix(RootlogFaction(e.faction), cur), "X",
          std::string(1, e.b >= 0 ? RootlogFaction(e.b) : '?'), Clearing(e.c)));
      break;
    case rules::kEvDice:
      if (!actions->empty() && actions->back().find('X') != std::string::npos &&
          actions->back().back() != ')')
        absl::StrAppend(&actions->back(), "(", int{e.a}, ",", int{e.b}, ")");
      break;
    case rules::kEvAmbush:
      actions->push_back(
          absl::StrCat(std::string(1, e.card == rules::kNoCard
                                          ? '?'
                                          : SuitLetter(s.card(e.card).suit)),
                       "#@", std::string(1, seat), "->"));
      break;
    case rules::kEvCraft:
      if (e.card != rules::kNoCard)
        actions->push_back("Z" + CardName(s, e.card));
      break;
    case rules::kEvDecree: {
      static constexpr char kColumns[] = "rmxb";
      const char col =
          e.a >= 0 && e.a < 4 ? kColumns[static_cast<int>(e.a)] : '?';
      actions->push_back(
          absl::StrCat(Card(s, e.card), "E->$_", std::string(1, col)));
      break;
    }
    case rules::kEvTurmoil:
      actions->push_back("$_->");
      break;
    case rules::kEvLeader: {
      std::vector<std::string> words =
          absl::StrSplit(s.EventText(e, -1), ' ', absl::SkipEmpty());
      const std::string leader =
          words.size() >= 2 ? absl::AsciiStrToLower(words[words.size() - 2])
                            : "";
      actions->push_back("#" + leader + "->$");
      break;
    }
    case rules::kEvDominance:
      actions->push_back(
          absl::StrCat(Card(s, e.card), std::string(1, seat), "->$"));
      actions->push_back(absl::StrCat(Prefix(seat, cur), "++->$"));
      break;
    case rules::kEvTakeCard:
      if (e.a >= 0) {
        actions->push_back(absl::StrCat("#", std::string(1, SeatLetter(s, e.a)),
                                        "->", std::string(1, seat)));
      } else {
        notes->push_back(s.EventText(e, -1));
      }
      break;
    case rules::kEvReveal:
      actions->push_back(absl::StrCat(std::string(1, SeatLetter(s, e.a)), "^",
                                      std::string(1, seat)));
      break;
    case rules::kEvDuchyReveal:
      if (e.card != rules::kNoCard) actions->push_back(Card(s, e.card) + "^");
      break;
    case rules::kEvOpenPath:
      if (e.a >= 0 && e.a < static_cast<int>(s.map().closed_paths.size())) {
        auto [a, b] = s.map().closed_paths[e.a];
        actions->push_back(
            absl::StrCat(std::min(a, b) + 1, "_", std::max(a, b) + 1, "->"));
      }
      break;
    case rules::kEvExposure:
      actions->push_back(absl::StrCat("?P", PieceCode(e.b), Clearing(e.c)));
      break;
    case rules::kEvTurn:
    case rules::kEvGameOver:
      break;
    default:
      notes->push_back(s.EventText(e, -1));
  }
}

std::string MapName(const std::string& key) {
  if (key == "autumn") return "Fall";
  if (key.empty()) return key;
  return absl::StrCat(std::string(1, absl::ascii_toupper(key[0])),
                      key.substr(1));
}

}  // namespace

std::string RootlogPiece(int piece) { return PieceCode(piece); }

char RootlogFaction(int faction) {
  return faction >= 0 && faction < static_cast<int>(kLetters.size())
             ? kLetters[faction]
             : '?';
}

std::string BoardChange::DebugString() const {
  static constexpr const char* kNames[] = {"place", "move", "remove", "pawn",
                                           "score", "flip", "swap"};
  return absl::StrCat(kNames[kind], " ", std::string(1, faction), " ", count,
                      " ", piece, " ", from, "->", to);
}

std::vector<BoardChange> BoardChanges(const State& s) {
  Walker w(s);
  std::vector<BoardChange> out;
  for (const Event& e : s.events()) {
    w.starts_line(e);
    for (BoardChange& c : w.Changes(e)) out.push_back(std::move(c));
  }
  return out;
}

std::string WriteRootlog(const State& s,
                         const std::vector<std::string>& players) {
  std::string out =
      "// Written by Woodland Arena (woodland replay --rootlog)\n";
  absl::StrAppend(&out, "Map: ", MapName(s.map().key), "\n");
  absl::StrAppend(&out, "Deck: ",
                  s.def().setup.deck == "standard" ? "Standard" : "E&P", "\n");
  std::vector<std::string> suits;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    suits.push_back(absl::StrCat(
        std::string(1, SuitLetter(s.map().clearings[c].suit)), c + 1));
  }
  absl::StrAppend(&out, "Clearings: ", absl::StrJoin(suits, ", "), "\n");
  for (int i = 0; i < s.num_seats(); ++i) {
    absl::StrAppend(&out, std::string(1, SeatLetter(s, i)), ": ",
                    i < static_cast<int>(players.size()) && !players[i].empty()
                        ? players[i]
                        : absl::StrCat("seat ", i),
                    "\n");
  }
  out += "\n";
  Walker w(s);
  std::vector<std::string> actions, notes;
  char line = '?';
  auto flush = [&]() {
    if (line == '?') return;
    absl::StrAppend(&out, std::string(1, line), ":",
                    absl::StrJoin(actions, "/"));
    if (!notes.empty()) {
      std::string n = absl::StrJoin(notes, "; ");
      for (char& c : n)
        if (c == '\n') c = ' ';
      absl::StrAppend(&out, "  // ", n);
    }
    out += "\n";
    actions.clear();
    notes.clear();
  };
  for (const Event& e : s.events()) {
    if (w.starts_line(e)) {
      flush();
      line = w.cur();
    }
    std::vector<BoardChange> changes = w.Changes(e);
    for (const BoardChange& c : changes) actions.push_back(Render(c, w.cur()));
    if (changes.empty()) OtherAction(s, e, w.cur(), &actions, &notes);
  }
  flush();
  if (s.IsTerminal()) {
    std::string winners;
    for (int seat : s.winners()) winners += SeatLetter(s, seat);
    absl::StrAppend(&out, "\nWinner: ", winners.empty() ? "-" : winners, "\n");
  }
  return out;
}

absl::StatusOr<std::string> RootlogFromReplay(const v1::Replay& replay) {
  absl::StatusOr<rules::GameSetup> setup = SetupFromSpec(replay.spec(), 1000);
  if (!setup.ok()) return setup.status();
  setup->record_events = true;
  absl::StatusOr<State> started = State::NewGame(*setup, replay.seed());
  if (!started.ok()) return started.status();
  State& s = *started;
  for (const v1::DecisionRecord& d : replay.decisions()) {
    absl::Status st = s.Apply(d.seat(), d.option_index());
    if (!st.ok()) return absl::DataLossError(st.message());
  }
  std::vector<std::string> players;
  for (const v1::SeatResult& r : replay.result().seats())
    players.push_back(r.bot());
  return WriteRootlog(s, players);
}

// ---------------------------------------------------------------------------
// The reader.

namespace {

struct Cursor {
  absl::string_view s;
  size_t i = 0;
  bool done() const { return i >= s.size(); }
  char peek() const { return done() ? '\0' : s[i]; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++i;
    return true;
  }
  // Digits, or 0 when none.
  std::string digits() {
    size_t j = i;
    while (j < s.size() && absl::ascii_isdigit(s[j])) ++j;
    std::string d(s.substr(i, j - i));
    i = j;
    return d;
  }
};

// A location: a clearing ("5"), the Burrow ("0"), a forest ("1_2_5_10"),
// "$" (a faction board); "" when none.
std::string Location(Cursor& c) {
  if (c.eat('$')) return "$";
  std::string loc = c.digits();
  while (!loc.empty() && c.peek() == '_' && c.i + 1 < c.s.size() &&
         absl::ascii_isdigit(c.s[c.i + 1])) {
    c.eat('_');
    absl::StrAppend(&loc, "_", c.digits());
  }
  return loc;
}

struct PieceSpec {
  int count = 1;
  char faction = 0;  // 0: the current player
  std::string piece;
  std::string from;
};

// [count][F](w|b|t|p|r)[_code][location]
absl::StatusOr<PieceSpec> Piece(Cursor& c, bool with_location) {
  PieceSpec p;
  const std::string n = c.digits();
  if (!n.empty() && !absl::SimpleAtoi(n, &p.count))
    return absl::InvalidArgumentError("bad count");
  if (IsFactionLetter(c.peek())) p.faction = c.s[c.i++];
  const char type = c.peek();
  if (type != 'w' && type != 'b' && type != 't' && type != 'p' && type != 'r')
    return absl::InvalidArgumentError("expected a piece (w, b, t, p or r)");
  ++c.i;
  p.piece = std::string(1, type);
  if (c.peek() == '_' && c.i + 1 < c.s.size() &&
      absl::ascii_islower(c.s[c.i + 1])) {
    c.eat('_');
    p.piece += '_';
    while (absl::ascii_islower(c.peek())) p.piece += c.s[c.i++];
  }
  if (with_location) p.from = Location(c);
  return p;
}

// Score: [F]++[N] / [F]--[N]; "++->$" moves the VP marker (dominance).
// Nothing if `a` is not a score.
std::optional<absl::Status> ParseScore(absl::string_view a, char cur,
                                       bool prefixed,
                                       std::vector<BoardChange>* out) {
  Cursor s{a};
  char who = cur;
  if (prefixed) who = s.s[s.i++];
  if (s.s.substr(s.i, 2) != "++" && s.s.substr(s.i, 2) != "--") {
    return std::nullopt;
  }
  const bool gain = s.s[s.i] == '+';
  s.i += 2;
  if (s.s.substr(s.i) == "->$") return absl::OkStatus();
  int n = 1;
  const std::string d = s.digits();
  if (!d.empty() && !absl::SimpleAtoi(d, &n))
    return absl::InvalidArgumentError("bad points");
  if (!s.done()) return absl::InvalidArgumentError("text after the points");
  out->push_back({BoardChange::kScore, who, "", gain ? n : -n, "", ""});
  return absl::OkStatus();
}

// Battle: [A]X<D><clearing>[S@[S@]][(h,l)] (no board change of its own).
// Nothing if `a` is not a battle.
std::optional<absl::Status> ParseBattle(absl::string_view a, bool prefixed) {
  Cursor b{a};
  if (prefixed && b.s[1] == 'X') b.i = 1;
  if (!b.eat('X')) return std::nullopt;
  if (!IsFactionLetter(b.peek()))
    return absl::InvalidArgumentError("battle without a defender");
  ++b.i;
  if (b.digits().empty())
    return absl::InvalidArgumentError("battle without a clearing");
  return absl::OkStatus();
}

// Trick: t<clearing><->t<clearing> swaps two plots.
absl::Status ParseTrick(absl::string_view a, size_t swap,
                        std::vector<BoardChange>* out) {
  Cursor l{a.substr(0, swap)}, r{a.substr(swap + 3)};
  if (!l.eat('t') || !r.eat('t'))
    return absl::InvalidArgumentError("a trick swaps two plots");
  const std::string from = l.digits(), to = r.digits();
  if (from.empty() || to.empty() || !l.done() || !r.done())
    return absl::InvalidArgumentError("bad trick");
  out->push_back({BoardChange::kSwap, 'P', "t", 1, from, to});
  return absl::OkStatus();
}

// Flip: [P]t<clearing>^<plot>; any other caret form is a reveal (no board
// change).
absl::Status ParseFlip(absl::string_view a, bool prefixed,
                       std::vector<BoardChange>* out) {
  Cursor f{a};
  if (prefixed) ++f.i;
  if (f.eat('t')) {
    const std::string at = f.digits();
    if (!at.empty() && f.eat('^')) {
      auto plot = Piece(f, false);
      if (!plot.ok() || !f.done())
        return absl::InvalidArgumentError("bad plot flip");
      out->push_back({BoardChange::kFlip, 'P', plot->piece, 1, "", at});
    }
  }
  return absl::OkStatus();
}

// The pieces left of an arrow: "(A+B)loc" or "A[loc]+B[loc]".
absl::Status ParsePieces(absl::string_view lhs,
                         std::vector<PieceSpec>* pieces) {
  Cursor l{lhs};
  if (l.eat('(')) {
    const size_t close = lhs.find(')');
    if (close == absl::string_view::npos)
      return absl::InvalidArgumentError("unclosed group");
    Cursor g{lhs.substr(1, close - 1)};
    while (!g.done()) {
      auto p = Piece(g, false);
      if (!p.ok()) return p.status();
      pieces->push_back(*p);
      if (!g.done() && !g.eat('+'))
        return absl::InvalidArgumentError("bad group");
    }
    l.i = close + 1;
    const std::string loc = Location(l);
    for (PieceSpec& p : *pieces) p.from = loc;
  } else {
    while (!l.done()) {
      auto p = Piece(l, true);
      if (!p.ok()) return p.status();
      pieces->push_back(*p);
      if (!l.done() && !l.eat('+'))
        return absl::InvalidArgumentError("bad pieces");
    }
  }
  if (!l.done()) return absl::InvalidArgumentError("text after the pieces");
  return absl::OkStatus();
}

// Pieces placed, moved or removed: <pieces>-><destinations joined by +>.
absl::Status ParsePieceAction(absl::string_view lhs, absl::string_view rhs,
                              char cur, std::vector<BoardChange>* out) {
  std::vector<PieceSpec> pieces;
  if (absl::Status st = ParsePieces(lhs, &pieces); !st.ok()) return st;
  std::vector<std::string> to;
  if (!rhs.empty()) {
    for (absl::string_view d : absl::StrSplit(rhs, '+')) {
      Cursor r{d};
      const std::string loc = Location(r);
      if (loc.empty() || !r.done())
        return absl::InvalidArgumentError("bad destination");
      to.push_back(loc);
    }
  }
  for (const PieceSpec& p : pieces) {
    const char f = p.faction ? p.faction : cur;
    if (p.piece == "p") {
      for (const std::string& t : to)
        out->push_back({BoardChange::kPawn, f, "p", 1, "", t});
      continue;
    }
    if (to.empty()) {
      out->push_back({BoardChange::kRemove, f, p.piece, p.count, p.from, ""});
      continue;
    }
    for (const std::string& t : to) {
      out->push_back({p.from.empty() ? BoardChange::kPlace : BoardChange::kMove,
                      f, p.piece, p.count, p.from, t});
    }
  }
  return absl::OkStatus();
}

absl::Status ParseAction(absl::string_view a, char cur,
                         std::vector<BoardChange>* out) {
  if (a.empty()) return absl::OkStatus();
  const bool prefixed = a.size() > 1 && IsFactionLetter(a[0]);
  if (auto st = ParseScore(a, cur, prefixed, out)) return *st;
  if (auto st = ParseBattle(a, prefixed)) return *st;
  if (a[0] == 'Z' || a[0] == '?' || a == "$_->") return absl::OkStatus();
  if (const size_t swap = a.find("<->"); swap != absl::string_view::npos) {
    return ParseTrick(a, swap, out);
  }
  const size_t arrow = a.find("->");
  const size_t caret = a.find('^');
  if (caret != absl::string_view::npos && arrow == absl::string_view::npos) {
    return ParseFlip(a, prefixed, out);
  }
  if (arrow == absl::string_view::npos)
    return absl::InvalidArgumentError("not an action");
  const absl::string_view lhs = a.substr(0, arrow), rhs = a.substr(arrow + 2);
  // Cards, items, the Decree, closed paths: no piece changes.
  const bool closed_path =
      !lhs.empty() && lhs.find('_') != absl::string_view::npos &&
      lhs.find_first_not_of("0123456789_") == absl::string_view::npos;
  if (lhs.empty() || lhs.find('#') != absl::string_view::npos ||
      lhs.find('%') != absl::string_view::npos || lhs[0] == '$' || closed_path)
    return absl::OkStatus();
  return ParsePieceAction(lhs, rhs, cur, out);
}

}  // namespace

absl::StatusOr<RootlogGame> ParseRootlog(absl::string_view text) {
  RootlogGame g;
  bool turns = false;
  int number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++number;
    absl::string_view line = raw;
    if (const size_t k = line.find("//"); k != absl::string_view::npos)
      line = line.substr(0, k);
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    auto fail = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", number, ": ", why, ": ", raw));
    };
    if (absl::ConsumePrefix(&line, "Map:")) {
      g.map = std::string(absl::StripAsciiWhitespace(line));
      continue;
    }
    if (absl::ConsumePrefix(&line, "Deck:")) {
      g.deck = std::string(absl::StripAsciiWhitespace(line));
      continue;
    }
    if (absl::ConsumePrefix(&line, "Clearings:")) {
      for (absl::string_view c :
           absl::StrSplit(line, ',', absl::SkipWhitespace()))
        g.clearings.push_back(std::string(absl::StripAsciiWhitespace(c)));
      continue;
    }
    if (absl::ConsumePrefix(&line, "Pool:")) continue;
    if (absl::ConsumePrefix(&line, "Winner:")) {
      g.winners = std::string(absl::StripAsciiWhitespace(line));
      continue;
    }
    if (line.size() < 2 || !IsFactionLetter(line[0]) || line[1] != ':')
      return fail("expected '<Faction>:'");
    const char f = line[0];
    absl::string_view rest = line.substr(2);
    if (!turns && !rest.empty() && rest[0] == ' ') {
      g.players.push_back({f, std::string(absl::StripAsciiWhitespace(rest))});
      continue;
    }
    turns = true;
    ++g.turns;
    for (absl::string_view a : absl::StrSplit(rest, absl::ByAnyChar("/;"))) {
      a = absl::StripAsciiWhitespace(a);
      absl::Status st = ParseAction(a, f, &g.changes);
      if (!st.ok()) return fail(absl::StrCat(st.message(), " in '", a, "'"));
    }
  }
  if (g.map.empty()) return absl::InvalidArgumentError("no Map: line");
  return g;
}

}  // namespace woodland::referee
