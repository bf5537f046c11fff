import { type FunctionalComponent, h } from '@stencil/core';
import type { Translator } from '../../i18n';
import {
  acceptPaste,
  boxMaxLength,
  CODE_LENGTH,
  type CodeInputType,
  isCodeKey,
} from '../../flow/validation/code';

const boxesOf = (box: HTMLInputElement) => Array.from(box.parentElement?.querySelectorAll('input') ?? []);
const allowed = (type: CodeInputType) => (type === 'numeric' ? /\D/g : /\W/g);

/** Writes `text` into the boxes from `start`, one character each, and focuses the next empty box. */
function spread(boxes: HTMLInputElement[], start: number, text: string): void {
  [...text].forEach((char, i) => {
    const box = boxes[start + i];
    if (box) box.value = char;
  });
  const next =
    boxes.find((box) => box.value === '') ?? boxes[Math.min(start + text.length, boxes.length - 1)];
  next?.focus();
}

function completeCode(boxes: HTMLInputElement[]): string | undefined {
  const code = boxes.map((box) => box.value).join('');
  return code.length === CODE_LENGTH ? code : undefined;
}

interface CodeInputProps {
  /** A new attempt (resend) recreates the boxes, so they start empty. */
  attempt: number;
  t: Translator;
  type?: CodeInputType;
  invalid: boolean;
  describedBy: string;
  /** Checking a code: the boxes stay focusable but cannot change. */
  readonly?: boolean;
  /** Six characters are in: submit automatically. */
  onComplete: (code: string) => void;
}

/**
 * Six one-character boxes (40px square). The first takes the whole code for `one-time-code`
 * autofill; typing moves forward, Backspace on an empty box moves back; a paste of digits (or word
 * characters for alphanumeric codes) fills the remaining boxes, any other paste is ignored.
 */
export const CodeInput: FunctionalComponent<CodeInputProps> = ({
  attempt,
  t,
  type = 'numeric',
  invalid,
  describedBy,
  readonly,
  onComplete,
}) => {
  const onKeyDown = (event: KeyboardEvent) => {
    const box = event.target as HTMLInputElement;
    if (!isCodeKey(event.key, type, event.ctrlKey || event.metaKey)) return event.preventDefault();
    const boxes = boxesOf(box);
    const index = boxes.indexOf(box);
    if (event.key === 'Backspace' && box.value === '' && index > 0) {
      event.preventDefault();
      const previous = boxes[index - 1] as HTMLInputElement;
      previous.value = '';
      previous.focus();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      boxes[index + (event.key === 'ArrowLeft' ? -1 : 1)]?.focus();
    }
  };
  const onInput = (event: Event) => {
    const box = event.target as HTMLInputElement;
    const boxes = boxesOf(box);
    const index = boxes.indexOf(box);
    const text = box.value.replace(allowed(type), '');
    box.value = '';
    if (text.length > 1 && index === 0) spread(boxes, 0, text.slice(0, CODE_LENGTH));
    else if (text) spread(boxes, index, text.slice(-1));
    const code = completeCode(boxes);
    if (code) onComplete(code);
  };
  const onPaste = (event: ClipboardEvent) => {
    event.preventDefault();
    const box = event.target as HTMLInputElement;
    const boxes = boxesOf(box);
    const index = boxes.indexOf(box);
    const text = acceptPaste(event.clipboardData?.getData('text') ?? '', type, CODE_LENGTH - index);
    if (text === undefined) return;
    spread(boxes, index, text);
    const code = completeCode(boxes);
    if (code) onComplete(code);
  };
  return (
    <fieldset class="otp" part="otp" key={`code-${attempt}`}>
      <legend class="visually-hidden">{t.t('enter-code')}</legend>
      {Array.from({ length: CODE_LENGTH }, (_, i) => (
        <input
          class="input otp-box"
          part="input otp-input"
          name={`code-${i}`}
          type="text"
          inputMode={type === 'numeric' ? 'numeric' : 'text'}
          pattern={type === 'numeric' ? '[0-9]*' : undefined}
          autocomplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={boxMaxLength(i)}
          aria-label={t.t('code-digit', { index: i + 1, count: CODE_LENGTH })}
          aria-invalid={invalid ? 'true' : 'false'}
          // On each box, not the group: a screen reader reads a field's description when it gets focus.
          aria-describedby={describedBy}
          readOnly={readonly}
          data-autofocus={i === 0 ? '' : undefined}
          onKeyDown={onKeyDown}
          onInput={onInput}
          onPaste={onPaste}
        />
      ))}
    </fieldset>
  );
};

/** The code currently in a form's boxes. */
export function readCode(form: HTMLFormElement): string {
  return Array.from(form.querySelectorAll<HTMLInputElement>('.otp input'))
    .map((box) => box.value)
    .join('');
}
