// Preloaded into the shop by bench/orders.mjs (node -r): counts the statements every pg client sends, by
// their first words, and writes the counts to $FACET_QUERY_COUNT_FILE every second and at exit. Worker
// threads (the projector thread) load it too and write files of their own, `<file>.thread<id>`: one file for
// all would keep only the counts of whichever thread wrote last.
const { renameSync, writeFileSync } = require('fs');
const { threadId } = require('worker_threads');
const pg = require('pg');
const file = process.env.FACET_QUERY_COUNT_FILE && `${process.env.FACET_QUERY_COUNT_FILE}${threadId ? `.thread${threadId}` : ''}`;
const counts = {};
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  counts[key] = (counts[key] ?? 0) + 1;
  return original.call(this, config, ...rest);
};
// Written aside, then renamed over the file: the bench reading it meanwhile never sees it half-written.
const save = () => {
  if (!file) return;
  writeFileSync(`${file}.tmp`, JSON.stringify(counts));
  renameSync(`${file}.tmp`, file);
};
setInterval(save, 1000).unref();
process.on('exit', save);
