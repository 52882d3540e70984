// Scenario tests for the Marquise de Cat (Law 6).
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Mq() { return GetFaction(kMarquise); }

TEST(
    Marquise,
    Law_6_3_SetupKeepGarrisonBuildings_And_7_3_2_EyrieOpposite_And_7_3_3_Leader) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 11);
  ASSERT_TRUE(st.ok());
  Scenario sc;
  sc.state = std::make_unique<State>(*std::move(st));
  State& s = sc.s();
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"1 (fox)", "2 (mouse)", "3 (rabbit)",
                                      "4 (rabbit)"}));
  sc.Choose("1 (fox)");
  // Law 6.3.3: a warrior everywhere but the opposite corner.
  for (int c = 1; c <= 12; ++c) {
    EXPECT_EQ(s.clearing(C(c)).warriors[kMarquise], c == 3 ? 0 : 1) << c;
  }
  EXPECT_EQ(s.clearing(C(1)).pieces[kKeep], 1);
  // Law 6.3.4: buildings in the keep clearing or next to it (10 has a ruin
  // in one of its two slots).
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"1 (fox)", "5 (rabbit)", "9 (mouse)",
                                      "10 (rabbit)"}));
  sc.Choose("1 (fox)");
  EXPECT_FALSE(sc.Offers("1 (fox)")) << "clearing 1 has one slot";
  sc.Choose("5 (rabbit)");
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWorkshop], 1);
  EXPECT_EQ(s.clearing(C(10)).pieces[kRecruiter], 1);
  // Law 7.3.2: the Eyrie start in the corner opposite the keep (no choice).
  EXPECT_EQ(s.clearing(C(3)).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(C(3)).warriors[kEyrie], 6);
  EXPECT_EQ(sc.Key(), "eyrie.leader");
  sc.Choose("Commander");
  EXPECT_EQ(s.eyrie().viziers, (std::array<int8_t, 4>{0, 1, 1, 0}));
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Marquise, Law_6_2_2_OnlyTheMarquisePlacesInTheKeepClearing) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);
  EXPECT_FALSE(s.CanPlace(kEyrie, C(1)));
  EXPECT_TRUE(s.CanPlace(kMarquise, C(1)));
  EXPECT_TRUE(s.CanPlace(kEyrie, C(2)));
}

TEST(Marquise, Law_6_2_2_ARemovedKeepLeavesTheGame) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 2);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kEyrie, kMarquise); });
  EXPECT_TRUE(s.marquise().keep_removed);
  EXPECT_EQ(s.piece_supply(kKeep), 0);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_TRUE(s.CanPlace(kEyrie, C(1)));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Marquise, Law_6_2_3_FieldHospitalsReturnRemovedWarriorsToTheKeep) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 3);
  const CardId card = sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "Anvil", kFox);  // does not match clearing 5
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  EXPECT_EQ(sc.Key(), "marquise.field_hospitals");
  EXPECT_EQ(s.deciding_seat(), 0) << "the Marquise decides on the Eyrie's turn";
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Bake Sale (rabbit)", "Done"}));
  sc.Choose("Bake Sale (rabbit)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.discard().back(), card);
}

TEST(Marquise, Law_1_5_4_KeepRemovedWithTheWarriorsLeavesNoFieldHospitals) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 3);
  sc.Give(0, "Anvil", kFox);  // would pay for Field Hospitals in clearing 1
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kEyrie, kMarquise); });
  // Two hits remove the warrior and the keep together; the removal is
  // complete before Field Hospitals could trigger, and by then no keep is
  // left to return warriors to.
  EXPECT_NE(sc.Key(), "marquise.field_hospitals");
  EXPECT_TRUE(s.marquise().keep_removed);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 0);
  EXPECT_EQ(s.seat(0).hand.size(), 1u) << "the Anvil is not spent";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Marquise, Law_6_4_WoodAtEachSawmill) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kSawmill, C(1), 1);
  s.SetPieces(kSawmill, C(5), 2);
  sc.Start([](State& s) { Mq()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 2);
}

TEST(Marquise, Law_1_5_4_And_6_4_ShortOfWoodTheMarquiseChoosesWhere) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kSawmill, C(1), 1);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWood, C(9), 7);  // one wood left in supply
  sc.Start([](State& s) { Mq()->PushBirdsong(s, 0); });
  EXPECT_EQ(sc.Key(), "marquise.birdsong.wood");
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 1);
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 0);
}

TEST(Marquise, Law_6_5_3_RecruitOncePerTurn) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kRecruiter, C(1), 1);
  s.SetPieces(kRecruiter, C(5), 1);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Recruit (a warrior at each recruiter)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.marquise().actions, 2);
  EXPECT_FALSE(sc.Offers("Recruit (a warrior at each recruiter)"));
}

TEST(Marquise, Law_6_5_4_II_WoodComesThroughRuledClearingsOnly) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kSawmill, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetWarriors(kMarquise, C(2), 1);
  s.SetPieces(kWood, C(2), 1);
  s.SetWarriors(kEyrie, C(9), 1);
  s.SetPieces(kWood, C(9), 1);  // not ruled: out of reach
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Build");
  sc.Choose("sawmill");
  EXPECT_TRUE(sc.Offers("1 (fox)"));
  EXPECT_FALSE(sc.Offers("9 (mouse)"));
  sc.Choose("1 (fox)");
  // Law 6.5.4.III: the second sawmill costs 1 wood and scores 1.
  EXPECT_EQ(s.clearing(C(1)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(2)).pieces[kWood], 0);
  EXPECT_EQ(s.clearing(C(9)).pieces[kWood], 1);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.marquise().placed[0], 2);
}

TEST(Marquise, Law_6_5_4_II_TheMarquiseChoosesWhichWoodPays) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kWood, C(1), 1);
  s.SetPieces(kWood, C(5), 1);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Build");
  sc.Choose("workshop");
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(sc.Key(), "marquise.build.wood");
  sc.Choose("1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 1);
  EXPECT_EQ(s.seat(0).vp, 2);  // second workshop: 2 VP
}

TEST(Marquise, Law_6_5_5_OverworkSpendsAMatchingCard) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kSawmill, C(1), 1);
  const CardId fox = sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Overwork");
  // One sawmill, one matching card: nothing more to ask.
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 1);
  EXPECT_EQ(s.discard().back(), fox);
}

TEST(Marquise, Law_6_5_BirdCardsBuyActionsAfterTheFirstThree) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 2);
  const CardId bird = sc.Give(0, "Sappers", kBird);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(sc.Offers("Spend a bird card for another action"));
    sc.Choose("March (up to two moves)");
    sc.Choose(i % 2 == 0 ? "Move from 1 (fox) to 5 (rabbit)"
                         : "Move from 5 (rabbit) to 1 (fox)");
    sc.Choose(i % 2 == 0 ? "Move 2 warriors from 1 (fox) to 5 (rabbit)"
                         : "Move 2 warriors from 5 (rabbit) to 1 (fox)");
    sc.Choose("Done");
  }
  EXPECT_EQ(s.marquise().actions, 0);
  sc.Choose("Spend a bird card for another action");
  EXPECT_EQ(s.marquise().actions, 1);
  EXPECT_EQ(s.discard().back(), bird);
}

TEST(Marquise, Law_6_6_DrawBonusesAndHandLimit) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kRecruiter, C(1), 1);
  s.SetPieces(kRecruiter, C(5), 1);
  s.SetPieces(kRecruiter, C(9), 1);
  for (int i = 0; i < 4; ++i) s.DrawCards(0, 1);
  sc.Start([](State& s) { Mq()->PushEvening(s, 0); });
  // 4 + 1 + 1 (third recruiter) = 6 cards: discard one down to 5.
  EXPECT_EQ(sc.Key(), "discard.hand_limit");
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.seat(0).hand.size(), 5u);
  EXPECT_TRUE(sc.Paused());
}

TEST(Marquise, Law_6_5_4_I_BuildClearingChoiceCitesChooseClearing) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kSawmill, C(9), 1);  // the first sawmill: the next costs 1
  s.SetWarriors(kMarquise, C(9), 1);
  s.SetPieces(kWood, C(9), 2);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Build");
  sc.Choose("sawmill");
  ASSERT_EQ(sc.Key(), "marquise.build.clearing");
  EXPECT_EQ(s.PromptLaw(), "6.5.4.I");
}

TEST(Marquise, Law_6_5_1_BattleActionNeedsATarget) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  EXPECT_FALSE(sc.Offers("Battle"));
  Scenario sc2;
  sc2.s().SetWarriors(kMarquise, C(1), 2);
  sc2.s().SetWarriors(kEyrie, C(1), 1);
  sc2.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  EXPECT_TRUE(sc2.Offers("Battle"));
  sc2.Choose("Battle");
  EXPECT_EQ(sc2.s().marquise().actions, 2) << "one target: the battle ran";
}

// --- Table-driven checks against the Law and the Marquise board ------------

// The buildings tracks (factions.yaml building_tracks): element k = the
// (k+1)-th building of its type on the map; the first is the free one.
constexpr int kLawWoodCost[6] = {0, 1, 2, 3, 3, 4};  // same for all three
constexpr int kLawBuildVp[3][6] = {
    {0, 1, 2, 3, 4, 5},  // sawmill
    {0, 2, 2, 3, 4, 5},  // workshop
    {0, 1, 2, 3, 3, 4},  // recruiter
};
const char* const kBuildingNames[3] = {"sawmill", "workshop", "recruiter"};
// Slots for the buildings already on the map, away from clearing 5.
constexpr int kElsewhere[6] = {7, 7, 8, 8, 11, 11};

void PlaceElsewhere(State& s, int piece, int n) {
  for (int i = 0; i < n; ++i) {
    const int c = C(kElsewhere[i]);
    s.SetPieces(piece, c, s.clearing(c).pieces[piece] + 1);
  }
}

// The Marquise has `placed` buildings of `type` elsewhere and rules clearing
// 5 (two open slots) with `wood` wood in it; she takes the Build action if
// it is offered.
struct BuildPosition {
  Scenario sc;
  bool build_offered = false;
  BuildPosition(int type, int placed, int wood) {
    State& s = sc.s();
    PlaceElsewhere(s, kSawmill + type, placed);
    s.SetWarriors(kMarquise, C(5), 1);
    s.SetPieces(kWood, C(5), wood);
    sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
    build_offered = sc.Offers("Build");
    if (build_offered) sc.Choose("Build");
  }
  // Whether this building type can be chosen (asked, or the only one).
  bool TypeOffered(int type) {
    if (sc.Key() == "marquise.build.type")
      return sc.Offers(kBuildingNames[type]);
    return build_offered && sc.s().marquise().build_type == type;
  }
};

TEST(Marquise, Law_6_5_4_BuildingTracksCostAndVpAtEveryIndex) {
  for (int type = 0; type < 3; ++type) {
    for (int placed = 0; placed < 6; ++placed) {
      const int cost = kLawWoodCost[placed];
      const std::string what =
          absl::StrCat(kBuildingNames[type], " #", placed + 1);
      BuildPosition p(type, placed, cost);
      ASSERT_TRUE(p.TypeOffered(type)) << what;
      State& s = p.sc.s();
      if (p.sc.Key() == "marquise.build.type")
        p.sc.Choose(kBuildingNames[type]);
      if (p.sc.Key() == "marquise.build.clearing") p.sc.Choose("5 (rabbit)");
      // 6.5.4.II: the cost in wood; 6.5.4.III: the VP of the space uncovered.
      EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill + type], 1) << what;
      EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 0) << what;
      EXPECT_EQ(s.seat(0).vp, kLawBuildVp[type][placed]) << what;
      if (cost == 0) continue;
      BuildPosition short_of_wood(type, placed, cost - 1);
      EXPECT_FALSE(short_of_wood.TypeOffered(type)) << what << ", 1 wood short";
    }
  }
}

TEST(Marquise, Law_6_5_4_I_NoBuildingLeftOnTheTrack) {
  for (int type = 0; type < 3; ++type) {
    Scenario sc;
    State& s = sc.s();
    PlaceElsewhere(s, kSawmill + type, 6);
    s.SetWarriors(kMarquise, C(5), 1);
    s.SetPieces(kWood, C(5), 8);
    sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
    sc.Choose("Build");
    if (sc.Key() == "marquise.build.type") {
      EXPECT_FALSE(sc.Offers(kBuildingNames[type])) << kBuildingNames[type];
    } else {
      EXPECT_NE(s.marquise().build_type, type) << kBuildingNames[type];
    }
  }
}

TEST(Marquise, Law_6_6_RecruiterDrawBonusesAtEveryIndex) {
  // One card plus the draw bonuses uncovered by the 3rd and 5th recruiter.
  constexpr int kDraw[7] = {1, 1, 1, 2, 2, 3, 3};
  for (int recruiters = 0; recruiters <= 6; ++recruiters) {
    Scenario sc;
    State& s = sc.s();
    PlaceElsewhere(s, kRecruiter, recruiters);
    sc.Start([](State& s) { Mq()->PushEvening(s, 0); });
    EXPECT_EQ(static_cast<int>(s.seat(0).hand.size()), kDraw[recruiters])
        << recruiters << " recruiters";
    EXPECT_TRUE(sc.Paused());
  }
}

TEST(Marquise, Law_6_6_HandLimitIsFive) {
  for (int hand : {3, 4, 5, 6, 9}) {
    Scenario sc;
    State& s = sc.s();
    s.DrawCards(0, hand);
    sc.Start([](State& s) { Mq()->PushEvening(s, 0); });
    int discards = 0;
    while (sc.Key() == "discard.hand_limit") {
      ASSERT_TRUE(s.Apply(0).ok());
      ++discards;
    }
    EXPECT_TRUE(sc.Paused());
    EXPECT_EQ(static_cast<int>(s.seat(0).hand.size()), std::min(hand + 1, 5));
    EXPECT_EQ(discards, std::max(hand + 1 - 5, 0));
  }
}

// One card of each suit (2.1.1: a bird is wild).
const std::pair<const char*, int> kOneOfEachSuit[] = {{"Anvil", kFox},
                                                      {"Bake Sale", kRabbit},
                                                      {"Sword", kMouse},
                                                      {"Sappers", kBird}};

TEST(Marquise, Law_6_5_5_OverworkNeedsACardMatchingTheSawmill) {
  for (const auto& [name, suit] : kOneOfEachSuit) {
    Scenario sc;
    State& s = sc.s();
    s.SetPieces(kSawmill, C(1), 1);  // fox
    sc.Give(0, name, suit);
    sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
    if (sc.Key() == "craft") sc.Choose("Done");
    const bool matches = suit == kFox || suit == kBird;
    EXPECT_EQ(sc.Offers("Overwork"), matches) << name;
    if (!matches) continue;
    sc.Choose("Overwork");
    EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 1) << name;
    EXPECT_TRUE(s.seat(0).hand.empty()) << name;
  }
}

TEST(Marquise, Law_6_2_3_FieldHospitalsNeedACardMatchingTheClearing) {
  for (const auto& [name, suit] : kOneOfEachSuit) {
    Scenario sc;
    State& s = sc.s();
    s.SetCurrent(1, kPhaseDaylight);
    s.SetPieces(kKeep, C(1), 1);
    s.SetWarriors(kMarquise, C(5), 2);  // rabbit
    s.SetWarriors(kEyrie, C(5), 3);
    sc.Give(0, name, suit);
    sc.Dice({3, 0});
    sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
    const bool matches = suit == kRabbit || suit == kBird;
    EXPECT_EQ(sc.Key() == "marquise.field_hospitals", matches) << name;
    if (!matches) continue;
    sc.Choose(absl::StrCat(name, " (", SuitName(suit), ")"));
    EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2) << name;
  }
}

TEST(Marquise, Law_6_5_OnlyBirdCardsBuyExtraActionsOnePerCard) {
  for (int birds = 0; birds <= 2; ++birds) {
    Scenario sc;
    State& s = sc.s();
    s.SetWarriors(kMarquise, C(1), 1);
    sc.Give(0, "Anvil", kFox);
    sc.Give(0, "Bake Sale", kRabbit);
    if (birds >= 1) sc.Give(0, "Sappers", kBird);
    if (birds >= 2) sc.Give(0, "Armorers", kBird);
    sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
    int actions = 0, spent = 0;
    for (int guard = 0; guard < 20; ++guard) {
      if (sc.Key() == "craft") {
        sc.Choose("Done");
      } else if (sc.Key() == "marquise.spend_bird" ||
                 sc.Key() == "move.count") {
        ASSERT_TRUE(s.Apply(0).ok());
      } else if (sc.Key() == "move") {
        sc.Choose(sc.Offers("Done") ? "Done" : sc.Labels()[0]);
      } else if (sc.Offers("Spend a bird card for another action")) {
        sc.Choose("Spend a bird card for another action");
        ++spent;
      } else if (sc.Offers("March (up to two moves)")) {
        sc.Choose("March (up to two moves)");
        ++actions;
      } else {
        break;
      }
    }
    EXPECT_EQ(actions, 3 + birds) << birds << " bird cards";
    EXPECT_EQ(spent, birds) << "only bird cards can be spent";
    EXPECT_EQ(s.seat(0).hand.size(), 2u) << "the fox and rabbit cards stay";
  }
}

TEST(Marquise, Law_6_5_3_RecruitPlacesOneAtEachRecruiterOncePerTurn) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kRecruiter, C(1), 1);
  s.SetPieces(kRecruiter, C(7), 2);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Recruit (a warrior at each recruiter)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(7)).warriors[kMarquise], 2);
  EXPECT_EQ(s.marquise().actions, 2);
  EXPECT_FALSE(sc.Offers("Recruit (a warrior at each recruiter)"));
  sc.Choose("March (up to two moves)");
  while (sc.Key() == "move" || sc.Key() == "move.count") {
    if (sc.Offers("Done")) {
      sc.Choose("Done");
    } else {
      ASSERT_TRUE(s.Apply(0).ok());
    }
  }
  EXPECT_EQ(s.marquise().actions, 1);
  EXPECT_FALSE(sc.Offers("Recruit (a warrior at each recruiter)"));
}

// Law 6.5.5 and 6.2.3 with the Lost City (Law 24): its clearing counts as
// every suit, so any card matches a sawmill or removed warriors there.
TEST(Marquise, Law_6_5_5_OverworkInTheLostCityTakesAnyCard) {
  Scenario sc;
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetPieces(kSawmill, C(10), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  if (sc.Key() == "craft") sc.Choose("Done");
  ASSERT_TRUE(sc.Offers("Overwork"));
  sc.Choose("Overwork");
  EXPECT_EQ(s.clearing(C(10)).pieces[kWood], 1);
  EXPECT_TRUE(s.seat(0).hand.empty());
}

TEST(Marquise, Law_6_2_3_FieldHospitalsInTheLostCityTakeAnyCard) {
  Scenario sc;
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kMarquise, C(10), 2);
  s.SetWarriors(kEyrie, C(10), 3);
  sc.Give(0, "Anvil", kFox);
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(10), kEyrie, kMarquise); });
  ASSERT_EQ(sc.Key(), "marquise.field_hospitals");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
}

// --- Audit marq25: interactions with other factions' pieces and cards ----

Scenario ExilesTable() {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.deck = "exiles";
  return Scenario(setup, 7);
}

// A face-up snare (Law 13.7.2) in clearing c: no Marquise piece may be
// placed there.
void Snare(State& s, int c) {
  s.SetPieces(kPlotSnare, c, 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << c);
}

// Law 6.2.3: Field Hospitals places "those warriors" in the keep clearing
// instead of the supply; with Coffin Makers in play they lay on the card
// and must come from there, not from the supply.
TEST(Marquise, Law_6_2_3_FieldHospitalsTakesTheWarriorsBackFromCoffinMakers) {
  Scenario sc = ExilesTable();
  State& s = sc.s();
  sc.Craft(1, "Coffin Makers");
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 3);
  const int supply = s.warrior_supply(kMarquise);
  sc.Give(0, "Crossbow", kBird);
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  ASSERT_EQ(sc.Key(), "marquise.field_hospitals");
  EXPECT_EQ(s.exiles().coffins[kMarquise], 2) << "removed onto the card";
  sc.Choose("Crossbow (bird)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
  EXPECT_EQ(s.exiles().coffins[kMarquise], 0) << "those warriors, healed";
  EXPECT_EQ(s.warrior_supply(kMarquise), supply) << "none from the supply";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 6.4 with 1.5.4 and 13.7.2: wood cannot go to a snared sawmill, so one
// wood left goes to the other sawmill (the maximum possible), unasked.
TEST(Marquise, Law_6_4_And_13_7_2_ShortOfWoodASnaredSawmillTakesNone) {
  Scenario sc({kMarquise, kCorvid});
  State& s = sc.s();
  s.SetPieces(kSawmill, C(1), 1);
  s.SetPieces(kSawmill, C(5), 1);
  Snare(s, C(5));
  s.SetPieces(kWood, C(9), 7);  // one wood left in supply
  sc.Start([](State& s) { Mq()->PushBirdsong(s, 0); });
  EXPECT_NE(sc.Key(), "marquise.birdsong.wood") << "no choice to make";
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 0);
  EXPECT_EQ(s.piece_supply(kWood), 0);
}

// Law 6.5.3 with 1.5.4 and 13.7.2: likewise for recruiting.
TEST(Marquise, Law_6_5_3_And_13_7_2_ShortOfWarriorsASnaredRecruiterTakesNone) {
  Scenario sc({kMarquise, kCorvid});
  State& s = sc.s();
  s.SetPieces(kRecruiter, C(1), 1);
  s.SetPieces(kRecruiter, C(5), 1);
  Snare(s, C(5));
  s.SetWarriors(kMarquise, C(9), s.warrior_supply(kMarquise) - 1);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  sc.Choose("Recruit (a warrior at each recruiter)");
  EXPECT_NE(sc.Key(), "marquise.recruit") << "no choice to make";
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.warrior_supply(kMarquise), 0);
}

// Law 6.5.5, 6.5.3 with 13.7.2 (docs/rules-decisions.md): nothing can be
// placed at a snared sawmill or recruiter, so neither Overwork there nor a
// Recruit with only snared recruiters is offered (it would do nothing).
TEST(Marquise, Law_6_5_5_And_6_5_3_And_13_7_2_NoOverworkOrRecruitUnderASnare) {
  Scenario sc({kMarquise, kCorvid});
  State& s = sc.s();
  s.SetPieces(kSawmill, C(1), 1);  // fox
  s.SetPieces(kRecruiter, C(5), 1);
  Snare(s, C(1));
  Snare(s, C(5));
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  if (sc.Key() == "craft") sc.Choose("Done");
  EXPECT_FALSE(sc.Offers("Overwork"));
  EXPECT_FALSE(sc.Offers("Recruit (a warrior at each recruiter)"));
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

// Law 6.5.4.II: the whole cost is paid from the wood connected when the
// clearing is chosen. With Soup Kitchens wood counts toward rule, so paying
// from a clearing can end the Marquise's rule there mid-payment; the rest
// still comes from the clearings connected at the start (never less wood).
TEST(Marquise, Law_6_5_4_II_PaymentKeepsTheClearingsConnectedWhenChosen) {
  Scenario sc = ExilesTable();
  State& s = sc.s();
  sc.Craft(0, "Soup Kitchens");
  s.SetPieces(kWorkshop, C(7), 1);
  s.SetPieces(kWorkshop, C(8), 1);  // the third workshop costs 2 wood
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kWood, C(1), 1);  // rules 1 only thanks to this wood (2 vs 1)
  s.SetWarriors(kEyrie, C(1), 1);
  s.SetWarriors(kMarquise, C(10), 1);
  s.SetPieces(kWood, C(10), 2);
  ASSERT_TRUE(s.Rules(kMarquise, C(1)));
  sc.Start([](State& s) { Mq()->PushDaylight(s, 0); });
  if (sc.Key() == "craft") sc.Choose("Done");
  sc.Choose("Build");
  if (sc.Key() == "marquise.build.type") sc.Choose("workshop");
  sc.Choose("5 (rabbit)");
  ASSERT_EQ(sc.Key(), "marquise.build.wood");
  sc.Choose("1 (fox)");
  if (sc.Key() == "marquise.build.wood") sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kWorkshop], 1);
  EXPECT_EQ(s.clearing(C(1)).pieces[kWood], 0);
  EXPECT_EQ(s.clearing(C(10)).pieces[kWood], 1) << "the cost is 2 wood";
  EXPECT_EQ(s.piece_supply(kWood), 8 - 1);
}

// FAQ 13 with Law 4.3.1.II and 6.2.3: warriors ambushed at the keep are
// placed back at once, before the check for attacking warriors left, so
// the battle goes on.
TEST(Marquise, Law_6_2_3_FieldHospitalsBeforeTheAmbushEndsTheBattle) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);  // fox
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Give(1, "Ambush!", kFox);
  sc.Give(0, "Anvil", kFox);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kEyrie); });
  sc.Choose("Ambush! (fox)");
  ASSERT_EQ(sc.Key(), "marquise.field_hospitals");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 0) << "the battle was rolled";
}

// Law 19.8.3 (the Marquise's faction setup card, drafted tables): the keep
// and the three buildings go in homelands, so the prompts must not send
// the player to a corner or to "the keep clearing or next to it" (6.3).
TEST(Marquise, Law_19_8_3_CardSetupPromptsNameHomelands) {
  GameSetup setup;
  setup.mode = GameSetup::kAdvancedSetup;
  setup.factions.assign(2, kNoFaction);
  setup.first_seat = 0;
  setup.draft_pool = {kMarquise, kEyrie, kDuchy};  // militant: none removed
  std::unique_ptr<State> s;
  for (uint64_t seed = 1; seed < 200 && !s; ++seed) {
    auto st = State::NewGame(setup, seed);
    if (!st.ok()) continue;
    while (st->prompt().kind != kPromptDraftFaction &&
           st->phase() == kPhaseSetup)
      ASSERT_TRUE(st->Apply(0).ok());
    if (st->prompt().kind != kPromptDraftFaction) continue;
    for (size_t i = 0; i < st->options().size(); ++i) {
      if (st->options()[i].a != kMarquise) continue;
      ASSERT_TRUE(st->Apply(static_cast<int>(i)).ok());
      s = std::make_unique<State>(*std::move(st));
      break;
    }
  }
  ASSERT_TRUE(s) << "the Marquise never offered";
  while (s->prompt().kind == kPromptHomeland) ASSERT_TRUE(s->Apply(0).ok());
  ASSERT_EQ(s->PromptKey(), "marquise.setup.keep");
  EXPECT_EQ(s->PromptText(), "Setup: place the keep in which homeland?");
  ASSERT_TRUE(s->Apply(0).ok());
  ASSERT_EQ(s->PromptKey(), "marquise.setup.building");
  EXPECT_EQ(s->PromptText(),
            "Setup: which homeland gets your sawmill (each building in a "
            "different homeland)?");
}

}  // namespace
}  // namespace woodland::rules::testing
