// Only for scripts/test.mjs, which builds with `node scripts/start.mjs --build-only`: `npm start` and
// `npm run build` are wireit's (package.json "wireit"). Delete this file once that script runs `npm run build`.
import { spawnSync } from 'node:child_process';

const script = process.argv.includes('--build-only') ? 'build' : 'start';
process.exitCode = spawnSync('npm', ['run', script], { stdio: 'inherit' }).status ?? 1;
