import { Client } from 'pg';
import { GENESIS_HASH, linkHash, eventDigest } from './log-chain';

const BATCH = 2000;

/**
 * Gives events written before migration 060 their chain hash, once: stream by stream in revision order,
 * each link computed from the previous event's stored hash. Idempotent and resumable (only missing hashes
 * are filled, through the one update the append-only trigger allows). migrate() runs it under its lock,
 * before any process of this version appends.
 */
export async function backfillLogChain(client: Client, log: (line: string) => void = () => undefined): Promise<number> {
  const missing = await client.query('SELECT 1 FROM public.es_events WHERE hash IS NULL LIMIT 1');
  if (missing.rowCount === 0) return 0;
  let filled = 0;
  let after: [string, string] = ['', '-1'];
  let head = { streamId: '', hash: GENESIS_HASH };
  for (;;) {
    const { rows } = await client.query<{
      global_position: string;
      stream_id: string;
      stream_revision: string;
      event_type: string;
      data: unknown;
      metadata: unknown;
      hash: string | null;
    }>(
      `SELECT global_position, stream_id, stream_revision, event_type, data, metadata, encode(hash, 'hex') AS hash
         FROM public.es_events WHERE (stream_id, stream_revision) > ($1, $2::bigint)
        ORDER BY stream_id, stream_revision LIMIT ${BATCH}`,
      after,
    );
    if (rows.length === 0) break;
    const positions: string[] = [];
    const hashes: Buffer[] = [];
    const heads = new Map<string, string>();
    for (const row of rows) {
      const previous = row.stream_id === head.streamId ? head.hash : GENESIS_HASH;
      let hash: string | null = row.hash;
      if (!hash) {
        hash = linkHash(previous, eventDigest({ streamId: row.stream_id, type: row.event_type, data: row.data, metadata: row.metadata }));
        positions.push(row.global_position);
        hashes.push(Buffer.from(hash, 'hex'));
      }
      head = { streamId: row.stream_id, hash };
      heads.set(row.stream_id, hash);
    }
    await client.query('BEGIN');
    await client.query(
      `UPDATE public.es_events e SET hash = u.hash FROM unnest($1::bigint[], $2::bytea[]) AS u(position, hash)
        WHERE e.global_position = u.position AND e.hash IS NULL`,
      [positions, hashes],
    );
    // The stream's head hash, for the next append to chain from (a later batch may move it on).
    await client.query(
      `UPDATE public.es_streams s SET append_hashes = ARRAY[h.hash] FROM unnest($1::text[], $2::bytea[]) AS h(stream_id, hash)
        WHERE s.stream_id = h.stream_id`,
      [[...heads.keys()], [...heads.values()].map((h) => Buffer.from(h, 'hex'))],
    );
    await client.query('COMMIT');
    filled += positions.length;
    const last = rows[rows.length - 1];
    after = [last.stream_id, last.stream_revision];
    log(`chained ${filled} events written before the log had hashes`);
  }
  return filled;
}
