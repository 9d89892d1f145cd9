// autocannon with a shopper of its own per request: every `[<id>]` in the body becomes an id no other
// request has, so each order goes to an address of its own, as real shoppers' do, and no confirmation is
// held back by the shop's cap on mail per recipient (MAIL_RECIPIENT_CAP). autocannon's own -I does the
// replacing, but 8.0.0 counts 27 bytes for each id in Content-Length while its ids are 24-26: the shop
// then waits for bytes that never come (mcollina/autocannon#539, fixed after 8.0.0). Here each request's
// body is rebuilt and its length counted by autocannon as sent.
// Usage: node bench/distinct-load.cjs '{"url":…,"connections":32,"duration":10,"method":"POST","headers":{…},"body":"…"}'
// Prints autocannon's result as JSON (what `autocannon -j` prints).
'use strict';
const { randomBytes } = require('crypto');
const autocannon = require('autocannon');

const opts = JSON.parse(process.argv[2]);
// Two of these may load one shop at once (the scale-out figure): ids differ by a prefix of their own.
const prefix = randomBytes(4).toString('hex');
let next = 0;
autocannon(
  {
    ...opts,
    requests: [{ setupRequest: (req) => ({ ...req, body: opts.body.replaceAll('[<id>]', `${prefix}${(next++).toString(36)}`) }) }],
  },
  (err, result) => {
    if (err) {
      console.error(err);
      process.exit(1);
    }
    console.log(JSON.stringify(result));
  },
);
