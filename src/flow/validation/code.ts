/** One-time code rules (the code input). */
export const CODE_LENGTH = 6;

export type CodeInputType = 'numeric' | 'alphanumeric';

/** The internal reasons a code is treated as invalid before any call is made. */
const CODE_PROBLEMS = {
  undefined: 'Login code is undefined.',
  length: 'Login code is invalid length.',
  id: 'Login code id is undefined.',
} as const;

/** Undefined when the code may be sent; otherwise the internal reason. */
export function codeProblem(code: string | undefined, otpId: string | undefined): string | undefined {
  if (code === undefined || code === '') return CODE_PROBLEMS.undefined;
  if (code.length !== CODE_LENGTH) return CODE_PROBLEMS.length;
  if (!otpId) return CODE_PROBLEMS.id;
  return undefined;
}

const EDITING_KEYS = new Set([
  'Backspace',
  'Tab',
  'Enter',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Delete',
]);

/** Whether a key may be typed into a code box (paste is allowed through Ctrl/Cmd+V). */
export function isCodeKey(key: string, type: CodeInputType, withModifier = false): boolean {
  if (EDITING_KEYS.has(key)) return true;
  if (withModifier && key.toLowerCase() === 'v') return true;
  return type === 'numeric' ? /^\d$/.test(key) : /^\w$/.test(key);
}

/** Pasted text to spread over the boxes, truncated to the `remaining` boxes; undefined = ignore it. */
export function acceptPaste(text: string, type: CodeInputType, remaining: number): string | undefined {
  const pattern = type === 'numeric' ? /^\d+$/ : /^\w+$/;
  if (!pattern.test(text)) return undefined;
  return text.slice(0, Math.max(0, remaining));
}

/** How many characters a box takes: the first one takes a whole autofilled code. */
export const boxMaxLength = (index: number): number => (index === 0 ? CODE_LENGTH : 1);
