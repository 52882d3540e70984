// Shared plumbing of the long-running `serve` commands: a gRPC server with
// health checking and reflection, a Prometheus exposer, a ready line, and a
// clean stop on SIGINT/SIGTERM.
#ifndef WOODLAND_CLI_SERVE_H_
#define WOODLAND_CLI_SERVE_H_

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "prometheus/registry.h"

namespace woodland::cli {

// Serves `service` on address:port and `metrics` on address:metrics_port
// until SIGINT or SIGTERM. Prints "<name> listening on HOST:PORT metrics on
// HOST:PORT" to stdout and stderr once ready. Returns an exit code (on a
// clean stop the process exits directly, skipping the metrics server's slow
// teardown).
int ServeUntilSignal(const std::string& name, grpc::Service* service,
                     const std::string& address, int port,
                     std::shared_ptr<prometheus::Registry> metrics,
                     int metrics_port);

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_SERVE_H_
