import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passageExport } from '../support/passage-export.js';
import { testDbKind } from '../support/test-database.js';
import { TEST_APP_ID } from '../support/test-server.js';

describe.skipIf(testDbKind !== 'sqlite')(
  'open-passage-server import (the built command, as a child process)',
  () => {
    const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'open-passage-import-'));
      await writeFile(
        join(dir, 'apps.json'),
        JSON.stringify({
          apps: [
            {
              id: TEST_APP_ID,
              name: 'Import',
              auth_origin: 'http://localhost:8080',
              user_metadata_schema: [
                { id: 'team', field_name: 'team', friendly_name: 'Team', type: 'string' },
              ],
            },
          ],
        }),
      );
      await writeFile(join(dir, 'users.json'), JSON.stringify(passageExport()));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    /** `open-passage-server <args>` in `dir`, with these Node options and settings. */
    const run = async (
      args = ['import', 'users.json'],
      node: string[] = [],
      env: Record<string, string> = {},
    ) => {
      expect(existsSync(main), 'server/dist is built (npm run build -w open-passage-server)').toBe(true);
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [...node, main, ...args], {
          cwd: dir,
          env: {
            ...process.env,
            APPS_FILE: 'apps.json',
            DATA_DIR: 'data',
            DATABASE_URL: '',
            LOG_LEVEL: 'silent',
            ...env,
          },
          maxBuffer: 64 * 1024 * 1024,
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };

    // Needs the built server: npm test builds it first; the Node 24 run (scripts/node24.mjs) builds nothing.
    it.skipIf(!existsSync(main))(
      'reports each row, exits 1 for the bad one, and changes nothing when run again',
      async () => {
        const first = await run();
        expect(first.code, first.stderr).toBe(1);
        expect(first.stdout).toMatch(/^user #1 +created +2Zt7LsyQyW4MZ1ZbDfHnh7Ps$/m);
        expect(first.stdout).toMatch(
          /^user #3 +failed +badRow000000000000000003 +email: identifier is not valid/m,
        );
        expect(first.stdout).toContain(
          `Imported into app ${TEST_APP_ID}: 3 created, 0 updated, 0 unchanged, 0 skipped, 1 failed.`,
        );
        const second = await run();
        expect(second.stdout).toContain('0 created, 0 updated, 3 unchanged, 0 skipped, 1 failed.');
      },
    );

    it.skipIf(!existsSync(main))(
      'names the file and the line it cannot read, and imports nothing of it',
      async () => {
        await writeFile(
          join(dir, 'open-quote.csv'),
          'email,team\nfirst@example.com,web\nlast@example.com,"web\n',
        );
        const quote = await run(['import', 'open-quote.csv'], [], { DATABASE_URL: 'sqlite:refused.db' });
        expect(quote).toMatchObject({
          code: 1,
          stdout: '',
          stderr: 'open-passage-server: open-quote.csv: line 3: a quoted field is not closed.\n',
        });
        await writeFile(
          join(dir, 'latin1.csv'),
          Buffer.concat([
            Buffer.from('email\nfirst@example.com\ncaf'),
            Buffer.from([0xe9]),
            Buffer.from('@example.com\n'),
          ]),
        );
        const latin1 = await run(['import', 'latin1.csv'], [], { DATABASE_URL: 'sqlite:refused.db' });
        expect(latin1.stderr).toBe(
          'open-passage-server: latin1.csv: line 3: the file is not UTF-8 text (save or export it as UTF-8).\n',
        );
        // Refused before the database is opened: not one row of either file was stored.
        expect(existsSync(join(dir, 'refused.db'))).toBe(false);
      },
    );

    // 130,000 rows: the old command stored them all, then died building its report ("Maximum call stack size
    // exceeded"), after holding the whole file and every row in memory (906 MB for 50 MB of CSV).
    it.skipIf(!existsSync(main))(
      'imports a large CSV in bounded memory and reports every row, then the totals',
      { timeout: 300_000 },
      async () => {
        const rows = 130_000;
        const lines = ['email,team'];
        for (let i = 0; i < rows; i++) lines.push(`many${i}@example.com,team${i % 7}`);
        lines[50_001] = 'not an email,web'; // line 50,002
        await writeFile(join(dir, 'many.csv'), `${lines.join('\n')}\n`);
        // A heap of 96 MB: well above what the import keeps (about 20 MB besides the code), far below the file's rows.
        const many = await run(['import', 'many.csv'], ['--max-old-space-size=96'], {
          DATABASE_URL: 'sqlite:many.db',
        });
        expect(many.stderr).toBe('');
        expect(many.code).toBe(1);
        const report = many.stdout.trimEnd().split('\n');
        expect(report).toHaveLength(rows + 1);
        expect(report[0]).toMatch(/^line 2 +created +[A-Za-z0-9]{24}$/);
        expect(report[50_000]).toMatch(/^line 50002 +failed +- +email: identifier is not valid/);
        expect(report.at(-1)).toBe(
          `Imported into app ${TEST_APP_ID}: ${rows - 1} created, 0 updated, 0 unchanged, 0 skipped, 1 failed.`,
        );
      },
    );
  },
);
