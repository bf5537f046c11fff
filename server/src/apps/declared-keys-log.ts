import type { FastifyBaseLogger } from 'fastify';
import { describeKeyProblem } from './api-keys.js';
import type { AppKeysSync } from './apps-repository.js';

/**
 * Logs what a change of apps' settings did to their declared API keys: each key it revoked, and
 * loudly each declared key that does not work (revoked before, or another app's), which an operator
 * must remove from the setting.
 */
export function logKeySyncs(log: FastifyBaseLogger, syncs: AppKeysSync[], reason: string): void {
  for (const { appId, revoked, problems } of syncs) {
    for (const key of revoked) {
      log.info({ event: 'api_key.revoked', appId, keyId: key.id, reason: `no longer declared (${reason})` });
    }
    for (const problem of problems) {
      log.error(
        { event: 'api_key.declared_but_dead', appId, keyName: problem.name },
        describeKeyProblem(appId, problem),
      );
    }
  }
}
