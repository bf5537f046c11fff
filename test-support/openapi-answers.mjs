// Ajv validates; all this adds is finding a request's operation and answer schema in the document.
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

/** An operation's answer for a status, its `$ref` to `components.responses` followed. */
function answerOf(document, operation, status) {
  const answer = operation.responses?.[String(status)];
  const ref = /^#\/components\/responses\/(.+)$/.exec(answer?.$ref ?? '')?.[1];
  return ref ? document.components?.responses?.[ref] : answer;
}

/**
 * A checker of answers: `check(method, url, status, body, contentType)` gives the problems of one answer
 * (empty when the document lists that status for that operation, with that content type, and the body
 * matches its schema; a JSON body by default). A status, a content type or an operation the document
 * does not list is a problem too. A text body is checked as a string.
 */
export function answerChecker(document) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const routes = templates(document);
  const compiled = new Map();
  return function check(method, url, status, body, contentType = 'application/json') {
    const path = new URL(url, 'http://host').pathname;
    const verb = method.toLowerCase();
    const route = routes.find((r) => r.pattern.test(path) && document.paths[r.template][verb]);
    if (!route) return [`${method} ${path}: no operation in the document`];
    const where = `${method} ${route.template} ${status}`;
    const answer = answerOf(document, document.paths[route.template][verb], status);
    if (!answer) return [`${where}: status not documented`];
    if (!answer.content) return body === undefined ? [] : [`${where}: a body the document does not describe`];
    const type = contentType.split(';')[0].trim().toLowerCase();
    const schema = answer.content[type]?.schema;
    if (!schema) return [`${where}: content type ${type} not documented`];
    const key = `${verb} ${route.template} ${status} ${type}`;
    // Beside the document's components, so that a `$ref` to `components.schemas` resolves.
    if (!compiled.has(key))
      compiled.set(key, ajv.compile({ components: document.components, allOf: [schema] }));
    const validate = compiled.get(key);
    if (validate(body)) return [];
    return validate.errors.map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message}`);
  };
}
