/** Checks one answer against the OpenAPI document; the problems, or an empty list. */
export type AnswerCheck = (method: string, url: string, status: number, body: unknown) => string[];
export declare function answerChecker(document: { paths: Record<string, unknown> }): AnswerCheck;
