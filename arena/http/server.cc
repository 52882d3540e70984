#include "arena/http/server.h"

#include <civetweb.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arena/http/json.h"
#include "arena/http/web_assets.h"
#include "arena/ledger.h"
#include "google/protobuf/util/json_util.h"
#include "referee/convert.h"
#include "referee/rootlog.h"
#include "referee/rules/types.h"

namespace woodland::arena::http {
namespace {

Response Error(int status, absl::string_view message) {
  return {status, "application/json",
          absl::StrCat("{\"error\":", JsonQuote(message), "}"), ""};
}

int HttpStatusOf(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kInvalidArgument:
      return 400;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kFailedPrecondition:
      return 409;
    case absl::StatusCode::kResourceExhausted:
      return 429;
    default:
      return 500;
  }
}

Response Error(const absl::Status& s) {
  return Error(HttpStatusOf(s.code()), s.message());
}

Response Error(const grpc::Status& s) {
  return Error(HttpStatusOf(static_cast<absl::StatusCode>(s.error_code())),
               s.error_message());
}

// A query parameter (URL-decoded), or "" when absent.
std::string Param(const std::string& query, const char* name) {
  std::string buf(query.size() + 1, '\0');
  const int n =
      mg_get_var(query.data(), query.size(), name, buf.data(), buf.size());
  return n < 0 ? "" : buf.substr(0, n);
}

absl::StatusOr<int64_t> IntParam(const std::string& query, const char* name,
                                 int64_t fallback) {
  const std::string v = Param(query, name);
  if (v.empty()) return fallback;
  int64_t n;
  if (!absl::SimpleAtoi(v, &n))
    return absl::InvalidArgumentError(absl::StrCat(name, " takes a number"));
  return n;
}

// Every match of a tournament through ListMatches' pages.
grpc::Status AllMatches(v1::Arena::Service* arena, int64_t tournament,
                        std::vector<v1::MatchSummary>* out) {
  v1::ListMatchesRequest req;
  req.set_tournament_id(tournament);
  req.set_page_size(10000);
  for (int guard = 0; guard < 1000; ++guard) {
    v1::ListMatchesResponse page;
    grpc::Status st = arena->ListMatches(/*context=*/nullptr, &req, &page);
    if (!st.ok()) return st;
    for (v1::MatchSummary& m : *page.mutable_matches())
      out->push_back(std::move(m));
    if (page.next_page_token().empty()) break;
    req.set_page_token(page.next_page_token());
  }
  return grpc::Status::OK;
}

// "eyrie", "FACTION_EYRIE" or "" (any) -> the proto faction (0 for any).
absl::StatusOr<int> FactionParam(const std::string& text) {
  if (text.empty()) return 0;
  v1::Faction f;
  if (v1::Faction_Parse(text, &f)) return static_cast<int>(f);
  const int rules_faction = rules::ParseFaction(text);
  if (rules_faction < 0) return absl::InvalidArgumentError("unknown faction");
  return static_cast<int>(referee::FactionToProto(rules_faction));
}

const char* ContentType(absl::string_view path) {
  if (absl::EndsWith(path, ".html")) return "text/html; charset=utf-8";
  if (absl::EndsWith(path, ".css")) return "text/css; charset=utf-8";
  if (absl::EndsWith(path, ".js")) return "text/javascript; charset=utf-8";
  if (absl::EndsWith(path, ".svg")) return "image/svg+xml";
  return "text/plain; charset=utf-8";
}

}  // namespace

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(
    v1::Arena::Service* arena, LiveMatches* live, HttpOptions options) {
  std::unique_ptr<HttpServer> s(new HttpServer());
  s->arena_ = arena;
  s->live_ = live;
  s->options_ = std::move(options);
  mg_init_library(0);
  const std::string ports =
      absl::StrCat(s->options_.address, ":", s->options_.port);
  const std::string threads = absl::StrCat(s->options_.threads);
  const char* opts[] = {
      "listening_ports",    ports.c_str(), "num_threads", threads.c_str(),
      "request_timeout_ms", "30000",       nullptr};
  mg_callbacks callbacks;
  std::memset(&callbacks, 0, sizeof(callbacks));
  callbacks.log_message = [](const mg_connection*, const char*) { return 1; };
  s->ctx_ = mg_start(&callbacks, nullptr, opts);
  if (s->ctx_ == nullptr) {
    return absl::UnavailableError(absl::StrCat("cannot serve HTTP on ", ports));
  }
  mg_set_request_handler(s->ctx_, "/", &HttpServer::OnRequest, s.get());
  mg_server_port bound[4];
  const int n = mg_get_server_ports(s->ctx_, 4, bound);
  if (n < 1) return absl::UnavailableError("HTTP server has no port");
  s->port_ = bound[0].port;
  return s;
}

HttpServer::~HttpServer() {
  if (ctx_ != nullptr) mg_stop(ctx_);
}

int HttpServer::OnRequest(mg_connection* conn, void* self) {
  const mg_request_info* ri = mg_get_request_info(conn);
  const char* auth = mg_get_header(conn, "Authorization");
  std::string bearer;
  if (auth != nullptr && absl::StartsWith(auth, "Bearer "))
    bearer = std::string(auth + 7);
  Response r = static_cast<HttpServer*>(self)->Handle(
      ri->request_method ? ri->request_method : "",
      ri->local_uri ? ri->local_uri : "/",
      ri->query_string ? ri->query_string : "", bearer);
  std::string headers = absl::StrCat(
      "HTTP/1.1 ", r.status, " ", mg_get_response_code_text(conn, r.status),
      "\r\nContent-Type: ", r.content_type,
      "\r\nContent-Length: ", r.body.size(),
      "\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff"
      "\r\nContent-Security-Policy: default-src 'self'; img-src 'self' data:"
      "\r\nConnection: close\r\n");
  if (!r.filename.empty()) {
    absl::StrAppend(&headers, "Content-Disposition: attachment; filename=\"",
                    r.filename, "\"\r\n");
  }
  headers += "\r\n";
  mg_write(conn, headers.data(), headers.size());
  if (std::strcmp(ri->request_method, "HEAD") != 0)
    mg_write(conn, r.body.data(), r.body.size());
  return r.status;
}

Response HttpServer::Handle(const std::string& method, const std::string& path,
                            const std::string& query,
                            const std::string& bearer) {
  if (method != "GET" && method != "HEAD")
    return Error(405, "only GET is served");
  if (absl::StartsWith(path, "/api/")) {
    if (options_.authorize) {
      absl::Status ok = options_.authorize(bearer);
      if (!ok.ok()) {
        return Error(bearer.empty() ? 401 : HttpStatusOf(ok.code()),
                     ok.message());
      }
    }
    return Api(path, query);
  }
  const std::string name = path == "/" ? "/index.html" : path;
  for (const WebAsset& a : WebAssets()) {
    const std::string asset(a.name);
    if (name == "/" + asset)
      return {200, ContentType(asset), std::string(a.text), ""};
  }
  return Error(404, "no such page");
}

Response HttpServer::Api(const std::string& path, const std::string& query) {
  if (path == "/api/tournaments") {
    v1::ListTournamentsRequest req;
    v1::ListTournamentsResponse out;
    grpc::Status st = arena_->ListTournaments(/*context=*/nullptr, &req, &out);
    if (!st.ok()) return Error(st);
    return {200, "application/json", ProtoJson(out), ""};
  }
  if (path == "/api/standings") return Standings(query);
  if (path == "/api/matches") return Matches(query);
  if (path == "/api/replay") return Replay(query, false);
  if (path == "/api/rootlog") return Replay(query, true);
  if (path == "/api/replay/index") return Index(query);
  if (path == "/api/replay/frame") return Frame(query);
  if (path == "/api/live") {
    return {200, "application/json", live_ ? live_->ListJson() : "[]", ""};
  }
  if (path == "/api/live/match") return LiveMatch(query);
  return Error(404, "no such API");
}

Response HttpServer::Standings(const std::string& query) {
  auto tid = IntParam(query, "tournament", 0);
  if (!tid.ok()) return Error(tid.status());
  v1::TournamentRef ref;
  ref.set_tournament_id(*tid);
  v1::StandingsResponse standings;
  grpc::Status st = arena_->GetStandings(/*context=*/nullptr, &ref, &standings);
  if (!st.ok()) return Error(st);
  std::vector<v1::MatchSummary> matches;
  st = AllMatches(arena_, *tid, &matches);
  if (!st.ok()) return Error(st);
  // Each bot's rating after each of its matches: the ledger's update rule
  // applied in schedule order (forfeits are not in the summaries, so a
  // forfeited match counts by its VP here).
  LedgerOptions lo;
  std::map<std::string, int> index;
  for (const v1::BotStanding& b : standings.bots()) {
    index[b.bot()] = static_cast<int>(lo.bots.size());
    lo.bots.push_back(b.bot());
  }
  for (const v1::FactionStanding& f : standings.factions())
    lo.factions.push_back(referee::FactionFromProto(f.faction()));
  Ledger ledger(lo);
  std::vector<std::vector<std::string>> points(lo.bots.size());
  for (const v1::MatchSummary& m : matches) {
    if (m.state() != "done" || m.victory_points_size() != m.bots_size())
      continue;
    v1::MatchResult r;
    std::vector<int> bots;
    bool known = true;
    for (int i = 0; i < m.bots_size(); ++i) {
      auto it = index.find(m.bots(i));
      if (it == index.end()) known = false;
      bots.push_back(known ? it->second : 0);
      v1::SeatResult* seat = r.add_seats();
      seat->set_seat(i);
      seat->set_faction(m.factions(i));
      seat->set_victory_points(m.victory_points(i));
      const bool won = std::find(m.winners().begin(), m.winners().end(),
                                 m.bots(i)) != m.winners().end();
      seat->set_winner(won);
      if (won) r.add_winners(i);
    }
    if (!known) continue;
    ledger.Apply(bots, r, {});
    for (int b : bots) {
      points[b].push_back(absl::StrCat("[", m.table(), ",",
                                       ledger.bot(b).rating.Ordinal(), "]"));
    }
  }
  // Per (bot, faction) mu and sigma from the same recomputation (the
  // standings carry the faction ordinal only).
  std::vector<std::string> history;
  for (size_t b = 0; b < lo.bots.size(); ++b) {
    std::vector<std::string> factions;
    const BotStanding& bs = ledger.bot(static_cast<int>(b));
    for (size_t f = 0; f < bs.by_faction.size() && f < lo.factions.size();
         ++f) {
      factions.push_back(absl::StrCat(
          "{\"faction\":",
          JsonQuote(v1::Faction_Name(referee::FactionToProto(lo.factions[f]))),
          ",\"mu\":", bs.by_faction[f].rating.mu,
          ",\"sigma\":", bs.by_faction[f].rating.sigma, "}"));
    }
    history.push_back(
        absl::StrCat("{\"bot\":", JsonQuote(lo.bots[b]), ",\"points\":[",
                     absl::StrJoin(points[b], ","), "],\"factions\":[",
                     absl::StrJoin(factions, ","), "]}"));
  }
  return {200, "application/json",
          absl::StrCat("{\"standings\":", ProtoJson(standings),
                       ",\"history\":[", absl::StrJoin(history, ","), "]}"),
          ""};
}

Response HttpServer::Matches(const std::string& query) {
  auto tid = IntParam(query, "tournament", 0);
  auto page = IntParam(query, "page", 0);
  auto size = IntParam(query, "size", 50);
  auto from = IntParam(query, "from", 0);
  auto to = IntParam(query, "to", 0);
  auto faction = FactionParam(Param(query, "faction"));
  for (const absl::Status& s : {tid.status(), page.status(), size.status(),
                                from.status(), to.status(), faction.status()}) {
    if (!s.ok()) return Error(s);
  }
  if (*page < 0 || *size < 1 || *size > 500)
    return Error(400, "page >= 0 and size 1 to 500");
  const std::string bot = Param(query, "bot"),
                    outcome = Param(query, "outcome"),
                    state = Param(query, "state");
  if (!outcome.empty() && outcome != "win" && outcome != "loss")
    return Error(400, "outcome is win or loss");
  std::vector<v1::MatchSummary> all;
  grpc::Status st = AllMatches(arena_, *tid, &all);
  if (!st.ok()) return Error(st);
  std::vector<const v1::MatchSummary*> kept;
  for (const v1::MatchSummary& m : all) {
    if (!state.empty() && m.state() != state) continue;
    if ((*from > 0 || *to > 0) &&
        (m.finished_unix_ms() == 0 || m.finished_unix_ms() < *from ||
         (*to > 0 && m.finished_unix_ms() > *to)))
      continue;
    // The seats the filter is about: the bot's, the faction's, or both.
    bool any = false, won = false;
    for (int i = 0; i < m.bots_size(); ++i) {
      if (!bot.empty() && m.bots(i) != bot) continue;
      if (*faction != 0 && m.factions(i) != *faction) continue;
      any = true;
      won |= std::find(m.winners().begin(), m.winners().end(), m.bots(i)) !=
             m.winners().end();
    }
    if (!any) continue;
    if (!outcome.empty() && (m.state() != "done" || won != (outcome == "win")))
      continue;
    kept.push_back(&m);
  }
  std::vector<std::string> rows;
  for (int64_t i = *page * *size;
       i < static_cast<int64_t>(kept.size()) && i < (*page + 1) * *size; ++i)
    rows.push_back(ProtoJson(*kept[i]));
  return {200, "application/json",
          absl::StrCat("{\"total\":", kept.size(), ",\"page\":", *page,
                       ",\"size\":", *size, ",\"matches\":[",
                       absl::StrJoin(rows, ","), "]}"),
          ""};
}

Response HttpServer::Replay(const std::string& query, bool rootlog) {
  auto match = IntParam(query, "match", 0);
  if (!match.ok()) return Error(match.status());
  v1::MatchReplayRequest req;
  req.set_match_id(*match);
  v1::Replay replay;
  grpc::Status st = arena_->GetMatchReplay(/*context=*/nullptr, &req, &replay);
  if (!st.ok()) return Error(st);
  const bool download = Param(query, "download") == "1";
  if (rootlog) {
    absl::StatusOr<std::string> text = referee::RootlogFromReplay(replay);
    if (!text.ok()) return Error(text.status());
    return {200, "text/plain; charset=utf-8", *text,
            download ? absl::StrCat("match-", *match, ".rootlog") : ""};
  }
  return {200, "application/json", ProtoJson(replay),
          download ? absl::StrCat("match-", *match, ".json") : ""};
}

absl::StatusOr<std::shared_ptr<ReplayFrames>> HttpServer::Frames(
    int64_t match) {
  {
    std::lock_guard<std::mutex> lock(cache_mu_);
    for (auto it = cache_.begin(); it != cache_.end(); ++it) {
      if (it->first == match) {
        cache_.splice(cache_.begin(), cache_, it);
        return cache_.front().second;
      }
    }
  }
  v1::MatchReplayRequest req;
  req.set_match_id(match);
  v1::Replay replay;
  grpc::Status st = arena_->GetMatchReplay(/*context=*/nullptr, &req, &replay);
  if (!st.ok()) {
    return absl::Status(static_cast<absl::StatusCode>(st.error_code()),
                        st.error_message());
  }
  auto built = ReplayFrames::Build(replay);
  if (!built.ok()) return built.status();
  std::shared_ptr<ReplayFrames> frames = std::move(*built);
  std::lock_guard<std::mutex> lock(cache_mu_);
  cache_.emplace_front(match, frames);
  if (cache_.size() > 8) cache_.pop_back();
  return frames;
}

Response HttpServer::Index(const std::string& query) {
  auto match = IntParam(query, "match", 0);
  if (!match.ok()) return Error(match.status());
  auto frames = Frames(*match);
  if (!frames.ok()) return Error(frames.status());
  return {200, "application/json", (*frames)->IndexJson(), ""};
}

Response HttpServer::Frame(const std::string& query) {
  auto match = IntParam(query, "match", 0);
  auto at = IntParam(query, "at", 0);
  auto view = ParseView(Param(query, "view"));
  for (const absl::Status& s : {match.status(), at.status(), view.status()})
    if (!s.ok()) return Error(s);
  auto frames = Frames(*match);
  if (!frames.ok()) return Error(frames.status());
  auto json = (*frames)->FrameJson(*at, *view);
  if (!json.ok()) return Error(json.status());
  return {200, "application/json", *json, ""};
}

Response HttpServer::LiveMatch(const std::string& query) {
  auto match = IntParam(query, "match", 0);
  auto after = IntParam(query, "after", 0);
  if (!match.ok()) return Error(match.status());
  if (!after.ok()) return Error(after.status());
  if (live_ == nullptr) return Error(404, "no live matches here");
  auto json = live_->StateJson(*match, *after);
  if (!json.ok()) return Error(json.status());
  return {200, "application/json", *json, ""};
}

}  // namespace woodland::arena::http
