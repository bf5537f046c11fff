export { enFirst, type MessageKey, type Messages } from './en';
export { format, formatParts, type Params } from './format';
export { directionOf, LANGUAGES, type Language, pickLanguage, primarySubtag } from './languages';
export { addEnglish, createTranslator, english, loadTranslator, type Translator } from './translator';
