import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { readFileSync } from 'node:fs';

type PassageNode = typeof import('@passageidentity/passage-node');

const require = createRequire(import.meta.url);

/**
 * passage-node 2.12.1 as published, with only its two hosts replaced by `baseUrl`: the management API
 * (`https://api.passage.id`) and the JWKS (`https://auth.passage.id`, which has no option). The
 * package's own file is compiled in its own folder, so it loads its own `jose` and `node-fetch`.
 */
export function passageNodeFor(baseUrl: string): PassageNode {
  const file = require.resolve('@passageidentity/passage-node');
  const source = readFileSync(file, 'utf8');
  const replaced = source
    .replaceAll('https://api.passage.id', baseUrl)
    .replaceAll('https://auth.passage.id', baseUrl);
  if (replaced === source) throw new Error('passage-node no longer names the hosts this test replaces');
  const loaded = new Module(file) as Module & {
    _compile(code: string, filename: string): void;
    paths: string[];
  };
  loaded.filename = file;
  loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    dirname(file),
  );
  loaded._compile(replaced, file);
  return loaded.exports as PassageNode;
}
