#!/usr/bin/env bash
# Starts the Java bot, building it first if it is missing or older than its
# sources (*.java, this script, the protos). Plain javac against Debian's
# jars in /usr/share/java (libgrpc-java, libprotobuf-java, libnetty-java,
# libperfmark-java, libgeronimo-annotation-1.3-spec-java, guava): no Maven or
# Gradle, nothing downloaded, nothing generated committed. Generated code and
# classes go to the cache directory (bots/java/build/, ignored by git;
# WOODLAND_JAVA_CACHE overrides it).
#   bots/java/run.sh --port 50064      # serve on 127.0.0.1:50064
#   bots/java/run.sh --build           # only build (e.g. before a sandbox)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
proto="$(cd "$here/../../proto" && pwd)"
cache="${WOODLAND_JAVA_CACHE:-$here/build}"
jars=/usr/share/java
cp=""
for j in grpc-api grpc-core grpc-context grpc-netty grpc-protobuf \
    grpc-protobuf-lite grpc-stub protobuf guava perfmark-api \
    geronimo-annotation-1.3-spec netty-buffer netty-codec netty-codec-http \
    netty-codec-http2 netty-common netty-handler netty-resolver \
    netty-transport; do
  cp="$cp:$jars/$j.jar"
done
for j in failureaccess gson; do  # needed by some guava/gRPC versions only
  [ -f "$jars/$j.jar" ] && cp="$cp:$jars/$j.jar"
done
cp="${cp#:}"

# Small, fixed memory reservations (a launched bot runs under a 1 GiB
# address-space limit and a task limit, referee/sandbox.h) and the quick
# C1 compiler only (a fast start matters more than peak speed here).
jvm_flags="-Xmx256m -Xss512k -XX:ReservedCodeCacheSize=64m
  -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -XX:+UseSerialGC
  -XX:ActiveProcessorCount=2 -XX:TieredStopAtLevel=1 -XX:-UsePerfData
  -Xlog:cds=off -Xlog:cds+dynamic=off -Dio.netty.machineId=02:00:00:00:00:01"

stale() {
  [ ! -f "$cache/bot.jar" ] || [ -n "$(find "$here"/*.java "$here/run.sh" "$proto" \
      -newer "$cache/bot.jar" \( -name '*.java' -o -name '*.sh' -o -name '*.proto' \) 2>/dev/null)" ]
}

build() {
  for tool in javac protoc grpc_java_plugin; do
    command -v "$tool" >/dev/null || {
      echo "bots/java: '$tool' is missing; install default-jdk-headless libgrpc-java libprotobuf-java protobuf-compiler-grpc-java-plugin libnetty-java libperfmark-java libgeronimo-annotation-1.3-spec-java protobuf-compiler (scripts/deps.sh)" >&2
      exit 1
    }
  done
  rm -rf "$cache/gen" "$cache/classes.tmp"
  mkdir -p "$cache/gen" "$cache/classes.tmp"
  # The bot's contract: bot.proto and every proto it imports, transitively
  # (package org.woodlandarena.v1).
  local protos=() queue=(woodland/v1/bot.proto) f i
  while [ ${#queue[@]} -gt 0 ]; do
    f="${queue[0]}"
    queue=("${queue[@]:1}")
    case " ${protos[*]:-} " in *" $f "*) continue ;; esac
    protos+=("$f")
    for i in $(sed -n 's/^import "\(woodland\/[^"]*\)";.*/\1/p' "$proto/$f"); do
      queue+=("$i")
    done
  done
  (cd "$proto" && protoc --proto_path=. --java_out="$cache/gen" \
    --plugin=protoc-gen-grpc-java="$(command -v grpc_java_plugin)" \
    --grpc-java_out="$cache/gen" "${protos[@]}")
  find "$cache/gen" -name '*.java' > "$cache/sources.txt"
  ls "$here"/*.java >> "$cache/sources.txt"
  javac -nowarn -encoding UTF-8 -cp "$cp" -d "$cache/classes.tmp" @"$cache/sources.txt"
  rm -rf "$cache/classes" "$cache/app.jsa"
  mv "$cache/classes.tmp" "$cache/classes"
  # A jar, not the directory: class-data sharing wants jars on the path.
  jar cf "$cache/bot.jar.tmp" -C "$cache/classes" .
  mv -f "$cache/bot.jar.tmp" "$cache/bot.jar"
  # Class-data sharing: record the classes a bot loads (one self-test call)
  # into an archive the JVM maps at start (about twice as fast a start).
  java $jvm_flags -XX:ArchiveClassesAtExit="$cache/app.jsa" \
    -cp "$cache/bot.jar:$cp" StarterBot --selftest || rm -f "$cache/app.jsa"
}

if stale; then
  # A sandboxed bot cannot write bots/java/: build in its private HOME then
  # (slow; run `bots/java/run.sh --build` once beforehand instead).
  if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
    cache="$HOME/.woodland-java"
    echo "bots/java: not built (or sources changed): building inside the sandbox," \
      "which may outlast the referee's startup timeout; run bots/java/run.sh --build first" >&2
  fi
  mkdir -p "$cache"
  exec 9>"$cache/.lock"  # one build at a time
  flock 9
  if stale; then build >&2; fi
  flock -u 9
fi
if [ "${1:-}" = "--build" ]; then exit 0; fi
archive=""
[ -f "$cache/app.jsa" ] && archive="-XX:SharedArchiveFile=$cache/app.jsa"
exec java $jvm_flags $archive -cp "$cache/bot.jar:$cp" StarterBot "$@"
