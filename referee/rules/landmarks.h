// Landmarks (Law 24) and their setup (Law 19.5): the Tower, the Ferry, the
// Lost City, the Legendary Forge, the Black Market and the Elder Treetop, on
// any map. Each landmark's card gives its setup restriction and its rule;
// the Law prints neither, so they follow the cards as the reference facts
// record them (docs/rules-decisions.md lists each choice).
//
// The core calls these at the points the cards name; with no landmark in
// play each does nothing, so standard tables keep their hashes.
#ifndef WOODLAND_REFEREE_RULES_LANDMARKS_H_
#define WOODLAND_REFEREE_RULES_LANDMARKS_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "referee/rules/state.h"

namespace woodland::rules {

absl::string_view LandmarkKey(int landmark);  // "lost_city", ...
int ParseLandmark(absl::string_view key);     // -1 if unknown

// Reads "lost_city,forge@7,random" (clearing numbers 1-based; "random" deals
// a landmark card, Law 19.5.2) into setup.landmarks.
absl::Status ParseLandmarksFlag(absl::string_view text, GameSetup& setup);
// "lost_city,forge@7" for a setup (the inverse of the parser).
std::string LandmarksFlag(const GameSetup& setup);

// Checks setup.landmarks against the map and the number of seats.
absl::Status ValidateLandmarks(const GameSetup& setup, const MapDef& map,
                               int seats);

// May `landmark` be set up in clearing c now (its card's restriction: no
// landmark there, none adjacent, and the clearing kind it names)?
bool CanSetUpLandmark(const State& s, int landmark, int c);
// Sets `landmark` up in c: the piece, and the Forge's items or the Black
// Market's cards (Law 24, the card's setup).
void SetUpLandmark(State& s, int landmark, int c);
// Law 19.5: deals the "random" landmarks (chance stream), sets up those with
// a clearing, and pushes a task for each other one: the last player in turn
// order sets up the first, the second-to-last the second (19.5.3).
void PushLandmarksSetup(State& s);

// Legendary Forge: may `seat` take `item` from the Forge's card (it holds
// one and the seat's faction has a piece in the Forge's clearing)?
bool ForgeOffers(const State& s, int seat, int item);
// Crafting `item` from the Forge: the item goes to the supply for the
// crafter's normal take; then ForgeCrafted scores 1 VP and draws a card.
void TakeFromForge(State& s, int item);
void ForgeCrafted(State& s, int seat);

// Black Market: Daylight swap of a hand card for a face-down card.
void AppendLandmarkExtras(const State& s, int seat, std::vector<Option>& opts);
void ResolveBlackMarket(State& s, int seat, const Option& o);

// Elder Treetop: building slots a landmark adds to clearing c.
int LandmarkSlots(const State& s, int c);
// Elder Treetop: does its slot in c hold a building? Slots are not told
// apart, so it does when every slot of c (its own too) is filled; an enemy
// removing a building there then scores one more VP (its card).
bool TreetopSlotFilled(const State& s, int c);

void RegisterLandmarks();

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_LANDMARKS_H_
