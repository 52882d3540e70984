#include "arena/http/local_arena.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "referee/convert.h"

namespace woodland::arena::http {
namespace {

grpc::Status ToGrpc(const absl::Status& s) {
  return grpc::Status(static_cast<grpc::StatusCode>(s.code()),
                      std::string(s.message()));
}

void ToStanding(const TournamentConfig& c, size_t f, const FactionStats& fs,
                v1::FactionStanding* out) {
  out->set_faction(referee::FactionToProto(c.factions[f]));
  out->set_ordinal(fs.rating.Ordinal());
  out->set_games(fs.games);
  out->set_wins(fs.wins);
  out->set_mean_vp(fs.games ? 1.0 * fs.vp / fs.games : 0);
}

}  // namespace

grpc::Status LocalArena::ListTournaments(grpc::ServerContext*,
                                         const v1::ListTournamentsRequest*,
                                         v1::ListTournamentsResponse* out) {
  auto rows = store_->Tournaments();
  if (!rows.ok()) return ToGrpc(rows.status());
  for (const TournamentRow& t : *rows) {
    v1::TournamentStatus* s = out->add_tournaments();
    s->set_tournament_id(t.id);
    s->set_state(t.state == "finished"    ? v1::TOURNAMENT_STATE_FINISHED
                 : t.state == "running"   ? v1::TOURNAMENT_STATE_RUNNING
                 : t.state == "cancelled" ? v1::TOURNAMENT_STATE_CANCELLED
                                          : v1::TOURNAMENT_STATE_FAILED);
    s->set_ladder(t.ladder);
    auto matches = store_->Matches(t.id);
    if (!matches.ok()) continue;
    int done = 0;
    for (const MatchRow& m : *matches) done += m.state == "done";
    s->set_matches_done(done);
    s->set_matches_total(static_cast<int>(matches->size()));
  }
  return grpc::Status::OK;
}

grpc::Status LocalArena::ListMatches(grpc::ServerContext*,
                                     const v1::ListMatchesRequest* req,
                                     v1::ListMatchesResponse* out) {
  std::string next;
  auto rows = MatchPage(*store_, *req, &next);
  if (!rows.ok()) return ToGrpc(rows.status());
  for (const MatchRow& m : *rows)
    MatchSummaryOf(m, config_->bots, out->add_matches());
  out->set_next_page_token(next);
  return grpc::Status::OK;
}

grpc::Status LocalArena::GetStandings(grpc::ServerContext*,
                                      const v1::TournamentRef* ref,
                                      v1::StandingsResponse* out) {
  auto s = StoredStandings(*config_, *store_, ref->tournament_id());
  if (!s.ok()) return ToGrpc(s.status());
  for (const BotStanding& b : s->bots) {
    v1::BotStanding* o = out->add_bots();
    o->set_bot(b.name);
    o->set_ordinal(b.rating.Ordinal());
    o->set_mu(b.rating.mu);
    o->set_sigma(b.rating.sigma);
    o->set_games(b.games);
    o->set_wins(b.wins);
    o->set_mean_vp(b.games ? 1.0 * b.vp / b.games : 0);
    o->set_forfeits(b.forfeits);
    o->set_suspended(b.suspended);
    for (size_t f = 0; f < b.by_faction.size(); ++f)
      ToStanding(*config_, f, b.by_faction[f], o->add_factions());
  }
  for (size_t f = 0; f < s->factions.size(); ++f)
    ToStanding(*config_, f, s->factions[f], out->add_factions());
  out->set_faction_imbalance(s->balance.faction_imbalance);
  out->set_seat_imbalance(s->balance.seat_imbalance);
  return grpc::Status::OK;
}

grpc::Status LocalArena::GetMatchReplay(grpc::ServerContext*,
                                        const v1::MatchReplayRequest* req,
                                        v1::Replay* out) {
  auto stored = store_->Replay(req->match_id());
  if (!stored.ok()) return ToGrpc(stored.status());
  if (stored->state != "done") {
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "the match has not finished");
  }
  if (stored->unfinished_with_seed > 0) {
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "a table sharing this match's seed is unfinished");
  }
  if (!google::protobuf::util::JsonStringToMessage(stored->replay_json, out)
           .ok()) {
    return grpc::Status(grpc::StatusCode::DATA_LOSS,
                        "the stored replay does not parse");
  }
  return grpc::Status::OK;
}

}  // namespace woodland::arena::http
