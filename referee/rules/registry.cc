#include <array>
#include <cstdlib>

#include "referee/rules/check.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

std::array<PromptInfo, 512>& Prompts() {
  static std::array<PromptInfo, 512> p{};
  return p;
}

// A seat whose faction is not drafted yet (Law 19.8.3): every hook keeps
// the general rule and the seat has no pieces.
class UndraftedSeat : public FactionModule {
 public:
  int faction() const override { return kNoFaction; }
  int warriors() const override { return 0; }
  void PushSetup(State&, int) const override {}
  void PushBirdsong(State&, int) const override {}
  void PushDaylight(State&, int) const override {}
  void PushEvening(State&, int) const override {}
};
const UndraftedSeat kUndrafted{};

}  // namespace

// Index 0: a seat whose faction is not drafted yet.
std::array<const FactionModule*, kNumFactions + 1> g_factions = {&kUndrafted};
std::array<TaskHandler, 256> g_tasks{};

void RegisterFaction(const FactionModule* module) {
  g_factions[module->faction() + 1] = module;
}

void RegisterTask(int kind, TaskHandler handler) { g_tasks[kind] = handler; }

void NoTaskHandler(int kind) {
  CHECK(false) << "no handler for task kind " << kind;
  std::abort();
}

const PromptInfo& GetPromptInfo(int kind) { return Prompts()[kind]; }
void RegisterPrompt(int kind, PromptInfo info) { Prompts()[kind] = info; }

void RegisterCoreTasks();
void RegisterMarquise();
void RegisterEyrie();
void RegisterAlliance();
void RegisterVagabond();
void RegisterCult();
void RegisterRiverfolk();
void RegisterDuchy();
void RegisterCorvid();
void RegisterHundreds();
void RegisterKeepers();
void RegisterLandmarks();
void RegisterAdvancedSetup();
void RegisterHirelings();

void RegisterAll() {
  static const bool done = [] {
    RegisterCoreTasks();
    RegisterMarquise();
    RegisterEyrie();
    RegisterAlliance();
    RegisterVagabond();
    RegisterCult();
    RegisterRiverfolk();
    RegisterDuchy();
    RegisterCorvid();
    RegisterHundreds();
    RegisterKeepers();
    RegisterLandmarks();
    RegisterAdvancedSetup();
    RegisterHirelings();
    return true;
  }();
  (void)done;
}

}  // namespace woodland::rules
