// Checks real answers of the API against its OpenAPI document (GET /v1/openapi.json): the server's
// contract tests and an e2e flow use it, so the document is shown to describe what the server sends.
import { Ajv } from 'ajv';

/** `/v1/apps/{appId}/users` as a pattern for request paths; literal segments rank before parameters. */
function templates(document) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}/?$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
}

/**
 * A checker of answers: `check(method, url, status, body)` gives the problems of one answer (empty
 * when it matches the schema the document gives for that operation and status; a status or an
 * operation the document does not list is a problem too).
 */
export function answerChecker(document) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const routes = templates(document);
  const compiled = new Map();
  return function check(method, url, status, body) {
    const path = new URL(url, 'http://host').pathname;
    const verb = method.toLowerCase();
    const route = routes.find((r) => r.pattern.test(path) && document.paths[r.template][verb]);
    if (!route) return [`${method} ${path}: no operation in the document`];
    const where = `${method} ${route.template} ${status}`;
    const answer = document.paths[route.template][verb].responses?.[String(status)];
    if (!answer) return [`${where}: status not documented`];
    const schema = answer.content?.['application/json']?.schema;
    if (!schema) return body === undefined ? [] : [`${where}: a body the document does not describe`];
    const key = `${verb} ${route.template} ${status}`;
    if (!compiled.has(key)) compiled.set(key, ajv.compile(schema));
    const validate = compiled.get(key);
    if (validate(body)) return [];
    return validate.errors.map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message}`);
  };
}
