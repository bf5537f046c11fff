export type { MessageKey } from './en';
export type { Params } from './format';
export { english, loadTranslator, type Translator } from './translator';
