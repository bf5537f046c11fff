export { type ProfileMessageKey, type ProfileMessages, profileEn } from './en';
export * from './profile-translator';
