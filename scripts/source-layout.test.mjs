import { describe, expect, it } from 'vitest';
import { folderEdge, MAX_LINES, mutualFolders, oversizedFiles, relativeImports } from './source-layout.mjs';

describe('the sources’ layout', () => {
  it('has no two folders of src/ or server/src that import each other', () => {
    expect(mutualFolders()).toEqual([]);
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

  it('find a pair of folders importing each other, and a long file', () => {
    const files = { 'src/a/one.ts': "import './../b/two';", 'src/b/two.ts': "import { x } from '../a/one';" };
    const read = (path) => files[path];
    expect(mutualFolders(Object.keys(files), read)).toHaveLength(1);
    expect(oversizedFiles(['src/a/long.ts'], () => 'x\n'.repeat(MAX_LINES + 1))).toEqual([
      { path: 'src/a/long.ts', lines: MAX_LINES + 1 },
    ]);
    expect(oversizedFiles(['src/components.d.ts'], () => 'x\n'.repeat(MAX_LINES + 1))).toEqual([]);
  });
});
