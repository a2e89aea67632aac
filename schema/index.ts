export * from './entities';
export * from './requests';
export * from './enums';
export * from './workspace';
