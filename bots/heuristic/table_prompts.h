// Heuristic answers to the table's own prompts (issue 12): the advanced
// setup's draft of faction setup cards (Law 19.8.3) and starting hands
// (19.10), where a landmark is set up (19.5.3), and the Exiles and Partisans
// deck's cards (20.8.1). Each answer is a simple value read from the
// request alone (the seat's own observation and the options' payloads).
#ifndef WOODLAND_BOTS_HEURISTIC_TABLE_PROMPTS_H_
#define WOODLAND_BOTS_HEURISTIC_TABLE_PROMPTS_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` of a table prompt into *out (higher is better) and
// returns true; false for any other prompt.
bool TablePromptScore(const v1::DecisionRequest& r, const v1::Option& o,
                      double* out);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_TABLE_PROMPTS_H_
