import { readFile } from 'node:fs/promises';
import type { AppSettings } from '../apps/app-settings.js';
import { appsFileVariables, readAppsFile } from '../apps/apps-file.js';
import { AppsRepository } from '../apps/apps-repository.js';
import type { ServerConfig } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { newId, sha256Hex } from '../security/random.js';
import { newApiKey } from '../apps/api-keys.js';
import { type ImportReport, importUsers, readImportFile } from './user-import.js';

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

/** One line per row, then the totals. */
export function formatReport(app: AppSettings, report: ImportReport): string {
  const width = Math.max(0, ...report.rows.map((row) => row.row.length));
  const rows = report.rows.map((row) =>
    [row.row.padEnd(width), row.outcome.padEnd(9), row.id || '-', row.reason].filter(Boolean).join('  '),
  );
  const totals = `${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped} skipped, ${report.failed} failed`;
  return [...rows, `Imported into app ${app.id}: ${totals}.`, ''].join('\n');
}

/** `open-passage-server import <file> [--app <id>]`: the database and apps file of `config`, as the server would open them. */
export async function runImport(
  config: ServerConfig,
  file: string,
  appId: string | null,
): Promise<{ text: string; report: ImportReport }> {
  const apps = await readAppsFile(config.appsFile, appsFileVariables(config));
  const app = chooseApp(apps, appId);
  const text = await readFile(file, 'utf8');
  const records = readImportFile(text, app);
  const { db } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    // Only a database the server never ran on gets the app: a running server's settings stay its own.
    await new AppsRepository(db).insertIfMissing(app);
    const report = await importUsers(db, app, records, newId);
    return { text: formatReport(app, report), report };
  } finally {
    await db.destroy();
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
