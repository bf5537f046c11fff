/** Where the generated API reference lives: `docs/server/api.md`. */
export declare const API_DOCS_FILE: string;

/** An OpenAPI 3.1 document as `GET /v1/openapi.json` serves it (only what the script reads is typed). */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags: { name: string; 'x-displayName'?: string }[];
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: { responses: Record<string, { description: string }> };
}

/**
 * The OpenAPI document of a server built in-process on an in-memory SQLite database with one app, the
 * admin API and the dev outbox on. Pass the server's own `buildServer` and `loadConfig`.
 */
export declare function openApiDocument(server: {
  buildServer: (config: never) => Promise<{
    http: { ready(): PromiseLike<unknown>; swagger(): unknown };
    close(): Promise<void>;
  }>;
  loadConfig: (env: Record<string, string>) => unknown;
}): Promise<OpenApiDocument>;

/** The Markdown of `docs/server/api.md` for a document, rendered by Scalar and formatted by Prettier. */
export declare function renderApiDocs(document: OpenApiDocument): Promise<string>;

/** GitHub's anchor for a heading. */
export declare function slug(heading: string): string;
