// The heuristic bot's plan for a Vagabond (Law 9), either of the two (9.7).
// Against loose opponents the Vagabond scores by what its ready items can
// do where it stands: explore ruins (9.5.3), quest (9.5.5), remove
// unguarded buildings and tokens (4.3.6.II via 9.5.2 / 9.5.6), fight the
// Hostile for Infamy (9.2.9.III.a) and aid allies (9.2.9.II.a). It moves
// toward the clearing where most of that is possible.
#ifndef WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_

#include <vector>

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// This seat's own Vagabond board (with two Vagabonds, Law 9.7, the one whose
// faction is ours; older referees send only `vagabond`).
const v1::VagabondView& MyVagabond(const v1::DecisionRequest& r);

// Our relationship with `f` (Law 9.2.9): -1 Hostile, 0 Indifferent, 1-2
// the Allied track spaces, 3 Allied.
int VagabondRelation(const v1::DecisionRequest& r, v1::Faction f);

// Ready (face up, undamaged) items of a kind.
int ReadyItems(const v1::DecisionRequest& r, const char* item);

// What a Vagabond remembers between its own requests: the ruins it
// explored without taking an item. With two Vagabonds a ruin may hold only
// "R" items it already has (Law 9.7.3), so exploring it again wastes a torch.
class VagabondMemory {
 public:
  // Every request, before scoring: settles the last exploration by the VP
  // it scored (Law 9.5.3).
  void Observe(const v1::DecisionRequest& r);
  // The option chosen for that request.
  void Chose(const v1::DecisionRequest& r, const v1::Option& o);
  bool DeadRuin(int clearing) const;
  // Law 9.2.9.I.a: aids given to `f` this turn that still count toward its
  // next improvement (an improvement uses them up).
  int AidsTowardNext(v1::Faction f) const;

 private:
  int explored_at_ = 0;  // clearing of an exploration not yet settled
  int vp_before_ = 0;
  std::vector<int> dead_;
  int aids_[16] = {};   // by faction, this turn, since its last improvement
  int level_[16] = {};  // relationship seen at the last request
};

// Law 9.2.9.I.a: would the aids we can still give here this turn (cards
// of the clearing's suit or birds, ready items) complete `f`'s next
// improvement?
bool VagabondAidPays(const v1::DecisionRequest& r, v1::Faction f,
                     const VagabondMemory& m);

// Law 9.5.5: what completing a face-up quest of `suit` is worth now: one VP
// per completed quest of the suit, this one included, when its two items
// are ready (face up, undamaged); 0.2 for one whose items are not ready; 0
// without a quest of that suit.
double QuestValue(const v1::DecisionRequest& r, v1::Suit suit);

// What the Vagabond could score in clearing `id` with its ready items, in
// rough VP (0: nothing to do there); `m` (may be null) rules out ruins it
// could not take from.
double VagabondClearingValue(const v1::DecisionRequest& r, int id,
                             const VagabondMemory* m = nullptr);

// What battling the Riverfolk's trade post in `c` is worth (0: no post or
// too few swords to take it this turn, one battle per ready sword, 9.5.2):
// TradePostWorth times the chance to take it.
double VagabondPostAttack(const v1::DecisionRequest& r,
                          const v1::ClearingView& c);

// Law 3.3.1: what an option does against an opponent's activated
// dominance: battling, striking or moving where the Vagabond can break its
// rule of a clearing that would otherwise win it the game at its next
// Birdsong. Added to every Vagabond option's score (policy.cc).
double VagabondDominanceDefense(const v1::DecisionRequest& r,
                                const v1::Option& o);

// Scores an option of a Vagabond prompt this plan decides (move, strike,
// aid card, refresh, item limit, hits, exploring); returns false for
// anything else.
bool VagabondPlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                       double* score, const VagabondMemory* m = nullptr);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_
