import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { SocialFlowsTable } from '../db/schema.js';
import { isoIn, isoNow } from '../security/clock.js';
import { sha256Hex } from '../security/random.js';

/** A flow may sit at the provider this long; a link URL must be opened in this time too. */
const FLOW_LIFETIME_MS = 10 * 60_000;
/** The code the browser brings back to `/social/token` works this long, once. */
const CODE_LIFETIME_MS = 5 * 60_000;

const secret = () => randomBytes(32).toString('base64url');

/** What the page asked for: where to come back, its PKCE challenge and its state. */
export interface ClientRequest {
  appId: string;
  type: string;
  redirectUri: string;
  codeChallenge: string;
  clientState: string | null;
}

/** A flow that left for the provider: what the callback needs to check and finish it. */
export type Flow = SocialFlowsTable;

/** A started flow: the state for the provider and the browser's binding value (the cookie). */
export interface StartedFlow {
  state: string;
  binding: string;
  flow: Flow;
}

/**
 * The state of social sign-ins between the page, the provider and `/social/token`, in the database so
 * any instance finishes what another started. Every secret is stored as its SHA-256 and taken out of
 * the table when used: a state, a link token and a code each work once.
 */
export class SocialFlows {
  constructor(private readonly db: Db) {}

  /** A sign-in flow that leaves for the provider now, bound to the browser that holds `binding`. */
  async start(request: ClientRequest): Promise<StartedFlow> {
    const state = secret();
    const binding = secret();
    const flow = this.row(request, state, {
      link_user_id: null,
      link_hash: null,
      binding_hash: sha256Hex(binding),
    });
    await this.db.insertInto('social_flows').values(flow).execute();
    return { state, binding, flow };
  }

  /** A link flow of `userId`, waiting for its URL to be opened; answers the single-use link token. */
  async startLink(request: ClientRequest, userId: string): Promise<string> {
    const token = secret();
    const flow = this.row(request, secret(), {
      link_user_id: userId,
      link_hash: sha256Hex(token),
      binding_hash: null,
    });
    await this.db.insertInto('social_flows').values(flow).execute();
    return token;
  }

  /**
   * Opens a link URL: the flow waiting under `token` gets a new state and this browser's binding, and
   * leaves for the provider. Undefined when the token is unknown, used or expired.
   */
  async openLink(appId: string, token: string): Promise<StartedFlow | undefined> {
    const state = secret();
    const binding = secret();
    const opened = await this.db
      .updateTable('social_flows')
      .set({ id: sha256Hex(state), link_hash: null, binding_hash: sha256Hex(binding) })
      .where('link_hash', '=', sha256Hex(token))
      .where('app_id', '=', appId)
      .where('expires_at', '>', isoNow())
      .returningAll()
      .executeTakeFirst();
    return opened ? { state, binding, flow: opened } : undefined;
  }

  /**
   * Takes the flow of `state` out of the store (single use), whatever the checks below decide. No flow
   * when the state is unknown, used or another app's; a `problem` when it expired or was started in
   * another browser than the one holding `binding` (its page may still hear why).
   */
  async consume(
    appId: string,
    state: string,
    binding: string | undefined,
  ): Promise<{ flow?: Flow; problem?: 'expired' | 'other_browser' }> {
    const flow = await this.db
      .deleteFrom('social_flows')
      .where('id', '=', sha256Hex(state))
      .where('link_hash', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!flow || flow.app_id !== appId) return {};
    if (flow.expires_at <= isoNow()) return { flow, problem: 'expired' };
    if (!binding || flow.binding_hash !== sha256Hex(binding)) return { flow, problem: 'other_browser' };
    return { flow };
  }

  /**
   * A one-time code for `/social/token`, bound to the flow's PKCE challenge. A link flow's code carries
   * the provider identity: it is linked only when the code comes back with the page's verifier.
   */
  async issueCode(
    flow: Flow,
    userId: string,
    link: { providerId: string; identifier: string } | null = null,
  ): Promise<string> {
    const code = secret();
    await this.db
      .insertInto('social_codes')
      .values({
        id: sha256Hex(code),
        app_id: flow.app_id,
        user_id: userId,
        type: flow.type,
        code_challenge: flow.code_challenge,
        expires_at: isoIn(CODE_LIFETIME_MS),
        link_provider_id: link?.providerId ?? null,
        link_identifier: link?.identifier ?? null,
      })
      .execute();
    return code;
  }

  /** Takes a code out of the store (single use); undefined when unknown, another app's or expired. */
  async consumeCode(appId: string, code: string) {
    const row = await this.db
      .deleteFrom('social_codes')
      .where('id', '=', sha256Hex(code))
      .returningAll()
      .executeTakeFirst();
    return row && row.app_id === appId && row.expires_at > isoNow() ? row : undefined;
  }

  private row(
    request: ClientRequest,
    state: string,
    link: Pick<Flow, 'link_user_id' | 'link_hash' | 'binding_hash'>,
  ): Flow {
    return {
      id: sha256Hex(state),
      app_id: request.appId,
      type: request.type,
      ...link,
      client_state: request.clientState,
      code_challenge: request.codeChallenge,
      redirect_uri: request.redirectUri,
      provider_verifier: secret(),
      nonce: secret(),
      expires_at: isoIn(FLOW_LIFETIME_MS),
    };
  }
}
