import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's `PRAGMA quick_check` of a store file, run on a connection of its own in a worker thread
 * (docs/operations.md, "Store faults"): it reads every page, which on the main thread would hold
 * every request that long. Resolves to null when the store is
 * sound, else to SQLite's first findings (or the error that stopped the check), for the operator.
 */
export function quickCheck(path: string): Promise<string | null> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
  return new Promise((done) => {
    worker.once('message', (message: { findings: string | null }) => done(message.findings));
    worker.once('error', (error) => done(`the check could not run (${error.message})`));
    worker.once('exit', (code) => {
      if (code !== 0) done(`the check stopped with exit code ${code}`);
    });
  });
}

/** The worker: opens the file read-only, runs quick_check (up to 5 findings), closes it. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// The lowest CPU priority, for this thread only (Linux keeps a nice value per thread): the check
// must not slow the start's practice or the requests it runs beside (docs/operations.md).
try { require('node:os').setPriority(19); } catch {}
const Database = require(workerData.driver);
let findings = null;
let db;
try {
  db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  const rows = db.pragma('quick_check(5)', { simple: false }).map((row) => Object.values(row)[0]);
  if (!(rows.length === 1 && rows[0] === 'ok')) findings = rows.join('; ');
} catch (error) {
  findings = (error && error.code ? error.code + ': ' : '') + (error && error.message ? error.message : String(error));
} finally {
  try { if (db) db.close(); } catch {}
}
parentPort.postMessage({ findings });
`;
