// How a faction plugs into the engine.
//
// A faction is a FactionModule (stateless; its board lives in State) plus
// task handlers registered under its own task-kind range. The core calls
// the hooks below at the points where the Law lets a faction override the
// general rules (Law 1.1.1: faction rules win over general ones).
#ifndef WOODLAND_REFEREE_RULES_FACTION_H_
#define WOODLAND_REFEREE_RULES_FACTION_H_

#include <array>
#include <string>

#include "absl/strings/string_view.h"
#include "referee/rules/check.h"
#include "referee/rules/state.h"

namespace woodland::rules {

// Handlers for one task kind. step() runs when the task is on top of the
// stack and no decision is pending: it either calls State::Ask (and returns),
// or pops the task (possibly pushing others). choose() receives the answer
// to the decision the task asked for; the task is still on top.
struct TaskHandler {
  absl::string_view name;
  void (*step)(State& s) = nullptr;
  void (*choose)(State& s, const Option& o) = nullptr;
};

// Text and Law clause for a prompt kind.
struct PromptInfo {
  absl::string_view key;  // machine-readable kind, e.g. "marquise.action"
  absl::string_view law;  // e.g. "6.5"
  std::string (*text)(const State& s, const Prompt& p) = nullptr;
};

class FactionModule {
 public:
  virtual ~FactionModule() = default;
  virtual int faction() const = 0;
  // Pieces in the box (Law 1.5.1): warriors, and buildings/tokens by Piece.
  virtual int warriors() const = 0;
  virtual std::array<int8_t, kNumPieces> pieces() const { return {}; }

  // Pushes the faction's setup tasks (Law 5.1.7).
  virtual void PushSetup(State& s, int seat) const = 0;
  // Push the tasks of the faction's Birdsong, Daylight and Evening.
  virtual void PushBirdsong(State& s, int seat) const = 0;
  virtual void PushDaylight(State& s, int seat) const = 0;
  virtual void PushEvening(State& s, int seat) const = 0;

  // Label for an action code in a kOptAction option.
  virtual std::string ActionLabel(const State& s, const Option& o) const {
    return "action";
  }

  // --- Overrides of general rules (defaults follow the general rule) ------
  // Law 2.5 tie-break (7.2.2): may this faction rule a clearing it ties for
  // most?
  virtual bool RulesTies() const { return false; }
  // May `placer` place pieces in clearing c? (e.g. the Keep, Law 6.2.2)
  virtual bool BlocksPlacement(const State& s, int placer, int c) const {
    return false;
  }
  // Whether this faction overrides BlocksPlacement, and BlockedClearings or
  // MoveBlockedFrom (issue 12: State asks only the seated factions that
  // may block, State::placement_blockers and move_blockers).
  virtual bool MayBlockPlacement() const { return false; }
  virtual bool MayBlockMoves() const { return false; }
  // This faction's crafting pieces in clearing c (Law 4.1.1).
  virtual int CraftingPiecesIn(const State& s, int c) const { return 0; }
  // Crafting pieces per clearing suit (Law 4.1.1: a piece's suit is its
  // clearing's). Default: CraftingPiecesIn summed by suit, leaving out a
  // clearing of every suit (the Lost City), whose pieces are wild
  // (CraftAvailable counts them).
  virtual std::array<int8_t, kNumClearingSuits> CraftingPieces(
      const State& s) const;
  // VP scored for crafting an item whose card lists `printed` VP (3.2.2).
  virtual int ItemVp(const State& s, int printed) const { return printed; }
  // Extra hits this faction deals as attacker (e.g. Commander, Law 7.8.3).
  virtual int AttackerExtraHits(const State& s) const { return 0; }
  // Called after a battle in which this faction attacked ended.
  virtual void AfterBattle(State& s,
                           bool removed_enemy_building_or_token) const {}
  // Called after warriors of this faction were removed from clearing c
  // (any cause). May push tasks (e.g. Field Hospitals, Law 6.2.3).
  virtual void OnWarriorsRemoved(State& s, int c, int n, int remover) const {}
  // Called after a building or token of this faction was removed by
  // `remover` (a faction, or kNoFaction).
  virtual void OnPieceRemoved(State& s, int piece, int c, int remover) const {}
  // Called on every seated faction after `mover` moved n warriors from
  // `from` to `to` (e.g. Outrage, Law 8.2.6).
  // `moved_by` is the player who moved them (the Vagabond may move an
  // ally's warriors, Law 9.2.9.II.b).
  virtual void OnWarriorsMoved(State& s, int mover, int from, int to, int n,
                               int moved_by) const {}
  // Removes every piece of this faction from clearing c, as effects that
  // remove "all enemy pieces" do (Favors, Revolt). Law 9.2.2.I: the
  // Vagabond overrides this (he damages three items instead).
  virtual void RemoveAllPieces(State& s, int c, int remover) const;
  // A piece that is neither warrior nor building/token (the Vagabond's
  // pawn, Law 9.2.2) in clearing c: it can be battled and can battle.
  virtual bool PawnIn(const State& s, int c) const { return false; }
  // Whether PawnIn can ever be true (State skips asking the others).
  virtual bool HasPawn() const { return false; }
  // Law 4.3.3.I: the most rolled hits this faction deals in clearing c.
  virtual int RolledHitCap(const State& s, int c, bool attacker) const;
  // Law 4.3.5.II: is this faction defenseless as defender in c?
  virtual bool Defenseless(const State& s, int c) const;
  // Law 4.3.1.II: does this attacker still attack after an ambush?
  virtual bool StillAttacking(const State& s, int c) const;
  // If true, hits against this faction are taken by TakeHits (which may
  // push decisions) instead of removing its pieces (Law 9.2.7).
  virtual bool TakesHitsItself() const { return false; }
  virtual void TakeHits(State& s, int c, int n, int from) const {}
  // Pays `n` crafting pieces of `suit` (default: activates them for the
  // turn, Law 4.1.1; the Vagabond exhausts hammers, 9.5.8).
  virtual void PayCrafting(State& s, int suit, int n) const;
  // Takes a crafted item (default: the Crafted Items box, Law 4.1.2).
  virtual void GainItem(State& s, int seat, int item) const;
  // Called on the remover after it removed another faction's pieces.
  virtual void OnRemovedEnemy(State& s, int victim, int c, int warriors,
                              int others) const {}
  // Law 3.3.1 / 9.2.8: may this faction activate a dominance card now?
  virtual bool CanActivateDominance(const State& s, int seat) const {
    return true;
  }
  // After activation (the Vagabond then forms a coalition).
  virtual void OnDominanceActivated(State& s, int seat) const {}
  // Law 8.2.2 Guerrilla War: as defender, deal the higher roll.
  virtual bool DefenderTakesHighRoll() const { return false; }

  // Hooks added by the expansions, each under its own faction's marker.
  // --- Hooks for the Lizard Cult (Law 10, cult.cc) ---
  // Law 10.2.4 Pilgrims: does this faction rule clearing c whatever the
  // other factions' presence? Asked only of factions present in c, and only
  // in games seating a faction whose HasOutrightRule() is true.
  virtual bool HasOutrightRule() const { return false; }
  virtual bool RulesOutright(const State& s, int c) const { return false; }
  // Law 10.2.6 Lost Souls: called for every card spent or discarded; true if
  // this faction took the card (it then goes to no discard pile).
  virtual bool CatchesDiscard(State& s, CardId id) const { return false; }
  // --- Hooks for the Riverfolk Company (Law 11, riverfolk.cc) ---
  // Law 11.2.6: called on every other seated faction at the start of `seat`'s
  // Birdsong (the Riverfolk offer their services to that player).
  virtual void AtOthersBirdsongStart(State& s, int seat) const {}
  // Law 11.2.2, 11.2.7.II: how `mover` may use rivers now: 0 not at all,
  // 1 as paths, 2 as paths ignoring rule (asked of the Riverfolk only).
  virtual int RiverAccess(const State& s, int mover) const { return 0; }
  // Law 11.2.7.III: this faction's warriors in c that fight for `buyer`
  // against `opponent` (kNoFaction: any enemy but this faction).
  virtual int MercenariesFor(const State& s, int buyer, int c,
                             int opponent) const {
    return 0;
  }
  // Law 11.5.3: how many crafting pieces this faction can still pay (the
  // Riverfolk pay each with a fund).
  virtual int CraftingBudget(const State& s) const { return 99; }
  // --- Hooks for the Underground Duchy (Law 12, duchy.cc) ---
  // --- Hooks for the Corvid Conspiracy (Law 13, corvid.cc) ---
  // Law 13.2.3 Nimble: this faction moves regardless of rule (4.2.1).
  virtual bool MovesIgnoringRule() const { return false; }
  // Law 13.7.2 (snare): clearings (bit per clearing) out of which this
  // faction stops `mover`'s pieces from moving.
  virtual uint32_t MoveBlockedFrom(const State& s, int mover) const {
    return 0;
  }
  // Law 13.2.5 Embedded Agents: extra hits this faction deals as defender in
  // clearing c.
  virtual int DefenderExtraHits(const State& s, int c) const { return 0; }
  // The kind a piece of this faction in clearing c shows in public events
  // (13.2.2.I: a face-down plot is logged as kPlotHidden).
  virtual int PublicPiece(const State& s, int piece, int c) const {
    return piece;
  }
  // Law 13.2.4 Exposure: Daylight actions (kOptExtra) this faction offers to
  // another seat `seat` on that seat's turn, and their resolution.
  virtual void AppendEnemyExtras(const State& s, int seat,
                                 std::vector<Option>& opts) const {}
  virtual void ResolveEnemyExtra(State& s, int seat, const Option& o) const {}
  // --- Hooks for the Lord of the Hundreds (Law 14, hundreds.cc) ---
  // A battle in c began (PushBattle): called on attacker and defender. May
  // push tasks that run before the ambush (Looters, Law 14.2.5).
  virtual void OnBattleStart(State& s) const {}
  // Just before the battle roll (Law 4.3.2), once per battle, on every
  // seated faction. May push tasks (Bitter, Law 14.7.1; Protector, 26.5.2).
  virtual void BeforeRoll(State& s) const {}
  // This faction is about to take `hits` hits in the current battle; returns
  // how many it takes (Stubborn ignores the first, Law 14.7.7).
  virtual int HitsToTake(State& s, int hits) const { return hits; }
  // Warriors in c that effects outside battle cannot remove (the warlord,
  // Law 14.2.2); Tax Collector does not offer them.
  virtual int ProtectedWarriors(const State& s, int c) const { return 0; }
  // Warriors of the supply that no placement or payment may take (the
  // Hundreds' warlord off the map, Law 14.2.2: only setup and Anoint place
  // it, and they say where it stands first).
  virtual int ReservedWarriors(const State& s) const { return 0; }
  // Crafting the item card `id` (Law 4.1.2): returns true if the faction took
  // the item and scored itself (Contempt for Trade, Law 14.2.3).
  virtual bool CraftItem(State& s, int seat, CardId id) const { return false; }
  // --- Hooks for the Keepers in Iron (Law 15, keepers.cc) ---
  // How many of `hits` just dealt to this faction in clearing c it ignores
  // (Devout Knights, Law 15.2.4); `ambush` for the hits of an ambush.
  virtual int IgnoredHits(State& s, int c, int hits, bool ambush) const {
    return 0;
  }
  // --- Hooks for the second Vagabond and the characters (Law 9.7, 26,
  // vagabond.cc) ---
  // Clearings (bit per clearing) no piece may move into (Scoundrel's
  // Scorched Earth, Law 26.6.2).
  virtual uint32_t BlockedClearings(const State& s) const { return 0; }
  // (BeforeRoll, above, is called on every seated faction: the Arbiter's
  // Protector, Law 26.5.2, is no side of the battle.)
  // Added to the defender's maximum rolled hits (Protector, 26.5.2).
  virtual int DefenderExtraCap(const State& s) const { return 0; }
  // Battle effects after the roll offered by this faction's own abilities
  // (Ronin's Swift Strike, 26.9.2) as kOptAction options, and their use.
  virtual void AppendBattleEffects(const State& s, bool attacker,
                                   std::vector<Option>& opts) const {}
  virtual void UseBattleEffect(State& s, bool attacker, const Option& o) const {
  }
};

// Registered modules by faction + 1 (0: a seat not drafted yet) and task
// handlers by kind; read inline at every step (registry.cc fills them).
extern std::array<const FactionModule*, kNumFactions + 1> g_factions;
extern std::array<TaskHandler, 256> g_tasks;

// The module for a faction, or nullptr if the faction is not implemented.
inline const FactionModule* GetFaction(int faction) {
  return g_factions[faction + 1];
}
void RegisterFaction(const FactionModule* module);

[[noreturn]] void NoTaskHandler(int kind);  // aborts (a bug in the engine)
inline const TaskHandler& GetTaskHandler(int kind) {
  const TaskHandler& h = g_tasks[kind];
  if (h.step == nullptr) [[unlikely]]
    NoTaskHandler(kind);
  return h;
}
void RegisterTask(int kind, TaskHandler handler);
const PromptInfo& GetPromptInfo(int kind);
void RegisterPrompt(int kind, PromptInfo info);

// Registers every module compiled into the library (idempotent).
void RegisterAll();

// Helpers shared by modules (core_tasks.cc).
std::string ClearingName(const State& s, int c);  // "5 (rabbit)"
std::string CardName(const State& s, CardId id);  // "Sappers (bird)"
// Appends the Daylight actions available to `seat` (ExtraAction) to opts.
void AppendDaylightExtras(const State& s, int seat, std::vector<Option>& opts);
// Resolves a kOptExtra option chosen by `seat` (pushes tasks as needed).
void ResolveDaylightExtra(State& s, int seat, const Option& o);
// Legal moves for faction: (from, to) with warriors at from and rule at
// either end (Law 4.2.1). from_suit < 0: any origin.
std::vector<Option> LegalMoves(const State& s, int faction, int from_suit);
// Legal battles: (clearing, defender); clearing_suit < 0: any.
std::vector<Option> LegalBattles(const State& s, int faction,
                                 int clearing_suit);
// Whether LegalMoves / LegalBattles would be non-empty (they stop at the
// first legal option).
bool AnyLegalMove(const State& s, int faction, int from_suit);
bool AnyLegalBattle(const State& s, int faction, int clearing_suit);
// Pushes a move task (choose from/to, then count). If optional, the first
// prompt offers "done".
void PushMove(State& s, int seat, int from_suit, bool optional);
// Pushes a battle-target choice; the battle follows.
void PushBattleChoice(State& s, int seat, int clearing_suit, bool optional);
void PushBattle(State& s, int clearing, int attacker, int defender);
// Law 4.3.4: the battle effects `seat` may use after the roll (its battle
// cards, Partisans, its faction's abilities), with a "done"; empty if none.
std::vector<Option> BattleEffects(const State& s, int seat, bool attacker);
// Uses one of them (not the "done") in the battle s.battle().
void UseBattleEffect(State& s, int seat, bool attacker, const Option& o);
// Pushes the crafting step (Law 4.1) for `seat`: cards crafted one after
// another until the seat says it is done (a phase's crafting step).
void PushCraft(State& s, int seat);
// Pushes Craft taken as one action from a menu of actions (Vagabond 9.5,
// Alliance 8.5.1, Riverfolk 11.5.3): exactly one card, no way back. With a
// "done" there, choosing Craft and then nothing would return the seat to the
// same menu unchanged, a cycle a bot could follow forever.
void PushCraftAction(State& s, int seat);
// Pushes the hand-limit discard: `seat` discards down to `limit` cards,
// asked as `prompt_kind` (each faction registers its own, citing its own
// Evening clause, with the key "discard.hand_limit" and HandLimitText).
void PushDiscardDown(State& s, int seat, int limit, int prompt_kind);
std::string HandLimitText(const State& s, const Prompt& p);
// Opens a window for the "in Birdsong" cards (Royal Claim, Stand and
// Deliver!). The turn opens one before and after the faction's Birdsong;
// factions with several Birdsong steps open one between steps too.
void PushBirdsongCards(State& s, int seat);
// True if `seat` could craft some card in hand right now (Law 4.1).
bool CraftableExists(const State& s, int seat);
// Cards in hand that match `suit` (birds wild; -1: any card), de-duplicated
// by card type.
std::vector<Option> MatchingCards(const State& s, int seat, int suit);

// --- Matching a clearing (Law 2.1.1 with the Lost City, Law 24) -----------
// The Lost City's clearing counts as every suit (docs/rules-decisions.md), so
// any card matches it. Use these wherever the Law asks whether a card matches
// a clearing; s.ClearingIs(c, suit) where it asks whether c is of a suit.

// Does clearing c count as every suit (the Lost City)?
bool EverySuit(const State& s, int c);
// The suit a card must show to match clearing c: its printed suit, or -1
// (any card) where it counts as every suit.
int MatchSuitOf(const State& s, int c);
// Does card `id` match `suit` (birds wild, 2.1.1; -1: any card)?
bool CardMatchesSuit(const State& s, CardId id, int suit);
// Does card `id` match clearing c?
bool CardMatchesClearing(const State& s, CardId id, int c);
// Does `seat` hold a card matching `suit` (-1: any card)?
bool AnyMatchingCard(const State& s, int seat, int suit);
// MatchingCards for clearing c.
std::vector<Option> MatchingCardsIn(const State& s, int seat, int c);
// Do clearings a and b share a suit (the Lost City shares every suit)?
bool ClearingsMatch(const State& s, int a, int b);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_FACTION_H_
