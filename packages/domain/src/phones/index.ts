export * from './argentine-phone.js';
