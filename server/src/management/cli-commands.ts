import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { AppSettings } from '../apps/app-settings.js';
import { appsFileVariables, readAppsFile } from '../apps/apps-file.js';
import { AppsRepository } from '../apps/apps-repository.js';
import type { ServerConfig } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { newId, sha256Hex } from '../security/random.js';
import { newApiKey } from '../apps/api-keys.js';
import { openImport } from '../user-import/import-file.js';
import { ImportFileError } from '../user-import/import-text.js';
import { type ImportTotals, importUsers, type RowReport } from '../user-import/user-import.js';

/** `import`: the app named, or the only one of the apps file. */
function chooseApp(apps: AppSettings[], wanted: string | null): AppSettings {
  if (wanted) {
    const found = apps.find((app) => app.id === wanted);
    if (!found) throw new Error(`the apps file has no app with id ${wanted}`);
    return found;
  }
  if (apps.length !== 1) throw new Error(`the apps file has ${apps.length} apps: name one with --app <id>`);
  return apps[0]!;
}

/** Row names are padded to this width (`line 1000000`), so that the outcomes line up until there. */
const ROW_NAME_WIDTH = 12;

/** One line for a row: its name, outcome, the user's id and the reason, if any. */
function formatRow(row: RowReport): string {
  const fields = [row.row.padEnd(ROW_NAME_WIDTH), row.outcome.padEnd(9), row.id || '-', row.reason];
  return `${fields.filter(Boolean).join('  ')}\n`;
}

function formatTotals(app: AppSettings, totals: ImportTotals): string {
  const counts = `${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.skipped} skipped, ${totals.failed} failed`;
  return `Imported into app ${app.id}: ${counts}.\n`;
}

/** Writes to `out`, waiting while its buffer is full (a slow pipe must not make the report pile up in memory). */
async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * `open-passage-server import <file> [--app <id>]`: the database and apps file of `config`, as the server
 * would open them. The file is read as it streams, twice: once to check it can be read whole (nothing is
 * imported from one that cannot), once to import it. Each row's line is written to `out` as its batch is
 * stored, then the totals; a file that cannot be read throws an Error naming it and the line.
 */
export async function runImport(
  config: ServerConfig,
  file: string,
  appId: string | null,
  out: NodeJS.WritableStream,
): Promise<ImportTotals> {
  const apps = await readAppsFile(config.appsFile, appsFileVariables(config));
  const app = chooseApp(apps, appId);
  try {
    const records = await openImport(() => createReadStream(file, { highWaterMark: 64 * 1024 }), app, 'file');
    const { db } = openDatabase(config.databaseUrl);
    try {
      await migrateToLatest(db);
      // Only a database the server never ran on gets the app: a running server's settings stay its own.
      await new AppsRepository(db).insertIfMissing(app);
      const totals = await importUsers(db, app, records, newId, (rows) =>
        write(out, rows.map(formatRow).join('')),
      );
      await write(out, formatTotals(app, totals));
      return totals;
    } finally {
      await db.destroy();
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw new Error(`${file}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** `open-passage-server api-key`: a new key, and the apps-file entry that declares it by its hash. */
export function apiKeyText(name: string): string {
  const key = newApiKey();
  return [
    `API key (shown this once; the server keeps only its hash): ${key}`,
    '',
    "Declare it in the app's entry of the apps file, then restart the server:",
    `  "api_keys": [${JSON.stringify({ name, sha256: sha256Hex(key) })}]`,
    '',
  ].join('\n');
}
