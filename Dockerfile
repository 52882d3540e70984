# Woodland Arena: one image with `woodland` (referee, arena, tournaments,
# tools), the built-in bots and the starter kits' sources.
#
# Built here with podman from a Debian 12 base image imported from
# debootstrap: `deploy/image/build.sh` does all of it. Any Debian 12
# (bookworm) base image works: `--build-arg BASE=...`.
#
# Stages: build (compile from Debian packages) -> runtime (only the shared
# libraries the binaries load) -> check (runs the runtime image's programs:
# a selfplay batch and a referee round trip over gRPC) -> image (the runtime,
# stamped by the check so the check cannot be skipped).
ARG BASE=localhost/woodland-base:bookworm

FROM ${BASE} AS build
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends \
      cmake ninja-build g++ libabsl-dev libgrpc++-dev protobuf-compiler-grpc \
      libprotobuf-dev protobuf-compiler prometheus-cpp-dev libsqlite3-dev \
      libpq-dev libcivetweb-dev libcpp-httplib-dev ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY . /src
RUN rm -rf /src/build /src/bots/node/node_modules \
    && cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release \
         -DWOODLAND_BUILD_TESTS=OFF -DWOODLAND_BUILD_BENCHMARKS=OFF \
         -DCMAKE_INSTALL_PREFIX=/usr \
    && cmake --build /build -j "$(nproc)" \
    && DESTDIR=/out cmake --install /build --strip
# The runtime packages are exactly those that own the libraries the
# installed programs load (ldd names /lib paths, dpkg mostly /usr/lib ones
# on a merged-/usr system); a library no package owns fails the build.
RUN for f in /out/usr/bin/*; do ldd "$f"; done \
      | awk '/=> \//{print $3}' | sort -u \
      | while read -r lib; do \
          dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null \
            || dpkg -S "$(readlink -f "$lib")" 2>/dev/null \
            || echo "MISSING: $lib"; \
        done > /tmp/owners.txt \
    && ! grep MISSING /tmp/owners.txt \
    && cut -d: -f1 /tmp/owners.txt | sort -u > /out/runtime-packages.txt \
    && cat /out/runtime-packages.txt

FROM ${BASE} AS runtime
ENV DEBIAN_FRONTEND=noninteractive
COPY --from=build /out/runtime-packages.txt /tmp/runtime-packages.txt
RUN apt-get update -qq \
    && xargs -a /tmp/runtime-packages.txt apt-get install -y -qq \
         --no-install-recommends bubblewrap python3-grpcio python3-protobuf \
    && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt \
    && useradd --system --uid 10001 --home-dir /var/lib/woodland \
         --create-home woodland
COPY --from=build /out/usr/ /usr/
USER woodland
WORKDIR /var/lib/woodland
# Referee gRPC 50051, referee metrics 9464, arena gRPC 50050, arena metrics
# 9465, arena web pages 8080.
EXPOSE 50051 9464 50050 9465 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD ["woodland", "health", "localhost:50051"]
ENTRYPOINT ["woodland"]
CMD ["referee", "serve", "--port", "50051", "--metrics-port", "9464"]

FROM runtime AS check
# The runtime stage alone must run the programs: the rules engine, the
# built-in bots launched as processes, and a referee serving over gRPC.
RUN woodland selfplay --factions marquise,eyrie,alliance,vagabond \
      --games 50 --seed 1 --check > /tmp/selfplay.txt \
    && grep -q "finished 50" /tmp/selfplay.txt && cat /tmp/selfplay.txt
RUN woodland referee serve --port 50051 --no-sandbox \
      --bot rnd=exec:/usr/bin/random_bot --bot heur=exec:/usr/bin/heuristic_bot \
      > /tmp/referee.log 2>&1 & \
    for i in $(seq 1 50); do \
      woodland health localhost:50051 --timeout-ms 500 >/dev/null 2>&1 && break; \
      sleep 0.2; \
    done; \
    woodland health localhost:50051 \
    && woodland tournament --referee localhost:50051 --players 2 --tables 1 \
         --factions marquise,eyrie --bot rnd=catalog:rnd --bot heur=catalog:heur \
         --seed 3 --db /tmp/t.db > /tmp/tournament.txt \
    && cat /tmp/tournament.txt \
    && touch /tmp/check-ok

FROM runtime AS image
COPY --from=check /tmp/check-ok /usr/share/woodland/image-checked
