// A Woodland Arena bot in Node.js: your starting point.
//
// The referee calls four methods (proto/woodland/v1/bot.proto): Hello,
// StartMatch, Decide (answer the index of one of request.options) and
// EndMatch. The protos are loaded at run time; nothing is generated.
//
//   bots/node/run.sh --port 50062   (the referee passes --listen unix:PATH)
//   build/cli/woodland play --bot alliance=exec:bots/node/run.sh
//
// Concurrency: one bot process may serve several matches at once (a
// tournament or a referee running matches in parallel against one
// grpc://HOST:PORT bot). Node runs one handler at a time and Decide answers
// synchronously, so calls never interleave; a bot that awaits inside Decide
// must keep its state per (match_id, seat), not in globals.
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_DIR = path.join(__dirname, '..', '..', 'proto');
const definition = protoLoader.loadSync(path.join(PROTO_DIR, 'woodland/v1/bot.proto'), {
  includeDirs: [PROTO_DIR],
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,  // option.payload names the field that is set
});
const v1 = grpc.loadPackageDefinition(definition).woodland.v1;

function parseArgs(argv) {
  const args = {
    listen: process.env.WOODLAND_BOT_ADDRESS || '',  // e.g. unix:/path/bot.sock
    port: Number(process.env.WOODLAND_BOT_PORT || 0),
    seed: 1,
  };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--listen') args.listen = argv[i + 1];
    else if (argv[i] === '--port') args.port = Number(argv[i + 1]);
    else if (argv[i] === '--seed') args.seed = Number(argv[i + 1]);
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  return args;
}

// A small seeded generator (mulberry32), so games are repeatable.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const random = rng(args.seed);
  const server = new grpc.Server();
  server.addService(v1.Bot.service, {
    Hello: (call, callback) =>
      callback(null, { name: 'node-starter', version: '1.0', author: 'you', language: 'JavaScript' }),
    StartMatch: (call, callback) => callback(null, {}),
    // request.prompt: { kind, text, law }; request.options: [{ label, payload, <payload> }];
    // request.observation: your seat's view; request.events: what happened since.
    Decide: (call, callback) => {
      const options = call.request.options;
      // Show how to read options: take the first craft offered, else random.
      let index = options.findIndex((o) => call.request.prompt.kind === 'craft' && o.payload === 'card');
      if (index < 0) index = Math.floor(random() * options.length);
      callback(null, { option_index: index, note: '' });
    },
    EndMatch: (call, callback) => callback(null, {}),
  });
  const address = args.listen || `127.0.0.1:${args.port}`;
  server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) {
      console.error(`cannot listen: ${err.message}`);
      process.exit(1);
    }
    server.start && server.start();  // grpc-js >= 1.10 starts on bind
    console.error(`listening on ${args.listen || `127.0.0.1:${port}`}`);
  });
}

main();
