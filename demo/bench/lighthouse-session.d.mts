/** Types of lighthouse-session.mjs (for its test). */

export interface Tokens {
  authToken: string;
  refreshToken: string;
}
export interface MailSink {
  url: string;
  messageTo(to: string): Promise<{ to: string[]; raw: string }>;
  stop(): Promise<void>;
}
export declare function startMailSink(): Promise<MailSink>;
export declare function signUp(serverUrl: string, appId: string, mail: MailSink): Promise<Tokens>;
export declare function storeTokens(port: number, siteUrl: string, tokens: Tokens | null): Promise<void>;
