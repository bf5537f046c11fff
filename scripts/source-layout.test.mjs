import { describe, expect, it } from 'vitest';
import {
  folderCycles,
  folderEdge,
  folderEdges,
  MAX_LINES,
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
});
