import './errors';

export * from './contract';
export * from './define';
export * from './errors';
export * from './fields';
export * from './permissions';
export * from './types';
export * as schemas from './schemas';
