// The Arena service's read calls over one tournament run by `woodland
// tournament` (no ArenaService there): ListTournaments, ListMatches,
// GetStandings and GetMatchReplay from the Store, with the same answers
// and the same replay guard (a table whose seed group is unfinished is
// refused), so the web pages serve a local run like an arena.
#ifndef WOODLAND_ARENA_HTTP_LOCAL_ARENA_H_
#define WOODLAND_ARENA_HTTP_LOCAL_ARENA_H_

#include "arena/store.h"
#include "arena/tournament.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace woodland::arena::http {

class LocalArena final : public v1::Arena::Service {
 public:
  LocalArena(Store* store, const TournamentConfig* config)
      : store_(store), config_(config) {}

  grpc::Status ListTournaments(grpc::ServerContext*,
                               const v1::ListTournamentsRequest*,
                               v1::ListTournamentsResponse*) override;
  grpc::Status ListMatches(grpc::ServerContext*, const v1::ListMatchesRequest*,
                           v1::ListMatchesResponse*) override;
  grpc::Status GetStandings(grpc::ServerContext*, const v1::TournamentRef*,
                            v1::StandingsResponse*) override;
  grpc::Status GetMatchReplay(grpc::ServerContext*,
                              const v1::MatchReplayRequest*,
                              v1::Replay*) override;

 private:
  Store* store_;
  const TournamentConfig* config_;
};

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_LOCAL_ARENA_H_
