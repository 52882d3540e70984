// The heuristic's plan for the Corvid Conspiracy (Law 13), and how any
// faction answers the Corvids' Exposure (13.2.4).
//
// Plan: spread thin warriors by recruiting in Birdsong, spend Daylight
// placing plots where few enemies could expose them (bombs and extortions
// next to enemy pieces, raids where many clearings border, snares on enemy
// routes), flip every plot that has a warrior beside it (VP grow with the
// face-up plots; bombs last, as a flipped bomb leaves the map), move a
// warrior onto each face-down plot that has none (13.4.2), and exert only
// to plot once more.
#ifndef WOODLAND_BOTS_HEURISTIC_CORVID_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_CORVID_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` if the prompt belongs to the Corvids' turn or to an
// Exposure; returns false (leaving *score alone) otherwise.
bool CorvidScore(const v1::DecisionRequest& r, const v1::Option& o,
                 double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_CORVID_PLAN_H_
