// `woodland health ADDRESS`: asks a server's gRPC health service whether it
// is serving (grpc.health.v1.Health/Check) and exits 0 if it is, 1 if it is
// not or cannot be reached, 2 on bad usage. The container image's HEALTHCHECK
// and the Kubernetes probes run it, so it needs nothing but the binary.
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "grpc/health/v1/health.grpc.pb.h"

namespace woodland::cli {

namespace {

constexpr char kHealthUsage[] =
    "usage: woodland health ADDRESS [--service NAME] [--timeout-ms N]\n"
    "  Exits 0 if the gRPC server at ADDRESS (HOST:PORT, unix:PATH or\n"
    "  dns:///NAME:PORT) reports SERVING, else 1. --service asks about one\n"
    "  service (e.g. woodland.v1.Referee); the default asks about the "
    "server.\n";

}  // namespace

int HealthMain(const std::vector<std::string>& raw) {
  for (const auto& a : raw) {
    if (a == "--help" || a == "-h") {
      std::cout << kHealthUsage;
      return 0;
    }
  }
  absl::StatusOr<Args> args =
      Args::Parse(raw, {"--service", "--timeout-ms"}, {});
  if (!args.ok() || args->positional().size() != 1) {
    std::cerr << (args.ok() ? "woodland health: one ADDRESS expected"
                            : std::string(args.status().message()))
              << "\n"
              << kHealthUsage;
    return 2;
  }
  absl::StatusOr<int> timeout_ms = args->Number<int>("--timeout-ms", 2000);
  if (!timeout_ms.ok() || *timeout_ms <= 0 || *timeout_ms > 600000) {
    std::cerr << "woodland health: --timeout-ms must be 1..600000\n";
    return 2;
  }
  auto channel = grpc::CreateChannel(args->positional()[0],
                                     grpc::InsecureChannelCredentials());
  auto stub = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() +
                   std::chrono::milliseconds(*timeout_ms));
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(args->Get("--service"));
  grpc::health::v1::HealthCheckResponse response;
  grpc::Status status = stub->Check(&ctx, request, &response);
  if (!status.ok()) {
    std::cerr << "woodland health: " << status.error_message() << "\n";
    return 1;
  }
  const bool serving =
      response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
  std::cout << grpc::health::v1::HealthCheckResponse::ServingStatus_Name(
                   response.status())
            << "\n";
  return serving ? 0 : 1;
}

}  // namespace woodland::cli
