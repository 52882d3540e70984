// The heuristic's plan for the Riverfolk Company (Law 11), and how other
// factions use the Riverfolk's services. Recognisable plan: set cheap
// riverboats and dearer cards and mercenaries, hoard funds for dividends,
// spend the ruler's funds on trade posts, craft with committed funds, keep a
// few warriors on the river and never fight for nothing.
#ifndef WOODLAND_BOTS_HEURISTIC_RIVERFOLK_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_RIVERFOLK_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` if the prompt belongs to the Riverfolk's plan (their own
// decisions, or another faction buying services); returns false otherwise.
bool RiverfolkScore(const v1::DecisionRequest& r, const v1::Option& o,
                    double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_RIVERFOLK_PLAN_H_
