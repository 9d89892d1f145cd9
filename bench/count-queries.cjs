// Preloaded into the shop by bench/orders.mjs (node -r): counts the statements every pg client sends, by
// their first words, and writes the counts to $FACET_QUERY_COUNT_FILE every second and at exit.
const { writeFileSync } = require('fs');
const pg = require('pg');
const file = process.env.FACET_QUERY_COUNT_FILE;
const counts = {};
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  counts[key] = (counts[key] ?? 0) + 1;
  return original.call(this, config, ...rest);
};
const save = () => file && writeFileSync(file, JSON.stringify(counts));
setInterval(save, 1000).unref();
process.on('exit', save);
