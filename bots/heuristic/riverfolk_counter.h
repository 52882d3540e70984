// Playing against the Riverfolk Company (Law 11), shared by the heuristic's
// plans: while any trade post stands the Riverfolk score a VP per two funds
// every Birdsong (11.4.2), and a removed post halves their funds and is gone
// for good (11.2.5.I), so even a random Riverfolk living on the warriors the
// other players pay it wins many games. These helpers read the request's
// observation only; TradePostWorth and StepsToTradePost are in
// request_view.h.
#ifndef WOODLAND_BOTS_HEURISTIC_RIVERFOLK_COUNTER_H_
#define WOODLAND_BOTS_HEURISTIC_RIVERFOLK_COUNTER_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Trade posts on the map (Law 11.2.5).
int TradePostsOnMap(const v1::DecisionRequest& r);

// What taking a post is worth to us now (0 when we are the Riverfolk or no
// post stands): TradePostWorth, more the nearer the Riverfolk are to 30 VP.
double PostUrgency(const v1::DecisionRequest& r);

// Would `n` more of our warriors in `c` (with ours already there) outnumber
// the guards of a trade post there (Law 11.2.5.I: hits take the warriors
// first, then the post)? False where no post stands.
bool TakesPost(const v1::DecisionRequest& r, const v1::ClearingView* c, int n);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_RIVERFOLK_COUNTER_H_
