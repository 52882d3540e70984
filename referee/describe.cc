#include "referee/describe.h"

#include <deque>
#include <map>
#include <set>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/descriptor.pb.h"
#include "referee/convert.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"
#include "referee/rules/playout.h"

namespace woodland {
// The .proto files with their comments (proto/embed_descriptors.cmake).
std::string_view ProtoDescriptorSet();
}  // namespace woodland

namespace woodland::referee {
namespace {

using rules::State;

struct PromptDoc {
  std::string key, law;
  std::set<std::string> deciders;  // faction keys seen deciding it
  std::set<std::string> payloads;  // Option.payload cases seen
  std::string example_text;
  std::vector<std::string> example_labels;
};

// Everything the reference lists that play reveals.
struct Observed {
  std::map<int, PromptDoc> prompts;  // by engine prompt kind
  // ActionChoice codes per module: code -> up to three labels seen.
  std::map<std::string, std::map<int, std::set<std::string>>> actions;
  std::set<std::string> events;
};

// The sampled tables: every faction, two Vagabonds, every map.
struct Sample {
  std::vector<int8_t> factions;
  const char* map;
};
constexpr int kGamesPerTable = 6;
constexpr int kTurnLimit = 80;

std::vector<Sample> Samples() {
  using namespace rules;
  return {
      {{kMarquise, kEyrie, kAlliance, kVagabond}, "autumn"},
      {{kMarquise, kEyrie, kVagabond, kVagabond2}, "winter"},
      {{kCult, kRiverfolk, kDuchy, kCorvid}, "lake"},
      {{kHundreds, kKeepers, kMarquise, kAlliance}, "mountain"},
      {{kEyrie, kCult, kCorvid, kKeepers, kVagabond}, "autumn"},
      {{kRiverfolk, kDuchy, kHundreds, kAlliance, kVagabond, kMarquise},
       "lake"},
  };
}

void Observe(const State& s, Observed& obs) {
  const rules::Prompt& p = s.prompt();
  PromptDoc& d = obs.prompts[p.kind];
  if (d.key.empty()) {
    d.key = std::string(s.PromptKey());
    d.law = std::string(s.PromptLaw());
    d.example_text = s.PromptText();
    for (size_t i = 0; i < s.options().size() && i < 3; ++i)
      d.example_labels.push_back(s.OptionLabel(s.options()[i]));
  }
  if (p.seat >= 0)
    d.deciders.insert(std::string(rules::FactionKey(s.seat(p.seat).faction)));
  for (const rules::Option& o : s.options()) {
    v1::Option po;
    OptionToProto(s, o, &po);
    const auto* field =
        po.GetDescriptor()->FindFieldByNumber(po.payload_case());
    if (field != nullptr) d.payloads.insert(field->name());
    if (po.has_action()) {
      auto& labels =
          obs.actions[std::string(rules::FactionKey(ActionModule(s)))]
                     [po.action().code()];
      if (labels.size() < 3) labels.insert(po.label());
    }
  }
}

Observed Play() {
  rules::RegisterAll();
  Observed obs;
  uint64_t seed = 1;
  for (const Sample& t : Samples()) {
    rules::GameSetup setup;
    setup.factions = t.factions;
    setup.map = t.map;
    setup.first_seat = 0;
    setup.max_turns = kTurnLimit;
    setup.record_events = true;
    for (int g = 0; g < kGamesPerTable; ++g, ++seed) {
      auto hook = [&](const State& s, uint64_t, int) {
        Observe(s, obs);
        return absl::OkStatus();
      };
      auto r =
          rules::RandomPlayout(setup, seed, rules::PolicySeedFor(seed), hook);
      if (!r.ok()) continue;  // the reference lists what did play
      for (const rules::Event& e : r->final_state.events())
        obs.events.insert(std::string(State::EventKindName(e.kind)));
    }
  }
  return obs;
}

// What each event kind's payload says (the engine's names, issue 13).
std::string EventMeaning(const std::string& kind) {
  static const std::map<std::string, std::string> kMeaning = {
      {"turn", "Event.seat begins turn `turn` (counted from 1)"},
      {"draw", "Event.seat drew `count` cards (which, only it knows)"},
      {"discard",
       "a card went to the discard pile; `source` \"hand\": from "
       "Event.seat's hand"},
      {"place", "`count` pieces named `piece` (\"warrior\") placed"},
      {"move", "`count` warriors moved"},
      {"remove", "`count` pieces named `piece` (\"warrior\") removed"},
      {"vp", "Event.seat's score changed by `delta` for `reason`"},
      {"battle", "a battle begins (Law 4.3)"},
      {"dice", "the rolls each side deals, after Guerrilla War (8.2.2)"},
      {"hits", "total hits each side deals (Law 4.3.5)"},
      {"ambush", "Event.seat played an ambush card (4.3.1)"},
      {"craft", "Event.seat crafted `card` (4.1)"},
      {"decree", "the Eyrie added `card` to Decree `column` (7.4)"},
      {"turmoil", "the Eyrie fell into turmoil (7.7)"},
      {"leader", "the Eyrie chose `leader` (7.7.4)"},
      {"dominance", "Event.seat activated a dominance card (3.3.1)"},
      {"take_card", "Event.seat took a card from `from_seat` by `source`"},
      {"reveal", "Event.seat looked at `target_seat`'s hand"},
      {"game_over", "the game ended for `reason`"},
      {"pawn", "a Vagabond's pawn is now in `clearing` or `forest`"},
      {"ferry", "the Ferry moved (25.3.5)"},
      {"open_path", "a closed path was removed (25.4.3)"},
      {"duchy.burrow", "Duchy warriors entered or left the Burrow (12.2.2)"},
      {"duchy.reveal", "the Duchy revealed a card (12.6.1)"},
      {"duchy.minister", "a minister was swayed or returned (12.2.3)"},
      {"plot_flip", "a Corvid plot was flipped face up (13.4.2)"},
      {"plot_swap", "two Corvid plots were swapped (13.5.4)"},
      {"exposure", "a guess at a Corvid plot (13.2.4)"},
      {"item", "a Vagabond gained (`delta` > 0) or lost items"},
      {"seat_item", "Event.seat's crafted items changed (4.1.2)"},
      {"item_supply", "the item supply changed"},
      {"relationship", "a Vagabond's relationship is now `level` (9.2.9)"},
      {"quest", "a quest became face up, was completed or removed"},
      {"coalition", "a Vagabond formed a coalition (9.2.8)"},
      {"supporters", "the Alliance's supporters now number `count`"},
      {"officers", "the Alliance's officers now number `count`"},
      {"hand_size", "Event.seat now holds `count` cards"},
      {"reshuffle", "the discard pile became the deck of `count` cards"},
      {"ruin_item", "the ruin in `clearing` hides no item any more"},
      {"character", "a Vagabond's character"},
      {"landmark", "a landmark was set up in `clearing` (Law 24, 19.5)"},
      {"draft", "Event.seat took `faction`'s setup card (Law 19.8.3)"},
      {"hireling", "a hireling's public state changed: see `change` (Law 22)"},
      {"board",
       "the parts of the view no other event rebuilds changed: replace the "
       "Observation fields named in `fields` with `view`'s (sent last, at "
       "each request and MatchEnd where any changed)"},
  };
  auto it = kMeaning.find(kind);
  return it == kMeaning.end() ? "raw numbers in `other` (a, b, c, d)"
                              : it->second;
}

// Every event kind: the engine's, then those the referee makes.
std::vector<std::string> EventKinds() {
  std::vector<std::string> kinds;
  for (int k = 0; k < rules::kNumEventKinds; ++k)
    kinds.emplace_back(State::EventKindName(k));
  kinds.emplace_back("board");  // BoardEventToProto (convert.h)
  return kinds;
}

std::string PayloadField(const std::string& kind) {
  const auto* d = v1::Event::descriptor();
  const std::string name = absl::StrReplaceAll(kind, {{".", "_"}});
  return d->FindFieldByName(name) != nullptr ? name : "other";
}

// Message types reachable from what a bot receives, in a stable order.
std::vector<const google::protobuf::Descriptor*> Messages() {
  std::vector<const google::protobuf::Descriptor*> out;
  std::set<std::string> seen;
  std::deque<const google::protobuf::Descriptor*> todo = {
      v1::MatchStart::descriptor(), v1::DecisionRequest::descriptor(),
      v1::MatchEnd::descriptor(), v1::History::descriptor()};
  while (!todo.empty()) {
    const auto* d = todo.front();
    todo.pop_front();
    if (!seen.insert(d->full_name()).second) continue;
    if (d->file()->package() != "woodland.v1") continue;
    out.push_back(d);
    for (int i = 0; i < d->field_count(); ++i) {
      if (d->field(i)->message_type())
        todo.push_back(d->field(i)->message_type());
    }
    for (int i = 0; i < d->nested_type_count(); ++i)
      todo.push_back(d->nested_type(i));
  }
  return out;
}

// The .proto files rebuilt with their source info, so comments are known.
const google::protobuf::DescriptorPool& CommentedPool() {
  static const auto* pool = [] {
    auto* p = new google::protobuf::DescriptorPool();
    google::protobuf::FileDescriptorSet set;
    const std::string_view bytes = ProtoDescriptorSet();
    if (set.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      for (const auto& f : set.file()) p->BuildFile(f);  // imports first
    }
    return p;
  }();
  return *pool;
}

// A comment as one line: the comment markers' spaces and line breaks gone.
std::string OneLine(const std::string& comment) {
  std::vector<std::string> words;
  for (absl::string_view line : absl::StrSplit(comment, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty()) words.emplace_back(line);
  }
  return absl::StrJoin(words, " ");
}

template <class D>
std::string CommentOf(const D* d) {
  google::protobuf::SourceLocation loc;
  if (d == nullptr || !d->GetSourceLocation(&loc)) return "";
  const std::string lead = OneLine(loc.leading_comments),
                    trail = OneLine(loc.trailing_comments);
  return lead.empty() || trail.empty() ? lead + trail
                                       : absl::StrCat(lead, " ", trail);
}

}  // namespace

std::string FieldMeaning(const google::protobuf::FieldDescriptor* f) {
  const auto* own =
      CommentedPool().FindFieldByName(std::string(f->full_name()));
  std::string text = CommentOf(own);
  // Event.payload's members mean what their event kind means.
  if (text.empty() && f->containing_type() == v1::Event::descriptor() &&
      f->containing_oneof() != nullptr) {
    for (const std::string& kind : EventKinds()) {
      if (PayloadField(kind) == f->name())
        return absl::StrCat("Event kind \"", kind, "\": ", EventMeaning(kind));
    }
    if (f->name() == "other") return "Event kinds without their own payload";
  }
  return text;
}

std::vector<const google::protobuf::Descriptor*> DescribedMessages() {
  return Messages();
}

namespace {

std::string MessageMeaning(const google::protobuf::Descriptor* d) {
  return CommentOf(
      CommentedPool().FindMessageTypeByName(std::string(d->full_name())));
}

std::string TypeName(const google::protobuf::FieldDescriptor* f) {
  std::string t = f->message_type() ? std::string(f->message_type()->name())
                  : f->enum_type()  ? std::string(f->enum_type()->name())
                                    : std::string(f->type_name());
  return f->is_repeated() ? absl::StrCat("repeated ", t) : t;
}

// Text for a Markdown table cell.
std::string Cell(const std::string& s) {
  return absl::StrReplaceAll(s, {{"|", "\\|"}});
}

std::string Json(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      absl::StrAppend(&out, "\\u00", absl::Hex(c, absl::kZeroPad2));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

template <class C>
std::string JsonList(const C& c) {
  return absl::StrCat("[",
                      absl::StrJoin(c, ",",
                                    [](std::string* o, const auto& s) {
                                      absl::StrAppend(o, Json(std::string(s)));
                                    }),
                      "]");
}

// The fixed vocabularies, by table name.
std::vector<std::pair<std::string, std::vector<std::string>>> Vocabularies() {
  std::vector<std::pair<std::string, std::vector<std::string>>> v;
  std::vector<std::string> pieces, items, vp, take, characters, factions;
  for (int p = 0; p < rules::kNumPieces; ++p) {
    const auto& info = rules::GetPieceInfo(p);
    pieces.push_back(absl::StrCat(
        info.name, " (",
        info.owner < 0 ? "nobody" : rules::FactionKey(info.owner), ")"));
  }
  for (int i = 0; i < rules::kNumItems; ++i)
    items.emplace_back(rules::ItemName(i));
  for (int r = 0; r < rules::kNumVpReasons; ++r)
    vp.emplace_back(rules::VpReasonName(r));
  for (int t = 0; t < rules::kNumTakeSources; ++t)
    take.emplace_back(rules::TakeSourceName(t));
  for (int c = 0; c < rules::NumVagabondCharacters(); ++c)
    characters.emplace_back(rules::VagabondCharacterName(c));
  for (int f = 0; f < rules::kNumFactions; ++f)
    factions.push_back(absl::StrCat(rules::FactionKey(f), " = ",
                                    v1::Faction_Name(FactionToProto(f))));
  v.push_back({"factions (engine key = proto Faction)", factions});
  v.push_back({"pieces (PieceChoice.piece, PieceCount.piece; owner)", pieces});
  v.push_back({"items (ItemChoice.item, ItemCount.item, ...)", items});
  v.push_back({"VP reasons (VpEvent.reason)", vp});
  v.push_back({"card transfer sources (TakeCardEvent.source)", take});
  v.push_back({"relationship levels (Relationship.level)",
               {"indifferent", "1", "2", "allied", "hostile"}});
  v.push_back({"Decree columns (DecreeChoice.column_name, 0-3)",
               {"recruit", "move", "battle", "build"}});
  v.push_back({"card kinds (CardDefinition.kind)",
               {"ambush", "dominance", "item", "immediate", "persistent"}});
  v.push_back({"Vagabond characters", characters});
  v.push_back({"ExtraChoice.action",
               {"activate_dominance", "take_dominance", "tax_collector",
                "codebreakers", "open_path", "exposure", "propaganda_bureau",
                "league_of_adventurous_mice", "black_market", "hireling"}});
  return v;
}

// Every registered prompt key, with what the sample saw of it (deciders
// empty: not seen).
std::map<std::string, PromptDoc> PromptTable(const Observed& obs) {
  std::map<std::string, PromptDoc> by_key;
  for (const auto& [kind, d] : obs.prompts) by_key[d.key] = d;
  for (int kind = 1; kind < 512; ++kind) {  // registered but not seen
    const rules::PromptInfo& info = rules::GetPromptInfo(kind);
    if (!info.key.empty() && !by_key.count(std::string(info.key))) {
      PromptDoc& doc = by_key[std::string(info.key)];
      doc.key = std::string(info.key);
      doc.law = std::string(info.law);
    }
  }
  return by_key;
}

}  // namespace

std::string DescribeMarkdown() {
  const Observed obs = Play();
  std::string md =
      "# Woodland Arena protocol reference\n\n"
      "Generated by `woodland describe --markdown` from the engine's own "
      "tables; do not edit (a test fails when this file is out of date: "
      "regenerate it with `build/cli/woodland describe --markdown > "
      "docs/protocol.md`). The field comments in proto/woodland/v1/*.proto "
      "say what each field means.\n\n"
      "## Conventions\n\n"
      "- Clearings are numbered 1-12 and forests from 1, as printed on the "
      "map; 0 means none.\n"
      "- Seats are indices 0..n-1 into `MatchStart.seats` (clockwise); -1 "
      "means no seat. Card ids are identifiers (card 0 is real), never "
      "positions: absent Card fields mean \"no card\".\n"
      "- Every `Option` carries exactly one payload (the `payload` oneof) and "
      "a readable `label`; every `Event` exactly one typed payload named "
      "like its `kind` (dots as underscores), `other` for kinds this "
      "reference does not know. `Event.a`..`d` are deprecated.\n"
      "- `MatchStart.game` holds the static game (cards, map, boxes, turn "
      "limit); `MatchStart.history_token` authorises `Referee.GetHistory`.\n"
      "- Rebuilding the view from events: the typed events change the map, "
      "scores, hand sizes and items; the `board` event, last in a request's "
      "events when any changed, replaces the `Observation` fields it names "
      "(every field but `seat`, `clearings`, `hand` and `item_supply`).\n";
  absl::StrAppend(
      &md, "\n## Prompt kinds\n\n",
      "Who decides: the factions seen deciding it in the sample games. "
      "Payloads: the `Option.payload` cases its options carry.\n\n",
      "| key | Law | who decides | payloads | example |\n",
      "|---|---|---|---|---|\n");
  for (const auto& [key, doc] : PromptTable(obs)) {
    const PromptDoc* d = &doc;
    if (d->deciders.empty()) {
      absl::StrAppend(&md, "| `", key, "` | ", d->law,
                      " | (not seen in the sample) | | |\n");
      continue;
    }
    absl::StrAppend(
        &md, "| `", key, "` | ", d->law, " | ",
        absl::StrJoin(d->deciders, ", "), " | ",
        absl::StrJoin(d->payloads, ", "), " | ",
        absl::StrReplaceAll(d->example_text, {{"|", "/"}, {"\n", " "}}), ": ",
        absl::StrReplaceAll(absl::StrJoin(d->example_labels, "; "),
                            {{"|", "/"}, {"\n", " "}}),
        " |\n");
  }
  absl::StrAppend(&md,
                  "\n## ActionChoice codes\n\n`ActionChoice.code` is read "
                  "in the vocabulary of `ActionChoice.module` (its "
                  "readable meaning is `ActionChoice.name`). Codes seen, "
                  "with up to three labels:\n");
  for (const auto& [module, codes] : obs.actions) {
    absl::StrAppend(&md, "\n### ", module,
                    "\n\n| code | labels |\n|---|---|\n");
    for (const auto& [code, labels] : codes) {
      absl::StrAppend(
          &md, "| ", code, " | ",
          absl::StrReplaceAll(absl::StrJoin(labels, "; "), {{"|", "/"}}),
          " |\n");
    }
  }
  absl::StrAppend(&md,
                  "\n## Event kinds\n\n| kind | payload field | meaning |\n"
                  "|---|---|---|\n");
  for (const std::string& kind : EventKinds()) {
    absl::StrAppend(&md, "| `", kind, "` | `", PayloadField(kind), "` | ",
                    EventMeaning(kind), " |\n");
  }
  absl::StrAppend(&md, "\n## Vocabularies\n");
  for (const auto& [name, words] : Vocabularies()) {
    absl::StrAppend(&md, "\n### ", name, "\n\n");
    for (const std::string& w : words) absl::StrAppend(&md, "- `", w, "`\n");
  }
  absl::StrAppend(&md,
                  "\n## Messages\n\nEvery message a bot receives, each "
                  "field with its meaning (from the comments in "
                  "proto/woodland/v1/*.proto).\n");
  for (const auto* d : Messages()) {
    absl::StrAppend(&md, "\n### ", d->name(), "\n\n");
    if (const std::string m = MessageMeaning(d); !m.empty())
      absl::StrAppend(&md, Cell(m), "\n\n");
    absl::StrAppend(&md,
                    "| # | field | type | meaning |\n"
                    "|---|---|---|---|\n");
    for (int i = 0; i < d->field_count(); ++i) {
      const auto* f = d->field(i);
      absl::StrAppend(&md, "| ", f->number(), " | `", f->name(), "` | ",
                      TypeName(f),
                      f->options().deprecated() ? " (deprecated)" : "", " | ",
                      Cell(FieldMeaning(f)), " |\n");
    }
  }
  return md;
}

std::string DescribeJson() {
  const Observed obs = Play();
  std::string j = "{\"prompts\":[";
  bool first = true;
  for (const auto& [key, d] : PromptTable(obs)) {
    absl::StrAppend(&j, first ? "" : ",", "{\"key\":", Json(key),
                    ",\"law\":", Json(d.law),
                    ",\"deciders\":", JsonList(d.deciders),
                    ",\"payloads\":", JsonList(d.payloads),
                    ",\"example\":", Json(d.example_text),
                    ",\"example_labels\":", JsonList(d.example_labels), "}");
    first = false;
  }
  absl::StrAppend(&j, "],\"actions\":{");
  first = true;
  for (const auto& [module, codes] : obs.actions) {
    absl::StrAppend(&j, first ? "" : ",", Json(module), ":{");
    bool f2 = true;
    for (const auto& [code, labels] : codes) {
      absl::StrAppend(&j, f2 ? "" : ",", "\"", code, "\":", JsonList(labels));
      f2 = false;
    }
    absl::StrAppend(&j, "}");
    first = false;
  }
  absl::StrAppend(&j, "},\"events\":[");
  first = true;
  for (const std::string& kind : EventKinds()) {
    absl::StrAppend(&j, first ? "" : ",", "{\"kind\":", Json(kind),
                    ",\"payload\":", Json(PayloadField(kind)),
                    ",\"meaning\":", Json(EventMeaning(kind)), "}");
    first = false;
  }
  absl::StrAppend(&j, "],\"messages\":{");
  first = true;
  for (const auto* d : Messages()) {
    absl::StrAppend(&j, first ? "" : ",", Json(std::string(d->name())),
                    ":{\"meaning\":", Json(MessageMeaning(d)), ",\"fields\":[");
    for (int i = 0; i < d->field_count(); ++i) {
      const auto* f = d->field(i);
      absl::StrAppend(&j, i ? "," : "", "{\"number\":", f->number(),
                      ",\"name\":", Json(std::string(f->name())),
                      ",\"type\":", Json(TypeName(f)),
                      ",\"meaning\":", Json(FieldMeaning(f)), "}");
    }
    absl::StrAppend(&j, "]}");
    first = false;
  }
  absl::StrAppend(&j, "},\"vocabularies\":{");
  first = true;
  for (const auto& [name, words] : Vocabularies()) {
    absl::StrAppend(&j, first ? "" : ",", Json(name), ":", JsonList(words));
    first = false;
  }
  absl::StrAppend(&j, "}}\n");
  return j;
}

}  // namespace woodland::referee
