// The React 18 run loads React from test/react18/node_modules: React 18 cannot sit in the workspace
// next to React 19 (react-dom 18 wants react 18 as its peer), so it is installed here on first use.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const react18 = fileURLToPath(new URL('./react18/', import.meta.url));

export default function setup(): void {
  if (existsSync(`${react18}node_modules/react-dom/package.json`)) return;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--workspaces=false'], {
    cwd: react18,
    stdio: 'inherit',
  });
}
