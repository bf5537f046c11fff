// Only for scripts/test-on-node.mjs, which runs this file: the contract's build is `npm run build:contract`
// (tsconfig.contract.json). Delete this file once that script runs `npm run build:contract` itself.
import { spawnSync } from 'node:child_process';

process.exitCode = spawnSync('npm', ['run', 'build:contract'], { stdio: 'inherit' }).status ?? 1;
