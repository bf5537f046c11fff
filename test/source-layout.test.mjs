// What no linter checks about the sources: every `docs/…` path and every link to this repository on
// GitHub's main branch that the repository mentions exists, and no comment or test name cites a document
// or tracker outside it. The folder layering is dependency-cruiser's (.dependency-cruiser.cjs, run by
// `npm run lint`); a file's length is ESLint's (max-lines).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');

/** Tracked files (paths relative to the repository, with `/`). */
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
/** This test and the shipped-docs check, whose examples are what they look for. */
const SELF = /^test\/(source-layout|package-docs)\./;
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
/** Files that may mention a doc, less history (CHANGELOG.md names files as they were; the lock file names packages). */
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ya?ml|html|css|sh|env)$|(^|\/)run$/;
const HISTORY = /(^|\/)(CHANGELOG\.md|package-lock\.json)$/;

/** A repository path below docs/ (not `…/docs/…` of a URL or another folder). */
const DOCS_PATH = /(?<![\w./@-])docs\/[\w./-]*/g;
/** A link to a file or folder of this repository on GitHub's main branch: the path is the second group. */
const REPO_LINK = /https:\/\/github\.com\/open-passage\/open-passage\/(blob|tree)\/main\/([\w./-]+)/g;

/** `docs/…` paths and repository links the files mention that do not exist, each as `file: path`. */
function danglingDocReferences(files, readFile = read, exists = (path) => existsSync(join(root, path))) {
  return files.flatMap((file) =>
    [...readFile(file).matchAll(DOCS_PATH)]
      .map((match) => match[0])
      .concat([...readFile(file).matchAll(REPO_LINK)].map((match) => match[2]))
      .map((path) => path.replace(/[./]+$/, ''))
      .filter((path) => !exists(path))
      .map((path) => `${file}: ${path}`),
  );
}

/**
 * What a reader cannot follow from the repository: a specification that is not in it (`SPEC §5`), a
 * tracker's issue numbers (`issue 6`, a test named `#27 …`). Say what is meant, or cite `docs/…`.
 */
const OUTSIDE_CITATIONS = [/\bSPEC\b/, /\bissues? #?\d+/i, /\b(?:it|test|describe)\(\s*['"`]#\d+/];

/** Source lines citing what is not in the repository, each as `file:line: text`. */
function outsideCitations(files, readFile = read) {
  return files.flatMap((file) =>
    readFile(file)
      .split('\n')
      .flatMap((line, i) =>
        OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('the sources', () => {
  it('mention no docs/ path that does not exist', () => {
    const files = tracked.filter((path) => TEXT.test(path) && !HISTORY.test(path) && !SELF.test(path));
    expect(danglingDocReferences(files)).toEqual([]);
  });

  it('cite no specification or issue tracker outside the repository', () => {
    expect(outsideCitations(tracked.filter((path) => SOURCE.test(path) && !SELF.test(path)))).toEqual([]);
  });
});

describe('the layout checks', () => {
  /** A dependency-cruiser run starts a Node process of its own: 2 to 7 s on a busy 2-core machine. */
  const CRUISE_TIMEOUT = 30_000;

  /** dependency-cruiser's answer, with the repository's rules, for a tree of the given files. */
  function cruise(files) {
    const dir = mkdtempSync(join(tmpdir(), 'open-passage-layout-'));
    try {
      cpSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
      writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"module":"NodeNext"}}');
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const bin = join(root, 'node_modules/.bin/depcruise');
      const roots = ['src', 'server/src'].filter((path) => existsSync(join(dir, path)));
      const run = spawnSync(bin, [...roots, '--output-type', 'err'], { cwd: dir, encoding: 'utf8' });
      return { failed: run.status !== 0, output: run.stdout + run.stderr };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it(
    'fail on a loop through three folders (a type import counts), not where the imports point one way',
    () => {
      const loop = {
        'server/src/dev/local.ts': "import { x } from '../security/loopback.js';\nexport const y = x;\n",
        'server/src/security/loopback.ts': "import { E } from '../http/api-error.js';\nexport const x = E;\n",
        'server/src/http/api-error.ts':
          "import type { P } from '../dev/local.js';\nexport const E: P | 1 = 1;\n",
      };
      const found = cruise(loop);
      expect(found.failed).toBe(true);
      expect(found.output).toMatch(
        /no-folder-loop: server\/src\/dev → \s*server\/src\/security →\s*server\/src\/http/,
      );
      expect(cruise({ ...loop, 'server/src/http/api-error.ts': 'export const E = 1;\n' }).failed).toBe(false);
    },
    CRUISE_TIMEOUT,
  );

  it(
    'fail on an import up the layers of src/, through a subfolder too',
    () => {
      const found = cruise({
        'src/components/a/x.ts': "import { y } from '../../flow/y.js';\nexport const x = y;\n",
        'src/components/b/w.ts': 'export const w = 1;\n',
        'src/flow/y.ts': "import { w } from '../components/b/w.js';\nexport const y = w;\n",
      });
      expect(found.failed).toBe(true);
      expect(found.output).toContain('src-layers: src/flow/y.ts → src/components/b/w.ts');
    },
    CRUISE_TIMEOUT,
  );

  it('find a docs/ path or a link to the repository that does not exist, not one that does or elsewhere', () => {
    const repo = 'https://github.com/open-passage/open-passage';
    const text = {
      'server/src/cli.ts': '// See docs/management-api.md and docs/server/management-api.md.',
      'README.md': 'Read [the API](https://example.com/docs/api.md) and [the guide](docs/).',
      'server/README.md': `[elements](${repo}/tree/main/docs/elements) [gone](${repo}/tree/main/gone/)`,
    };
    const exists = (path) => ['docs', 'docs/server/management-api.md', 'docs/elements'].includes(path);
    expect(danglingDocReferences(Object.keys(text), (path) => text[path], exists)).toEqual([
      'server/src/cli.ts: docs/management-api.md',
      'server/README.md: gone',
    ]);
  });

  it('find a citation of a specification or an issue, not of an RFC section', () => {
    const text = [
      "describe('code input (SPEC §5)', () => {});",
      '// Budget of the demo (issues 6 and 19).',
      "it('#27 lists no connections', () => {});",
      '// Presenting a spent token again revokes the family (RFC 9700 §4.14).',
      "it('names user #3 in the report', () => {});",
    ].join('\n');
    expect(outsideCitations(['src/a.test.ts'], () => text)).toEqual([
      "src/a.test.ts:1: describe('code input (SPEC §5)', () => {});",
      'src/a.test.ts:2: // Budget of the demo (issues 6 and 19).',
      "src/a.test.ts:3: it('#27 lists no connections', () => {});",
    ]);
  });
});
