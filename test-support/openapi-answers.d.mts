/**
 * Checks one answer against the OpenAPI document (a JSON body unless `contentType` says otherwise; a text
 * body is passed as its string); the problems, or an empty list.
 */
export type AnswerCheck = (
  method: string,
  url: string,
  status: number,
  body: unknown,
  contentType?: string,
) => string[];
export declare function answerChecker(document: {
  paths: Record<string, unknown>;
  components?: Record<string, unknown>;
}): AnswerCheck;
