// The protocol's vocabulary, generated from the engine's own tables
// (issue 13 item 2): `woodland describe --markdown` writes docs/protocol.md,
// `--json` the same for programs.
//
// Names come from the engine (prompt registry, pieces, items, event kinds,
// VP reasons, ...). What a prompt's options carry, who decides it and the
// meaning of each module's ActionChoice codes are collected by playing a
// fixed set of seeded random games of every faction, so the reference lists
// what the engine really sends; the output is deterministic.
#ifndef WOODLAND_REFEREE_DESCRIBE_H_
#define WOODLAND_REFEREE_DESCRIBE_H_

#include <string>
#include <vector>

#include "google/protobuf/descriptor.h"

namespace woodland::referee {

std::string DescribeMarkdown();
std::string DescribeJson();

// What a field means: its comment in proto/woodland/v1/*.proto (leading and
// trailing; for Event's payloads, their event kind's meaning). Empty when
// it has none (a test requires every described field to have one).
std::string FieldMeaning(const google::protobuf::FieldDescriptor* f);
// The messages the reference describes: all a bot receives.
std::vector<const google::protobuf::Descriptor*> DescribedMessages();

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_DESCRIBE_H_
