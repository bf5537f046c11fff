import { describe, expect, it } from 'vitest';
import {
  danglingDocReferences,
  folderCycles,
  folderEdge,
  folderEdges,
  MAX_LINES,
  outsideCitations,
  oversizedFiles,
  relativeImports,
  stronglyConnected,
} from './source-layout.mjs';

describe('the sources’ layout', () => {
  it('has no import loop of any length between folders of src/ or server/src', () => {
    expect(folderCycles()).toEqual([]);
  });

  it(`has no hand-written source file over ${MAX_LINES} lines`, () => {
    expect(oversizedFiles()).toEqual([]);
  });

  it('mentions no docs/ path that does not exist', () => {
    expect(danglingDocReferences()).toEqual([]);
  });

  it('cites no specification or issue tracker outside the repository in its sources', () => {
    expect(outsideCitations()).toEqual([]);
  });
});

describe('the layout checks', () => {
  it('read relative imports, exports and dynamic imports, without extensions', () => {
    const text = `import { a } from './a.js';\nimport type { B } from '../b/b';\nexport * from './c';\nconst d = import('./d/index.js');\nimport x from 'typebox';`;
    expect(relativeImports('src/flow/f.ts', text)).toEqual([
      'src/flow/a',
      'src/b/b',
      'src/flow/c',
      'src/flow/d/index',
    ]);
  });

  it('count an import between sibling folders, not one into a parent or child folder', () => {
    expect(folderEdge('src/client/http.ts', 'src/flow/ports.ts')).toEqual(['src/client', 'src/flow']);
    expect(folderEdge('src/components/a/x.tsx', 'src/components/b/y')).toEqual([
      'src/components/a',
      'src/components/b',
    ]);
    expect(folderEdge('src/client/profile/x.ts', 'src/client/http')).toBeNull();
    expect(folderEdge('src/index.ts', 'src/client/index')).toBeNull();
  });

  it('find a pair of folders importing each other', () => {
    const files = { 'src/a/one.ts': "import './../b/two';", 'src/b/two.ts': "import { x } from '../a/one';" };
    expect(folderCycles(folderEdges(Object.keys(files), (path) => files[path]))).toEqual([
      'src/a -> src/b -> src/a (src/a/one.ts -> src/b/two; src/b/two.ts -> src/a/one)',
    ]);
  });

  it('find a loop through three folders, and none where the imports point one way', () => {
    const loop = {
      'server/src/dev/local.ts': "import { x } from '../security/loopback.js';",
      'server/src/security/limiter.ts': "import { ApiError } from '../http/api-error.js';",
      'server/src/http/site.ts': "import type { P } from '../dev/panel.js';",
    };
    expect(folderCycles(folderEdges(Object.keys(loop), (path) => loop[path]))).toEqual([
      'server/src/dev -> server/src/security -> server/src/http -> server/src/dev ' +
        '(server/src/dev/local.ts -> server/src/security/loopback; ' +
        'server/src/security/limiter.ts -> server/src/http/api-error; ' +
        'server/src/http/site.ts -> server/src/dev/panel)',
    ]);
    const oneWay = { ...loop, 'server/src/http/site.ts': "import { y } from './y.js';" };
    expect(folderCycles(folderEdges(Object.keys(oneWay), (path) => oneWay[path]))).toEqual([]);
  });

  it('group the nodes of a graph by the loops they share', () => {
    const graph = { a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] };
    const groups = stronglyConnected(Object.keys(graph), (node) => graph[node]).map((group) =>
      group.sort().join(''),
    );
    expect(groups.sort()).toEqual(['abc', 'de', 'f']);
  });

  it('find a long file, not a generated one', () => {
    expect(oversizedFiles(['src/a/long.ts'], () => 'x\n'.repeat(MAX_LINES + 1))).toEqual([
      { path: 'src/a/long.ts', lines: MAX_LINES + 1 },
    ]);
    expect(oversizedFiles(['src/components.d.ts'], () => 'x\n'.repeat(MAX_LINES + 1))).toEqual([]);
  });

  it('find a docs/ path that does not exist, not one that does or one of a URL', () => {
    const text = {
      'server/src/cli.ts': '// See docs/management-api.md and docs/server/management-api.md.',
      'README.md': 'Read [the API](https://example.com/docs/api.md) and [the guide](docs/).',
    };
    const exists = (path) => ['docs', 'docs/server/management-api.md'].includes(path);
    expect(danglingDocReferences(Object.keys(text), (path) => text[path], exists)).toEqual([
      'server/src/cli.ts: docs/management-api.md',
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
