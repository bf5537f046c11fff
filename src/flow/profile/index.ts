export * from './devices';
export * from './identifier-edit';
export * from './metadata-form';
export * from './profile-fields';
export * from './profile-state';
