// The game state and its decision points.
//
// A State owns everything about one match: map contents, hands, deck,
// discard pile, scores, faction boards, the chance stream and a stack of
// pending tasks. Play proceeds only through decisions: whenever the Law lets
// some player choose, the State stops with a Prompt (who decides, what kind of
// choice, which Law clause) and a finite list of typed Options. Apply() takes
// the index of one option, resolves it, and runs the game forward to the next
// decision. Decisions with a single legal option are taken automatically.
//
// The same (setup, seed, decision sequence) always yields the same state, and
// a State is a plain value: copying it is how search bots branch.
//
// Rules live in tasks. A task is a small record on the stack; its handler
// either asks for a decision (leaving the task on top) or finishes, possibly
// pushing further tasks first. Triggered effects (Field Hospitals...) push
// tasks that run before the interrupted one resumes. Factions supply their
// own task kinds and hooks through FactionModule (faction.h), so a new
// faction adds a module without touching this core.
#ifndef WOODLAND_REFEREE_RULES_STATE_H_
#define WOODLAND_REFEREE_RULES_STATE_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "referee/rules/boxed.h"
#include "referee/rules/chance.h"
#include "referee/rules/corvid_board.h"
#include "referee/rules/cult_board.h"
#include "referee/rules/defs.h"
#include "referee/rules/duchy_board.h"
#include "referee/rules/exiles_board.h"
#include "referee/rules/hirelings_board.h"
#include "referee/rules/hundreds_board.h"
#include "referee/rules/keepers_board.h"
#include "referee/rules/landmarks_board.h"
#include "referee/rules/riverfolk_board.h"
#include "referee/rules/small_vector.h"
#include "referee/rules/types.h"

namespace woodland::rules {

using CardId = int16_t;
inline constexpr CardId kNoCard = -1;
// Card lists held in a State, inline up to a typical size (small_vector.h):
// hands, play areas, Decree columns, supporters...; and the draw and
// discard piles, which hold at most a deck.
using CardList = SmallVector<CardId, 12>;
using CardPile = SmallVector<CardId, 56>;

// ---------------------------------------------------------------------------
// Decisions.

// What an option's fields mean, by kind. Unused fields are -1.
enum OptionKind : uint8_t {
  kOptDone = 0,   // finish this step / decline an optional effect
  kOptYes,        // use the optional effect named by the prompt
  kOptCard,       // card
  kOptClearing,   // a = clearing
  kOptMove,       // a = from clearing, b = to clearing
  kOptCount,      // a = how many
  kOptBattle,     // a = clearing, b = defending faction
  kOptFaction,    // a = faction (a player, e.g. a target)
  kOptPiece,      // a = Piece (to remove, build, ...)
  kOptAction,     // a = action code of the module that asked (the prompt's
                  // faction range), b = module-specific data
  kOptSuit,       // a = suit
  kOptDecree,     // card, a = Decree column (Eyrie)
  kOptLeader,     // a = leader (Eyrie)
  kOptExtra,      // a = Daylight card/dominance action (ExtraAction), card
  kOptEffect,     // a = index of a pending simultaneous effect (1.1.3)
  kOptItem,       // a = Item, b = ItemCopy bits (damaged, which side)
  kOptQuest,      // a = quest id
  kOptForest,     // a = forest index
  kOptCharacter,  // a = Vagabond character
  // Option kinds added by the expansions (prefer kOptAction with the
  // module's own codes), each under its own faction's marker.
  // --- Option kinds for the Lizard Cult (Law 10, cult.cc) ---
  // --- Option kinds for the Riverfolk Company (Law 11, riverfolk.cc) ---
  // --- Option kinds for the Underground Duchy (Law 12, duchy.cc) ---
  // --- Option kinds for the Corvid Conspiracy (Law 13, corvid.cc) ---
  // --- Option kinds for the Lord of the Hundreds (Law 14, hundreds.cc) ---
  // --- Option kinds for the Keepers in Iron (Law 15, keepers.cc) ---
  // --- Option kinds for the second Vagabond and the characters (Law 9.7, 26,
  // vagabond.cc) ---
};

// Option::b of kOptItem: which copy of an item kind (Law 9.2.7, 9.5.7). The
// side bits are set only when both a face-up and an exhausted copy qualify.
enum ItemCopy : int8_t {
  kItemDamaged = 1,    // a damaged one
  kItemExhausted = 2,  // the exhausted (face-down) copy
  kItemFaceUp = 4,     // the face-up copy
};

struct Option {
  uint8_t kind = kOptDone;
  int8_t a = -1;
  int8_t b = -1;
  CardId card = kNoCard;
  friend bool operator==(const Option&, const Option&) = default;
};

// Option lists reuse their buffers (a small pool per thread) instead of
// allocating at every decision: build a list from NewOptionList(); State::Ask
// recycles the list it replaces, RecycleOptionList any other spent one.
std::vector<Option> NewOptionList();
void RecycleOptionList(std::vector<Option> list);
// Whether a list is non-empty (a legality test); the list goes back to the
// pool.
inline bool AnyOption(std::vector<Option> list) {
  const bool any = !list.empty();
  RecycleOptionList(std::move(list));
  return any;
}

// Prompt kinds: core kinds below; each faction module owns the range
// [kFactionPromptBase + 32 * faction, +32).
enum PromptKind : uint16_t {
  kPromptNone = 0,
  kPromptMoveFrom,       // choose a move (from, to) (Law 4.2)
  kPromptMoveCount,      // how many warriors move
  kPromptBattleTarget,   // choose clearing and defender (Law 4.3)
  kPromptAmbush,         // defender: play an ambush card? (Law 4.3.1)
  kPromptFoilAmbush,     // attacker: foil the ambush? (Law 4.3.1.I)
  kPromptBattleEffect,   // use a battle card (Armorers, Sappers, ...)
  kPromptRemovePiece,    // which piece takes a hit (Law 4.3.6)
  kPromptCraft,          // craft a card or finish (Law 4.1)
  kPromptCraftSuit,      // which suit pays an "any" cost (Law 4.1.1)
  kPromptBirdsongCards,  // Royal Claim / Stand and Deliver! (Birdsong)
  kPromptStandTarget,    // Stand and Deliver!: from whom
  kPromptBurrowBank,     // Better Burrow Bank: who else draws
  kPromptCommandWarren,  // Command Warren: battle at start of Daylight
  kPromptCobbler,        // Cobbler: move at start of Evening
  kPromptSpendCard,      // spend a card of a suit (e.g. take dominance)
  kPromptTaxCollector,   // Tax Collector: remove which warrior
  kPromptCodebreakers,   // Codebreakers: whose hand
  kPromptPause,          // kTaskPause
  kPromptOrderEffects,   // which simultaneous effect resolves first (1.1.3)
  kPromptDaylightEnd,    // Daylight actions once more at its end (3.3.1)
  kPromptOpenPathCard,   // spend a card to remove a closed path (25.4.3)
  // The Exiles and Partisans deck's cards (Law 20.8.1, exiles.cc).
  kPromptSaboteurs,          // Saboteurs: which enemy crafted card
  kPromptFalseOrdersMove,    // False Orders: whose warriors, from/to
  kPromptSwapMeetGive,       // Swap Meet: which card to give back
  kPromptEyrieEmigreMove,    // Eyrie Emigre: the move
  kPromptEyrieEmigreBattle,  // Eyrie Emigre: the battle
  kPromptPropaganda,         // Propaganda Bureau: clearing, enemy, card
  kPromptLeague,             // League of Adventurous Mice: item, move/battle
  kPromptCharmOffensive,     // Charm Offensive: draw, and who scores
  kPromptInformants,         // Informants: an ambush instead of drawing
  // Landmarks and the advanced setup (landmarks.cc, advanced_setup.cc).
  kPromptLandmarkClearing,  // where a landmark goes (Law 19.5.3)
  kPromptDraftFaction,      // which faction setup card to take (19.8.3)
  kPromptKeepCard,          // a card to keep of the five (19.10)
  kPromptHomeland,          // a homeland clearing (19.8.3.I-III)
  kPromptSpread,            // where a setup warrior goes, evenly (19.8.3)
  kFactionPromptBase = 100,
};

struct Prompt {
  uint16_t kind = kPromptNone;
  int8_t seat = -1;  // the seat that decides (any seat, not only the active)
  int8_t a = -1;     // context (clearing, count, ...), kind-specific
  int8_t b = -1;
};

// Daylight actions any faction may take from its action menu (Law 3.3.1,
// 3.3.4 and the standard deck's "once in Daylight" cards).
enum ExtraAction : int8_t {
  kExtraActivateDominance = 0,  // card = dominance card in hand
  kExtraTakeDominance,          // card = available dominance card
  kExtraTaxCollector,
  kExtraCodebreakers,
  kExtraOpenPath,  // b = index of a closed path in MapDef (Law 25.4.3)
  kExtraExposure,  // b = clearing: guess the Corvids' plot there (13.2.4)
  kExtraPropagandaBureau,  // Exiles and Partisans deck (exiles.cc)
  kExtraLeague,            // League of Adventurous Mice
  kExtraBlackMarket,       // card from hand for the face-down card b (Law 24)
  kExtraHireling,  // b = hireling: its once-per-Daylight action (22.2.4)
};

// ---------------------------------------------------------------------------
// Tasks.

// Core task kinds; faction modules own [kFactionTaskBase + 16 * faction, +16).
enum TaskKind : uint8_t {
  kTaskNone = 0,  // default of Task::kind; never pushed
  kTaskTurn,
  kTaskMove,
  kTaskBattleTarget,
  kTaskBattle,
  kTaskCraft,
  kTaskDiscardDown,
  kTaskBirdsongCards,
  kTaskBurrowBank,
  kTaskTakeDominance,
  kTaskTaxCollector,
  kTaskCodebreakers,
  kTaskPause,  // asks seat `seat` to acknowledge; lets tests stop the game
  kTaskOrderEffects,  // current player orders simultaneous effects (1.1.3)
  kTaskOpenPath,      // spend a card to remove a closed path (Law 25.4.3)
  kTaskExilesCard,    // an Exiles and Partisans card; c = its CardEffect
  kTaskLandmark,      // a player sets up a landmark (Law 19.5.3)
  kTaskDraft,         // the draft of faction setup cards (Law 19.8)
  kTaskKeepHand,      // choosing starting hands (Law 19.10)
  kTaskSpread,        // setup warriors spread evenly around a homeland
  kNumCoreTasks,
  kFactionTaskBase = 32,
};
static_assert(kNumCoreTasks <= kFactionTaskBase,
              "core task kinds overlap faction task kinds");

struct Task {
  uint8_t kind = 0;
  int8_t seat = -1;
  int8_t step = 0;
  int8_t a = -1;
  int8_t b = -1;
  int8_t c = -1;
  int8_t x = -1;
  int8_t y = -1;
  int16_t d = -1;
};
// The pending tasks, inline up to a typical depth.
using TaskStack = SmallVector<Task, 8>;

// ---------------------------------------------------------------------------
// Match setup.

struct GameSetup {
  std::vector<int8_t> factions;  // seat order, clockwise (Law 5.1.1)
  std::string map = "autumn";
  std::string deck = "standard";
  bool shuffle_seats = false;  // seat order drawn by chance
  int first_seat = -1;         // -1: drawn by chance (Law 5.1.1)
  // Clearing suits (Law 19.1): empty = the printed suits, or on a map without
  // printed suits the 12 suit markers shuffled; else one suit per clearing
  // (e.g. as a recorded game had them).
  std::vector<int8_t> suits;
  bool random_suits = false;   // shuffle suit markers even on a printed map
  int max_turns = 0;           // 0: no limit; else the game stops unfinished
  bool record_events = false;  // keep the public event log (events())
  // Vagabond characters fixed by the match (faction, character; Law 9.3.1,
  // 26): such a Vagabond skips the character choice.
  std::vector<std::pair<int8_t, int8_t>> characters;
  // Setup mode: the standard setup (Law 5.1) or the advanced setup with its
  // draft of setup cards (Law 19).
  enum Mode : int8_t { kStandardSetup = 0, kAdvancedSetup = 1 };
  int8_t mode = kStandardSetup;
  // Landmarks in play (Law 24, 19.5): (landmark, clearing index or -1 to be
  // placed at setup by the players as 19.5 says). The map's own Ferry/Tower
  // are implied by the map and not listed.
  std::vector<std::pair<int8_t, int8_t>> landmarks;
  // Hirelings in play (Law 22, 19.6): (hireling, demoted side).
  std::vector<std::pair<int8_t, bool>> hirelings;
  // Advanced setup only (Law 19.8): with `factions` all kNoFaction the seats
  // draft their factions from faction setup cards dealt from this pool
  // (empty: every faction the Law allows, 19.8.1); `vagabond_cards` is how
  // many Vagabond setup cards are in the pool (1 or 2, 19.8.1).
  std::vector<int8_t> draft_pool;
  int8_t vagabond_cards = 1;
};

// Immutable per-match definitions shared by every copy of a State.
struct GameDef {
  GameSetup setup;
  MapDef map;
  // The built-in deck, parsed once per program and shared by every match
  // (issue 12: a new game copied it, ~19k instructions and 108 allocations).
  const DeckDef& deck;
};

enum Phase : int8_t {
  kPhaseSetup,
  kPhaseBirdsong,
  kPhaseDaylight,
  kPhaseEvening
};

enum EndReason : int8_t {
  kNotOver = 0,
  kReason30Vp,
  kReasonDominance,
  kReasonTurnLimit,
};

// ---------------------------------------------------------------------------
// Board and player state.

struct ClearingState {
  std::array<int8_t, kNumFactions> warriors{};
  std::array<int8_t, kNumPieces> pieces{};  // buildings, tokens and ruins
};

struct SeatState {
  int8_t faction = kNoFaction;
  int16_t vp = 0;
  CardId dominance = kNoCard;  // activated dominance card (Law 3.3.1)
  CardList hand;
  CardList play_area;  // crafted persistent effects (Law 4.1.3)
  std::array<int8_t, kNumItems> items{};  // crafted items (Law 4.1.2)
  // Per-turn usage of "once" effects, bit per CardEffect.
  uint32_t used_effects = 0;
};

// Per-faction boards. A faction module reads and writes only its own.
struct MarquiseBoard {
  int8_t keep = -1;  // keep clearing, -1 once removed (Law 6.2.2)
  bool keep_removed = false;
  std::array<int8_t, 3> placed{};  // sawmills, workshops, recruiters on map
  int8_t actions = 0;
  bool recruited = false;
  int8_t build_type = -1;  // scratch while building: type, clearing, wood due
  int8_t build_clearing = -1;
  int8_t wood_left = 0;
  // Scratch while placing fewer pieces than asked: how many each clearing
  // may still receive (wood at sawmills, warriors at recruiters).
  std::array<int8_t, kMaxClearings> quota{};
};

struct EyrieBoard {
  int8_t leader = -1;
  uint8_t deposed = 0;              // leaders face down (bit per leader)
  std::array<CardList, 4> decree;   // recruit, move, battle, build
  std::array<int8_t, 4> viziers{};  // loyal viziers per column
  int8_t roosts = 0;                // roosts on the map
  // Decree progress this Daylight: cards resolved per column (by index into
  // the column plus viziers, as a bitmask).
  std::array<uint32_t, 4> resolved{};
  int8_t added = 0;  // cards added this Birdsong
  bool added_bird = false;
};

struct AllianceBoard {
  CardList supporters;  // face down; only the Alliance sees them
  int8_t officers = 0;  // warriors in the Officers box
  int8_t ops_used = 0;  // military operations taken this Evening
};

// One of the Vagabond's items (Law 9.2.5): face up or exhausted, and
// undamaged or damaged. Face-up undamaged teas, coins and sacks sit on their
// tracks (up to 3 each, 9.2.5.I); everything else is in the Satchel.
struct VItem {
  int8_t kind = 0;
  bool exhausted = false;
  bool damaged = false;
  bool ruin = false;  // an "R" item taken from a ruin (Law 9.7.3)
  friend bool operator==(const VItem&, const VItem&) = default;
};

inline constexpr int8_t kHostile = -1;  // relationship (Law 9.2.9.III)
inline constexpr int8_t kAllied = 3;

struct VagabondBoard {
  int8_t character = -1;  // Law 26 order: 0 Thief ... 8 Ronin (vagabond.cc)
  int8_t clearing = -1;   // the pawn's clearing, -1 in a forest
  int8_t forest = -1;     // the pawn's forest, -1 in a clearing
  SmallVector<VItem, 12> items;
  // Relationship per faction: 0 indifferent, 1, 2, kAllied, or kHostile.
  std::array<int8_t, kNumFactions> relation{};
  std::array<int8_t, kNumFactions> aids{};  // aids given this turn
  // Face-up quests and the quest deck; with two Vagabonds both use the
  // first one's (Law 9.7.2).
  SmallVector<int8_t, 16> quests;      // face up (3)
  SmallVector<int8_t, 16> quest_deck;  // face down, unordered
  SmallVector<int8_t, 16> quests_done;
  std::array<int8_t, kMaxClearings> ruin_item{};  // item + 1 under a ruin
  int8_t battle_ally = kNoFaction;  // ally fighting with him (9.2.9.II.c)
  int8_t ally_lost = 0;             // allied warriors removed as hits
  int8_t damaged_in_battle = 0;
  int8_t coalition = -1;                    // partner seat (9.2.8)
  std::array<int8_t, kNumItems> removed{};  // items removed from the game
  std::array<int8_t, kNumItems> box{};      // items he brought into play
  int8_t scorched = -1;     // Scoundrel's torch in this clearing (26.6.2)
  bool improvised = false;  // Adventurer's Improvise this turn (26.7.2)
  bool protecting = false;  // Arbiter enlisted in this battle (26.5.2)
};

// A hand shown to one seat (Codebreakers). Kept so that seat's observation
// may include it; nobody else's does.
struct Reveal {
  int8_t viewer;
  int8_t target;
  int16_t turn;
  CardList cards;
};

// Scratch for the one battle that can be in progress (Law 4.3).
struct BattleState {
  int8_t clearing = -1;
  int8_t attacker = kNoFaction;
  int8_t defender = kNoFaction;
  int8_t step = 0;
  CardId ambush = kNoCard;
  int8_t roll_hi = 0, roll_lo = 0;
  int8_t att_hits = 0, def_hits = 0;  // hits each side deals
  bool att_armorers = false, def_armorers = false, brutal = false,
       sappers = false;
  // Pending removals, side 0 = attacker's pieces, 1 = defender's.
  std::array<int8_t, 2> hits_left{};
  std::array<int8_t, 2> remove_warriors{};
  std::array<std::array<int8_t, kNumPieces>, 2> remove_pieces{};
  int8_t enemy_pieces_removed_by_attacker = 0;
  // Riverfolk mercenaries taking hits for each side (Law 11.2.7.III.a).
  std::array<int8_t, 2> remove_mercs{};
  // The Vagrant who instigated this battle: he removes the buildings and
  // tokens (Law 26.4.2).
  int8_t instigator = kNoFaction;
  // Extra hits from abilities used after the roll, by the side dealing
  // them (0 attacker; Swift Strike, 26.9.2).
  std::array<int8_t, 2> extra_hits{};
  // Partisans used in this battle, bit per seat (Exiles and Partisans).
  uint8_t partisans = 0;
};

// Why VP changed (events and the VP-ledger property test).
enum VpReason : int8_t {
  kVpBuilding = 0,  // Marquise building track (6.5.4.III)
  kVpRoosts,        // Eyrie roost track (7.6.1)
  kVpItem,          // crafting an item (3.2.2)
  kVpRemoval,       // removing enemy buildings/tokens (3.2.1)
  kVpCard,          // a card's effect (Royal Claim, Stand and Deliver!, ...)
  kVpLeader,        // a leader's ability (Despot)
  kVpTurmoil,       // Eyrie turmoil (7.7.1)
  kVpSympathy,      // Alliance sympathy track (8.4.2.III)
  kVpVagabond,      // Vagabond: relationships, quests, exploring, infamy
  kVpMap,           // the map: removing a closed path, ruling the Pass (25.4)
  // Reasons added by the expansions, each under its own faction's marker.
  // --- VP reasons for the Lizard Cult (Law 10, cult.cc) ---
  kVpRitual,  // the Score ritual (10.5.3)
  // --- VP reasons for the Riverfolk Company (Law 11, riverfolk.cc) ---
  kVpTradePost,  // placing a trade post (11.5.6.III)
  kVpDividends,  // dividends (11.4.2)
  // --- VP reasons for the Underground Duchy (Law 12, duchy.cc) ---
  kVpDuchyCrown,     // swaying a minister (12.5.3.III)
  kVpDuchyMinister,  // a minister's action (Banker, the three lords, 12.5.2)
  // --- VP reasons for the Corvid Conspiracy (Law 13, corvid.cc) ---
  kVpPlot,  // flipping a plot (13.4.2)
  // --- VP reasons for the Lord of the Hundreds (Law 14, hundreds.cc) ---
  kVpHoard,    // a full Hoard track (14.2.4.I)
  kVpOppress,  // Oppress (14.6.2)
  // --- VP reasons for the Keepers in Iron (Law 15, keepers.cc) ---
  kVpRelics,  // Keepers: recovering relics and completing columns (15.5.2.III)
  // --- VP reasons for the second Vagabond and the characters (Law 9.7, 26,
  // vagabond.cc) ---
  // --- VP reasons for the hirelings (Law 22, hirelings.cc) ---
  kVpHireling,  // a hireling's ability (Bluebird Nobles, aiding the Exile)
  kNumVpReasons
};

// Public record of what happened, for bots, spectators and replays. `card`
// is shown only to the seats in `visible_to` (bit per seat); others see the
// event with card = kNoCard.
enum EventKind : uint8_t {
  kEvTurn = 0,   // seat begins turn number `d`
  kEvDraw,       // seat drew a cards (the cards stay private)
  kEvDiscard,    // seat spent or discarded card (public)
  kEvPlace,      // faction placed a pieces of kind b (-1: warriors) in c
  kEvMove,       // faction moved a warriors from b to c
  kEvRemove,     // faction lost a pieces of kind b (-1: warriors) in c
  kEvVp,         // seat's score changed by d for reason a
  kEvBattle,     // faction attacks defender b in clearing c
  kEvDice,       // battle dice: a high, b low
  kEvAmbush,     // seat plays ambush card
  kEvCraft,      // seat crafts card
  kEvDecree,     // card added to Decree column a (Eyrie)
  kEvTurmoil,    // Eyrie fall into turmoil
  kEvLeader,     // Eyrie choose leader a
  kEvDominance,  // seat activates dominance card
  kEvTakeCard,   // seat takes a card from seat a (visible to both)
  kEvReveal,     // seat looks at seat a's hand (Codebreakers)
  kEvGameOver,   // a = EndReason
  kEvPawn,       // the Vagabond's pawn moved to clearing c (-1) / forest d
  kEvFerry,      // the Ferry moved from clearing b to c (Law 25.3.5)
  kEvOpenPath,   // seat removed the closed path a (MapDef index) (25.4.3)
  // Events added by the expansions, each under its own faction's marker.
  // --- Events for the Lizard Cult (Law 10, cult.cc) ---
  // --- Events for the Riverfolk Company (Law 11, riverfolk.cc) ---
  // --- Events for the Underground Duchy (Law 12, duchy.cc) ---
  // Duchy warriors and the Burrow (12.2.2): a warriors; b = 0 moved from
  // clearing c into the Burrow, 1 moved from the Burrow to c, 2 placed
  // from the supply into the Burrow (c = -1).
  kEvBurrow,
  kEvDuchyReveal,  // the Duchy revealed card (public until returned, 12.6.1)
  kEvMinister,     // minister a swayed (b = 1) or returned (b = 0, 12.2.3)
  // --- Events for the Corvid Conspiracy (Law 13, corvid.cc) ---
  kEvPlotFlip,  // the Corvids flip the plot in c face up: it is b (13.4.2)
  kEvPlotSwap,  // the Corvids swap the plots in b and c (13.5.4)
  kEvExposure,  // seat guesses b for the plot in c showing card; a = right
  // --- Events for the Lord of the Hundreds (Law 14, hundreds.cc) ---
  // --- Events for the Keepers in Iron (Law 15, keepers.cc) ---
  // --- Events for the second Vagabond and the characters (Law 9.7, 26,
  // vagabond.cc) ---
  // --- Events for the protocol (issue 13): public changes a bot rebuilds
  // the game from. Most come from public_events.cc, which compares the
  // public parts of the state before and after each decision. ---
  kEvHits,          // battle in c: attacker deals a hits, defender b (4.3.5)
  kEvItem,          // Vagabond `faction`: d items of kind a in state b
                    // (bit 1 exhausted, bit 2 damaged) gained (d<0: lost)
  kEvSeatItem,      // seat's crafted items of kind a changed by d (4.1.2)
  kEvItemSupply,    // the item supply's kind a changed by d
  kEvRelationship,  // Vagabond `faction`'s relationship with faction a is
                    // now b (0 indifferent, 1, 2, 3 allied, -1 hostile)
  kEvQuest,         // quest a: b = 0 now face up, 1 completed by `faction`,
                    // 2 left the face-up quests otherwise
  kEvCoalition,     // Vagabond `faction` formed a coalition with seat a
  kEvSupporters,    // the Alliance now has a supporters (count)
  kEvOfficers,      // the Alliance now has a officers
  kEvHandSize,      // seat now holds a cards
  kEvReshuffle,     // the discard pile became the deck (d cards) (2.1.2)
  kEvRuinItem,      // the ruin in c no longer hides an item (9.5.3)
  kEvCharacter,     // Vagabond `faction` is character a (9.3.1)
  // --- Events for landmarks and the advanced setup (Law 19, 24) ---
  kEvLandmark,  // landmark a set up in clearing c
  kEvDraft,     // seat took faction a's setup card (19.8.3)
  // --- Events for the hirelings (Law 22, hirelings.cc) ---
  // A hireling (a) changed: b = HirelingEventOp (hirelings.h), c = clearing
  // or -1, d = count; seat = the seat concerned.
  kEvHireling,
  kNumEventKinds
};

// kEvTakeCard's b: how the card changed hands (issue 13: Aid, Outrage,
// Stand and Deliver! ... no longer read alike).
enum TakeSource : int8_t {
  kTakeOther = 0,
  kTakeStandAndDeliver,  // random card (Law 4.6 card effect)
  kTakeDominance,        // the available dominance card (3.3.4), a = -1
  kTakeAid,              // the Vagabond's Aid (9.5.4)
  kTakeOutrage,          // Outrage (8.2.6)
  kTakeSteal,            // the Thief's Steal (9.6)
  kTakeRaid,             // a Corvid plot/Exposure (13)
  kTakeService,          // a Riverfolk hand card bought (11.2.7.I)
  kTakeDayLabor,         // the Tinker's Day Labor, from the discard pile
                         // (26.2.2), a = -1
  kNumTakeSources
};

// kEvDiscard's b: where the discarded card came from.
enum DiscardSource : int8_t {
  kDiscardOther = 0,  // a play area, a board, the Decree, ...
  kDiscardHand = 1,   // the hand of `seat`
};

// Machine names for the protocol (labels.cc): "hostile"/"indifferent"/"1"/
// "2"/"allied"; VpReason ("building", "sympathy", ...); TakeSource.
absl::string_view RelationshipName(int level);
absl::string_view VpReasonName(int reason);
absl::string_view TakeSourceName(int source);

struct Event {
  uint8_t kind = 0;
  int8_t seat = -1;
  int8_t faction = kNoFaction;
  int8_t a = -1, b = -1, c = -1;
  int16_t d = 0;
  CardId card = kNoCard;
  uint8_t visible_to = 0xFF;
};

struct Counters {
  int64_t decisions = 0;
  int32_t turns = 0;  // faction turns begun
  int32_t largest_option_list = 0;
};

// ---------------------------------------------------------------------------

class State {
 public:
  // Builds a new match and runs it to its first decision.
  static absl::StatusOr<State> NewGame(const GameSetup& setup, uint64_t seed);
  // The same, substituting recorded chance outcomes (Chance::Substitute).
  static absl::StatusOr<State> NewGame(
      const GameSetup& setup, uint64_t seed,
      std::shared_ptr<const std::vector<ChanceOutcome>> outcomes);

  State(const State&) = default;
  State& operator=(const State&) = default;
  State(State&&) = default;
  State& operator=(State&&) = default;

  // --- Decisions -----------------------------------------------------------
  bool IsTerminal() const { return end_reason_ != kNotOver; }
  const Prompt& prompt() const { return prompt_; }
  const std::vector<Option>& options() const { return options_; }
  int deciding_seat() const { return prompt_.seat; }
  // Chooses options()[index] for `seat`. Out-of-turn or out-of-range
  // choices return an error and leave the state untouched.
  absl::Status Apply(int seat, int index);
  absl::Status Apply(int index) { return Apply(prompt_.seat, index); }

  // Text for the current prompt and an option ("Move 3 warriors from 5
  // (rabbit) to 10 (rabbit)"), and the Law clause the prompt implements.
  std::string PromptText() const;
  absl::string_view PromptLaw() const;
  absl::string_view PromptKey() const;
  std::string OptionLabel(const Option& o) const;
  // Text and machine-readable kind of an event, as `seat` may see it
  // (seat < 0: a spectator, who sees only public cards).
  std::string EventText(const Event& e, int seat) const;
  static absl::string_view EventKindName(int kind);
  static bool EventCardVisible(const Event& e, int seat) {
    return e.card != kNoCard &&
           (e.visible_to == 0xFF || (seat >= 0 && (e.visible_to >> seat & 1)));
  }

  // --- Results -------------------------------------------------------------
  EndReason end_reason() const { return end_reason_; }
  // Winning seats (a coalition may win together); empty unless 30 VP or
  // dominance ended the game.
  const std::vector<int8_t>& winners() const { return winners_; }
  const Counters& counters() const { return counters_; }

  // --- Inspection ----------------------------------------------------------
  const GameDef& def() const { return *def_; }
  const MapDef& map() const { return def_->map; }
  const CardDef& card(CardId id) const { return def_->deck.cards[id]; }
  int num_seats() const { return static_cast<int>(seats_.size()); }
  int current_seat() const { return current_; }
  Phase phase() const { return phase_; }
  int turn() const { return turn_; }
  const SeatState& seat(int s) const { return seats_[s]; }
  int SeatOf(int faction) const { return seat_of_[faction]; }
  const ClearingState& clearing(int c) const { return board_[c]; }
  const CardPile& deck() const { return deck_; }
  const CardPile& discard() const { return discard_; }
  const CardList& available_dominance() const { return available_; }
  const CardList& removed_cards() const { return removed_; }
  const std::array<int8_t, kNumItems>& item_supply() const { return items_; }
  int warrior_supply(int faction) const { return warrior_supply_[faction]; }
  int piece_supply(int piece) const { return piece_supply_[piece]; }
  const std::vector<Reveal>& reveals() const { return reveals_; }
  const MarquiseBoard& marquise() const { return marquise_; }
  const EyrieBoard& eyrie() const { return eyrie_; }
  const AllianceBoard& alliance() const { return alliance_; }
  // The Vagabond's board; `faction` kVagabond2 for the second Vagabond
  // (Law 9.7): each Vagabond seat has its own.
  const VagabondBoard& vagabond(int faction = kVagabond) const {
    return faction == kVagabond2 ? vagabond2_.get() : vagabond_;
  }
  VagabondBoard& mutable_vagabond(int faction = kVagabond) {
    return faction == kVagabond2 ? vagabond2_.mut() : vagabond_;
  }
  // Expansion factions' boards (Law 10-15), one header each.
  const CultBoard& cult() const { return cult_.get(); }
  CultBoard& mutable_cult() { return cult_.mut(); }
  const RiverfolkBoard& riverfolk() const { return riverfolk_; }
  RiverfolkBoard& mutable_riverfolk() { return riverfolk_; }
  const DuchyBoard& duchy() const { return duchy_.get(); }
  DuchyBoard& mutable_duchy() { return duchy_.mut(); }
  const CorvidBoard& corvid() const { return corvid_; }
  CorvidBoard& mutable_corvid() { return corvid_; }
  const HundredsBoard& hundreds() const { return hundreds_; }
  HundredsBoard& mutable_hundreds() { return hundreds_; }
  const KeepersBoard& keepers() const { return keepers_.get(); }
  KeepersBoard& mutable_keepers() { return keepers_.mut(); }
  // The Exiles and Partisans deck's state (exiles_board.h); exiles_deck()
  // is true when the match uses a deck with its effects (Law 20.8.1).
  const ExilesBoard& exiles() const { return exiles_; }
  ExilesBoard& mutable_exiles() { return exiles_; }
  bool exiles_deck() const { return exiles_deck_; }
  // Soup Kitchens (exiles.cc): the faction with it in play, else
  // kNoFaction. A cache of the play areas (not hashed) that rule checks read
  // instead of scanning them, like HasEffect's; whatever changes a play area
  // calls RefreshPlayAreas() (CheckInvariants compares both).
  int soup_kitchens_faction() const { return soup_faction_; }
  void RefreshPlayAreas();
  int SoupKitchensInPlay() const;        // computed from the play areas
  uint32_t ScanEffects(int seat) const;  // HasEffect's, from the play area
  // The hirelings in play (Law 22, 19.6; hirelings.cc).
  const HirelingsBoard& hirelings() const { return hirelings_; }
  HirelingsBoard& mutable_hirelings() { return hirelings_; }

  // The seats that win together with `seat` (a Vagabond's coalition).
  std::vector<int8_t> WinnersWith(int seat) const;
  AllianceBoard& mutable_alliance() { return alliance_; }
  const TaskStack& stack() const { return stack_; }
  TaskStack& mutable_stack() { return stack_; }
  const Chance& chance() const { return chance_; }

  // A 64-bit hash over the whole state (replay and signature checks).
  uint64_t Hash() const;
  // Card and piece conservation; returns the first violation found.
  absl::Status CheckInvariants() const;

  // --- Rules helpers (used by task handlers and faction modules) -----------
  // The faction ruling clearing c, or kNoFaction (Law 2.5): kept by
  // UpdateRule at every change of the clearing unless hooks decide it.
  int Ruler(int c) const {
    return RuleNeedsHooks() ? RulerWithHooks(c) : rule_[c];
  }
  bool Rules(int faction, int c) const { return Ruler(c) == faction; }
  int Presence(int faction, int c) const;  // warriors + buildings
  // Empty building slots (Law 2.2.3; the Elder Treetop adds one, vaults
  // take one each).
  int OpenSlots(int c) const {
    const int treetop = landmarks_.at[kLandmarkElderTreetop] == c ? 1 : 0;
    return def_->map.clearings[c].slots + treetop - built_[c] -
           hirelings_.Vaults(c);
  }
  bool CanPlace(int faction, int c) const;  // placement limits (e.g. Keep)
  // Law 13.7.2, 26.6.2: the clearings (bit per clearing) no piece may move
  // into and those `mover`'s pieces may not leave, by the seated factions'
  // effects (only factions whose module MayBlockMoves are asked).
  void MoveBlocks(int mover, uint32_t& to, uint32_t& from) const;
  // Warriors, buildings, tokens or a pawn of `faction` in clearing c.
  bool HasPieces(int faction, int c) const {
    if (present_[c] >> faction & 1) return true;
    return (pawn_factions_ >> faction & 1) && GetPawnIn(faction, c);
  }
  // Glossary "Enemy" (21.8): any other player not in a coalition with you
  // (the Vagabond and his partner, 9.2.8). By faction.
  bool AreEnemies(int faction_a, int faction_b) const {
    if (faction_a == faction_b) return false;
    if (!InAnyCoalition()) return true;
    // A coalition pairs a Vagabond with one partner (9.2.8).
    auto vagabond = [](int f) { return f == kVagabond || f == kVagabond2; };
    if (!vagabond(faction_a) && !vagabond(faction_b)) return true;
    return AreEnemiesInCoalition(faction_a, faction_b);
  }
  int SuitOf(int c) const { return def_->map.clearings[c].suit; }
  bool CardMatches(CardId id, int suit) const {  // birds are wild (2.1.1)
    const int s = card(id).suit;
    return s == suit || s == kBird;
  }
  // Adjacency by path (Law 2.2.1), less closed paths still on the map
  // (25.4.2): use these, not MapDef's, during play.
  bool Adjacent(int a, int b) const { return AdjacentMask(a) >> b & 1; }
  ClearingMask AdjacentMask(int c) const {
    const ClearingMask printed = def_->map.clearings[c].adjacent;
    return printed | opened_adj_[c];
  }
  // The map's pieces (Law 25): the Ferry's clearing (-1 if none), whether it
  // was used this turn, and which closed paths (bit per MapDef index) were
  // removed, and whether one was removed this turn.
  int ferry() const { return ferry_; }
  bool ferry_used() const { return ferry_used_; }
  void MoveFerry(int to);
  uint8_t opened_paths() const { return opened_paths_; }
  // The closed paths still on the map (bit per MapDef index, 25.4.2).
  uint32_t closed_paths_left() const {
    const auto n = static_cast<uint32_t>(def_->map.closed_paths.size());
    return ((1u << n) - 1) & ~uint32_t{opened_paths_};
  }
  bool path_opened_this_turn() const { return path_opened_this_turn_; }
  void OpenPath(int index);
  // The Tower's clearing (the Pass, Law 25.4.4), -1 if none.
  int tower() const { return tower_; }
  void set_tower(int c) { tower_ = static_cast<int8_t>(c); }
  void set_ferry(int c) { ferry_ = static_cast<int8_t>(c); }
  // Landmarks (Law 24) and the advanced setup's draft (19.8).
  const LandmarksBoard& landmarks() const { return landmarks_; }
  LandmarksBoard& mutable_landmarks() { return landmarks_; }
  // Does clearing c count as `suit`? (The Lost City counts as every suit.)
  bool ClearingIs(int c, int suit) const {
    return SuitOf(c) == suit || landmarks_.at[kLandmarkLostCity] == c;
  }
  // Seats a drafted faction (Law 19.8.3): supplies and seat map.
  void SeatFaction(int seat, int faction);
  // The effects (CardEffect) of the cards in `seat`'s play area: a cache
  // kept by RefreshPlayAreas (not hashed; CheckInvariants compares it).
  bool HasEffect(int seat, int effect) const {
    return effects_in_play_[seat] >> effect & 1;
  }
  uint32_t EffectsInPlay(int seat) const { return effects_in_play_[seat]; }
  CardId FindEffect(int seat, int effect) const {
    if (!HasEffect(seat, effect)) return kNoCard;
    for (CardId id : seats_[seat].play_area) {
      if (card(id).effect == effect) return id;
    }
    return kNoCard;
  }

  void Push(const Task& t) { stack_.push_back(t); }
  Task& top() { return stack_.back(); }
  void Pop() { stack_.pop_back(); }
  void Ask(uint16_t kind, int seat, std::vector<Option> options, int a = -1,
           int b = -1);
  // The common optional step: nothing to choose ends the task (Pop);
  // otherwise asks with a closing Done option.
  void AskWithDoneOrPop(uint16_t kind, int seat, std::vector<Option> options,
                        int a = -1, int b = -1);
  Chance& chance_stream() { return chance_; }

  // Piece manipulation (Law 1.5.1, 1.5.4): limited by the box; each returns how
  // many it actually placed. Removal scores and triggers effects (3.2.1).
  int PlaceWarriors(int faction, int c, int n);
  bool PlacePiece(int piece, int c);
  // The kind events show for `piece` in clearing c (a face-down plot shows
  // as kPlotHidden, Law 13.2.2.I).
  int PublicPiece(int piece, int c) const;
  void MoveWarriors(int faction, int from, int to, int n,
                    int moved_by = kNoFaction);
  // Removes pieces of one faction from one clearing at once, scoring for
  // `remover` (a faction or kNoFaction) and then triggering effects.
  void RemovePieces(int faction, int c, int warriors,
                    const std::array<int8_t, kNumPieces>& pieces, int remover);
  void RemoveWarriors(int faction, int c, int n, int remover);
  // Brackets effects that happen at once (e.g. all hits of a battle): the
  // tasks they trigger are ordered by `chooser` (a seat), by default the
  // current player (Law 1.1.3).
  size_t BeginSimultaneous() const { return stack_.size(); }
  void EndSimultaneous(size_t mark, int chooser = -1);

  // Cards (Law 2.1).
  CardId DrawCard();  // kNoCard if deck and discard are empty
  // Draws n cards; Informants may replace the current player's draws in
  // Evening by a decision (exiles.cc), which DrawCardsNow skips.
  void DrawCards(int seat, int n);
  void DrawCardsNow(int seat, int n);
  void Discard(CardId id);  // to the discard pile, or available (3.3.3)
  // The same, skipping FactionModule::CatchesDiscard: the Lizard Cult
  // discarding its Lost Souls pile (Law 10.4.2).
  void DiscardToPile(CardId id);
  void RemoveFromHand(int seat, CardId id);
  // No-op once dominance is activated (3.3.1).
  void AddVp(int seat, int n, VpReason reason);
  // Appends to the event log when the setup records events.
  void Log(const Event& e) {
    if (record_events_) events_.push_back(e);
  }
  const std::vector<Event>& events() const { return events_; }

  MarquiseBoard& mutable_marquise() { return marquise_; }
  EyrieBoard& mutable_eyrie() { return eyrie_; }
  // (VP may change through it: the next victory check looks.)
  SeatState& mutable_seat(int s) {
    vp_changed_ = true;
    return seats_[s];
  }
  BattleState& battle() { return battle_; }
  const BattleState& battle() const { return battle_; }
  // Crafting pieces activated this turn, by suit (Law 4.1.1: once per turn).
  std::array<int8_t, kNumClearingSuits>& craft_used() { return craft_used_; }
  const std::array<int8_t, kNumClearingSuits>& craft_used() const {
    return craft_used_;
  }
  std::array<int8_t, kNumItems>& mutable_item_supply() { return items_; }
  CardList& mutable_available_dominance() { return available_; }
  CardPile& mutable_discard() { return discard_; }
  CardPile& mutable_deck() { return deck_; }
  std::vector<Reveal>& mutable_reveals() { return reveals_; }
  void set_phase(Phase p) { phase_ = p; }
  void set_piece_supply(int piece, int n) { piece_supply_[piece] = n; }
  // Warriors kept off the map (Alliance officers) leave the supply here.
  void SetWarriorSupply(int faction, int n) { warrior_supply_[faction] = n; }
  // Set when something ends the active player's Daylight early (turmoil).
  bool daylight_closed() const { return daylight_closed_; }
  void close_daylight() { daylight_closed_ = true; }
  void EndGame(EndReason reason, std::vector<int8_t> winners);

  // Test support: a hand-made position. Clears the map, hands, deck and
  // task stack; callers then place pieces and push tasks directly.
  void ClearForScenario();
  void SetWarriors(int faction, int c, int n);
  void SetPieces(int piece, int c, int n);
  void GiveCard(int seat, CardId id);  // from wherever it is
  void SetCurrent(int seat, Phase phase);
  // Runs tasks until the next decision (used after pushing tasks by hand).
  void Run() { Advance(); }
  // Drops every pending task and decision.
  void ResetStack() {
    options_.clear();
    prompt_ = Prompt{};
    stack_.clear();
  }
  // Drops the pending decision and the task that asked it.
  void DropDecision() {
    options_.clear();
    prompt_ = Prompt{};
    if (!stack_.empty()) stack_.pop_back();
  }

 private:
  // SeatFaction less the kept rule's update (NewGame updates it once, after
  // every seat and the ruins).
  void SeatFactionOnly(int seat, int faction);
  friend class Observation;
  State() = default;
  void Advance();
  void Resolve(const Option& o);        // the chosen option, then Advance
  void ResolveLogged(const Option& o);  // the same, logging public changes
  void StartTurn();
  // Law 3.1: checked whenever VP may have changed.
  void CheckScoreVictory() {
    if (vp_changed_ && end_reason_ == kNotOver) CheckScoreVictoryNow();
  }
  void CheckScoreVictoryNow();
  // Either Vagabond (9.2.8, 9.7) in a coalition.
  bool InAnyCoalition() const {
    return (seat_of_[kVagabond] >= 0 && vagabond_.coalition >= 0) ||
           (seat_of_[kVagabond2] >= 0 && vagabond2_.get().coalition >= 0);
  }
  bool AreEnemiesInCoalition(int faction_a, int faction_b) const;
  bool GetPawnIn(int faction, int c) const;  // FactionModule::PawnIn
  // Rule with every hook asked (mercenaries, hirelings, outright rule...).
  int RulerWithHooks(int c) const;
  // Without such hooks rule depends on warriors and buildings only and is
  // kept per clearing in rule_, updated wherever board_ changes.
  // (Of the Exiles and Partisans deck only Soup Kitchens in play changes
  // rule, through Presence; of the Riverfolk only mercenaries, while hired;
  // the Lizard Cult's gardens, Law 10.2.4, are pieces: RuleByPieces.)
  bool RuleNeedsHooks() const {
    return !all_seated_ || hirelings_.InPlay() || MercenariesHired();
  }
  // Law 11.2.7.III: the Riverfolk's warriors rule for the buyer after its
  // Birdsong in the turn it hired them (RiverfolkBoard::MercPresence).
  bool MercenariesHired() const {
    return riverfolk_.mercs_turn == turn_ && phase_ != kPhaseBirdsong &&
           seat_of_[kRiverfolk] >= 0;
  }
  // Only the factions in `present` (bit per faction: warriors, buildings or
  // tokens in c) can rule; RuleByPieces(c) reads present_[c], which must be
  // current.
  int RuleByPieces(int c, uint16_t present) const;
  int RuleByPieces(int c) const { return RuleByPieces(c, present_[c]); }
  // What rule_, present_ and built_ hold for clearing c.
  struct DerivedClearing {
    int8_t rule;
    uint16_t present;
    int8_t built;
  };
  DerivedClearing Derive(int c) const;
  void UpdateRule(int c) {
    const DerivedClearing d = Derive(c);
    rule_[c] = d.rule;
    present_[c] = d.present;
    built_[c] = d.built;
  }
  void UpdateAllRule();
  // After only `faction`'s warriors in c changed (cheaper than UpdateRule).
  void UpdateWarriors(int c, int faction) {
    const uint16_t bit = uint16_t{1} << faction;
    if (board_[c].warriors[faction] > 0 || OwnsPiecesIn(faction, c)) {
      present_[c] |= bit;
    } else {
      present_[c] &= static_cast<uint16_t>(~bit);
    }
    rule_[c] = static_cast<int8_t>(RuleByPieces(c));
  }
  // After `delta` pieces of kind `piece` were added to c: built_ and
  // present_; returns whether rule may have changed (a building).
  bool PieceChanged(int c, int piece, int delta);
  bool OwnsPiecesIn(int faction, int c) const {
    const FactionPieces& own = kPiecesOf[faction];
    for (int i = 0; i < own.count; ++i) {
      if (board_[c].pieces[own.piece[i]] > 0) return true;
    }
    return false;
  }
  // A faction's warriors and buildings in a clearing (Law 2.5).
  static int OwnPresence(int faction, const ClearingState& cl) {
    int n = cl.warriors[faction];
    const FactionBuildings& own = kBuildingsOf[faction];
    for (int i = 0; i < own.count; ++i) n += cl.pieces[own.piece[i]];
    return n;
  }
  // A faction's tokens in a clearing (Soup Kitchens counts them twice for
  // rule, exiles.cc ExilesExtraPresence).
  static int OwnTokens(int faction, const ClearingState& cl) {
    int n = 0;
    const FactionPieces& own = kPiecesOf[faction];
    for (int i = 0; i < own.count; ++i) {
      if (!kPieceInfo[own.piece[i]].building) n += cl.pieces[own.piece[i]];
    }
    return n;
  }
  void ReshuffleIfEmpty();
  // Calls f(board) for each expansion faction's board (Law 10-15).
  template <class F>
  void ForEachExpansionBoard(F&& f) const {
    f(cult_.get());
    f(riverfolk_);
    f(duchy_.get());
    f(corvid_);
    f(hundreds_);
    f(keepers_.get());
    f(exiles_);
    f(landmarks_);
    f(hirelings_);
  }

  std::shared_ptr<const GameDef> def_;
  std::array<ClearingState, kMaxClearings> board_{};
  std::vector<SeatState> seats_;
  std::array<int8_t, kNumFactions> seat_of_{};
  std::array<int8_t, kNumFactions> warrior_supply_{};
  std::array<int8_t, kNumPieces> piece_supply_{};
  std::array<int8_t, kNumItems> items_{};
  CardPile deck_, discard_;
  CardList available_, removed_;
  std::vector<Reveal> reveals_;
  MarquiseBoard marquise_;
  EyrieBoard eyrie_;
  AllianceBoard alliance_;
  VagabondBoard vagabond_;
  Boxed<VagabondBoard> vagabond2_;  // the second Vagabond's (Law 9.7)
  Boxed<CultBoard> cult_;           // unset unless seated (boxed.h)
  RiverfolkBoard riverfolk_;
  Boxed<DuchyBoard> duchy_;  // unset unless seated (boxed.h)
  CorvidBoard corvid_;
  HundredsBoard hundreds_;
  Boxed<KeepersBoard> keepers_;  // unset unless seated (boxed.h)
  ExilesBoard exiles_;
  bool exiles_deck_ = false;
  int8_t soup_faction_ = kNoFaction;
  std::array<uint32_t, kMaxSeats> effects_in_play_{};  // bit per CardEffect
  LandmarksBoard landmarks_;
  HirelingsBoard hirelings_;
  BattleState battle_;
  std::array<int8_t, kNumClearingSuits> craft_used_{};
  TaskStack stack_;
  Prompt prompt_;
  std::vector<Option> options_;
  Chance chance_;
  Counters counters_;
  std::vector<int8_t> winners_;
  int8_t current_ = 0;
  Phase phase_ = kPhaseSetup;
  EndReason end_reason_ = kNotOver;
  bool daylight_closed_ = false;
  int8_t ferry_ = -1;
  int8_t tower_ = -1;
  bool ferry_used_ = false;
  uint8_t opened_paths_ = 0;
  // Derived from opened_paths_ (not hashed): per clearing, the clearings
  // its removed closed paths now reach (Law 25.4.2).
  std::array<ClearingMask, kMaxClearings> opened_adj_{};
  bool path_opened_this_turn_ = false;
  bool record_events_ = false;
  bool outright_rule_ = false;  // a seated faction may RulesOutright (10.2.4)
  bool all_seated_ = false;     // every seat has its faction (19.8.3)
  // Set when VP may have changed since the last victory check (3.1).
  bool vp_changed_ = true;
  std::array<int8_t, kMaxClearings> rule_{};  // RuleByPieces per clearing
  // Also kept by UpdateRule (derived, not hashed): per clearing, a bit per
  // faction with warriors, buildings or tokens there, and the buildings and
  // ruins filling its slots.
  std::array<uint16_t, kMaxClearings> present_{};
  std::array<int8_t, kMaxClearings> built_{};
  uint16_t tie_rulers_ = 0;     // factions whose module RulesTies (7.2.2)
  uint16_t pawn_factions_ = 0;  // factions whose module HasPawn
  // Seated factions whose module MayBlockPlacement / MayBlockMoves.
  uint16_t placement_blockers_ = 0;
  uint16_t move_blockers_ = 0;
  int16_t turn_ = 0;
  std::vector<Event> events_;
  // The card last removed from a hand and whose (so kEvDiscard names the
  // seat); scratch for events only, not part of the game.
  CardId last_from_hand_ = kNoCard;
  int8_t last_from_hand_seat_ = -1;
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_STATE_H_
