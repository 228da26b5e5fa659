import './zod-messages';
export * from './api';
export * from './auth';
export * from './catalog';
export * from './constants';
export * from './messages';
export * from './money';
export * from './roles';
export { describeIssue } from './zod-messages';
